//! Refusing a position no game played by the rules could reach.

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::engine::Engine;
use crate::state::{code_piece, State};

use super::defaults::gainable;
use super::{illegal, side_token, Res};

/// Refuses a position no game played by the rules could reach (see
/// [`Legality::Checked`]).
pub(super) fn check_legal<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    text: &str,
    board_span: (usize, usize),
    at_of: &[(usize, usize)],
) -> Res<()> {
    let player_name = |p: u8| e.model.players[p as usize].name.as_str();
    let kind_name = |k: u8| e.model.pieces[k as usize].name.as_str();
    let on_start_board = (0..e.squares() as Sq).all(|q| st.at(q) == e.start.at(q));
    for p in 0..e.players() {
        for k in 0..e.model.pieces.len() as u8 {
            let have = st.pieces(k, p);
            let n = have.count();
            let start = u32::from(e.start_count[p as usize][k as usize]);
            let royal = e.royal & (1 << k) != 0;
            if royal && n > start && !gainable(e, k) {
                let last = have.iter().last().unwrap_or(0);
                return Err(illegal(
                    text,
                    at_of[last as usize],
                    format!(
                        "{} has {n} of royal kind {}; the game starts with {start}, and no piece becomes one",
                        player_name(p),
                        kind_name(k)
                    ),
                    format!("{} {} too many", n - start, kind_name(k)),
                    &format!(
                        "give {} at most {start} of kind {}",
                        player_name(p),
                        kind_name(k)
                    ),
                ));
            }
            // Where no move may leave a royal piece attacked, none is ever
            // taken: a royal kind that does not promote stays as it started.
            if royal && e.check_rule.is_some() && n < start && e.promos[k as usize].is_none() {
                return Err(illegal(
                    text,
                    board_span,
                    format!(
                        "{} has {n} of royal kind {}, the game starts with {start}",
                        player_name(p),
                        kind_name(k)
                    ),
                    format!("{n} {}", kind_name(k)),
                    &format!(
                        "in this game no move may leave a royal piece attacked, so none is ever \
                         taken: give {} {start} of kind {}",
                        player_name(p),
                        kind_name(k)
                    ),
                ));
            }
        }
    }
    // The player who moved last did not leave a royal piece attacked.
    if e.check_rule.is_some() && !on_start_board && e.in_check(st, st.mover) {
        let by = e.next_player(st.mover);
        let occ = st.occupied();
        let king = e
            .royals(st, st.mover)
            .iter()
            .find(|&k| e.attacked(st, k, by, occ))
            .unwrap_or(0);
        let whose = if st.mover == st.side {
            format!(
                "{} is to move again, having moved last",
                player_name(st.mover)
            )
        } else {
            format!("{} moved last", player_name(st.mover))
        };
        return Err(illegal(
            text,
            at_of[king as usize],
            format!(
                "{whose}, and its {} on {} is attacked: no move may leave a royal piece attacked",
                kind_name(code_piece(st.at(king))),
                e.board().name(king)
            ),
            "attacked",
            &format!(
                "check the player to move (`{}`), or the board",
                side_token(e, st.side)
            ),
        ));
    }
    Ok(())
}
