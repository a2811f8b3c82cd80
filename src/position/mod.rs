//! Position strings, FEN-like:
//!
//! ```text
//! rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
//! ```
//!
//! Fields: the board from the last rank down, ranks separated by `/`, a
//! number for a run of empty squares, a piece's letter in capitals for the
//! first player and in small letters for the second; the player to move (the
//! first letter of their name, or their number; in a game of two players
//! also `w` and `b`, as FEN writes them); the castling rights (`KQkq` as FEN
//! writes them, for games with `(castle ...)`; else `-`); the square an
//! en-passant capture may land on (for games with `(enPassant)`; else `-`);
//! the first `(pliesSince ...)` counter (FEN's half-move clock); the move
//! number. State beyond FEN follows as `name=value` fields, each written
//! only where it differs from what the board implies. A plain FEN as
//! Fairy-Stockfish writes it reads as long as the game's pieces use the same
//! letters. Every field after the board may be left out.
//!
//! Every number is read exactly, and a position no game played by the rules
//! could reach is refused unless it is read with [`Legality::Unchecked`]. The
//! whole grammar and the rules are in the language reference
//! (`docs/language.md`, "Position strings").

mod defaults;
mod extension;
mod legal;
mod read;
mod write;

use read::parse_state;
pub use write::to_text;

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};

use crate::bits::Bits;
use crate::engine::Engine;
use crate::game::{Game, Position};

/// The most plies a position may say were played: room is left for as many
/// more before the count could overflow.
pub const MAX_PLY: u32 = (1 << 31) - 1;

/// Whether reading a position checks that the rules could reach it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Legality {
    /// Refuse a position no game played by the rules could reach (the
    /// player who moved last left in check, a royal piece missing, more
    /// royal pieces of a kind than any game could have): the default.
    #[default]
    Checked,
    /// Read any position the fields describe (for authors who want one the
    /// rules never reach).
    Unchecked,
}

/// What is wrong with a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionProblem {
    /// It cannot be read: a field is malformed, a number out of range.
    Unreadable,
    /// It reads, but no game played by the rules could reach it.
    Illegal,
}

impl PositionProblem {
    fn code(self) -> &'static str {
        match self {
            PositionProblem::Unreadable => "lud::position::invalid",
            PositionProblem::Illegal => "lud::position::illegal",
        }
    }
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PositionProblem::Unreadable => "bad position",
            PositionProblem::Illegal => "illegal position",
        })
    }
}

/// A position string that cannot be read, or describes a position the rules
/// never reach. Rendered:
///
/// ```text
/// lud::position::invalid
///
///   × bad position: rank 8 has a run of 4294967304 empty squares, the board is 8 wide
///    ╭─[position:1:1]
///  1 │ 4294967304/8/8/8/8/8/8/8 w
///    · ─────┬────
///    ·      ╰── 4294967304 squares
///    ╰────
///   help: make each rank add up to 8 squares
/// ```
#[derive(Debug, Clone, thiserror::Error)]
#[error("{problem}: {message}")]
pub struct PositionError {
    /// Unreadable or illegal.
    pub problem: PositionProblem,
    /// What is wrong.
    pub message: String,
    /// The position string.
    pub src: NamedSource<String>,
    /// Where in it.
    pub span: SourceSpan,
    /// What the label says.
    pub label: String,
    /// What to do.
    pub help: Option<String>,
}

impl Diagnostic for PositionError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
            self.span,
        ))))
    }
}

type Res<T> = Result<T, Box<PositionError>>;

fn err(
    text: &str,
    at: (usize, usize),
    message: impl Into<String>,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Box<PositionError> {
    Box::new(PositionError {
        problem: PositionProblem::Unreadable,
        message: message.into(),
        src: NamedSource::new("position", text.to_string()),
        span: SourceSpan::new(at.0.into(), at.1.saturating_sub(at.0)),
        label: label.into(),
        help: Some(help.into()),
    })
}

fn illegal(
    text: &str,
    at: (usize, usize),
    message: impl Into<String>,
    label: impl Into<String>,
    help: &str,
) -> Box<PositionError> {
    let mut e = err(
        text,
        at,
        message,
        label,
        format!("{help}; to read it all the same, allow illegal positions (`--allow-illegal`)"),
    );
    e.problem = PositionProblem::Illegal;
    e
}

/// Why a whole number could not be read.
enum NumError {
    /// Not digits.
    NotANumber,
    /// More than the field holds.
    TooLarge,
}

/// A whole number in decimal digits (nothing else: no sign, no spaces),
/// read exactly.
fn number<T: TryFrom<u128>>(tok: &str) -> Result<T, NumError> {
    if tok.is_empty() || !tok.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumError::NotANumber);
    }
    let mut n: u128 = 0;
    for b in tok.bytes() {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u128::from(b - b'0')))
            .ok_or(NumError::TooLarge)?;
    }
    T::try_from(n).map_err(|_| NumError::TooLarge)
}

/// The players' initials in lower case, if they are letters and differ.
fn initials<B: Bits>(e: &Engine<B>) -> Option<Vec<char>> {
    let initials: Vec<char> = e
        .model
        .players
        .iter()
        .map(|pl| pl.name.chars().next().unwrap_or('?').to_ascii_lowercase())
        .collect();
    let unique = initials
        .iter()
        .enumerate()
        .all(|(i, c)| !initials[..i].contains(c));
    (unique && initials.iter().all(char::is_ascii_alphabetic)).then_some(initials)
}

/// The player-to-move token of player `p`.
fn side_token<B: Bits>(e: &Engine<B>, p: u8) -> String {
    match initials(e) {
        Some(i) => i[p as usize].to_string(),
        None => (p + 1).to_string(),
    }
}

/// The player a token names: its number (`1`, `2`, ...), its initial in
/// either case (where the initials differ), or, in a game of two players,
/// `w` or `b` for the first or the second, as FEN writes them, where no
/// player's name begins with that letter.
fn player_of<B: Bits>(e: &Engine<B>, tok: &str) -> Option<u8> {
    if let Some(p) = (0..e.players()).find(|&p| (p + 1).to_string() == tok) {
        return Some(p);
    }
    let mut chars = tok.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let c = c.to_ascii_lowercase();
    if let Some(i) = initials(e) {
        if let Some(p) = i.iter().position(|&x| x == c) {
            return Some(p as u8);
        }
    }
    let taken = e
        .model
        .players
        .iter()
        .any(|pl| pl.name.chars().next().map(|f| f.to_ascii_lowercase()) == Some(c));
    match (e.players(), c) {
        (2, 'w') if !taken => Some(0),
        (2, 'b') if !taken => Some(1),
        _ => None,
    }
}

/// The tokens that name the players, for hints.
fn player_tokens<B: Bits>(e: &Engine<B>) -> String {
    let mut names: Vec<String> = (0..e.players()).map(|p| side_token(e, p)).collect();
    if e.players() == 2 {
        for (c, p) in [('w', 0), ('b', 1)] {
            let s = c.to_string();
            if !names.contains(&s) && player_of(e, &s) == Some(p) {
                names.push(format!("{c} (the {})", ["first", "second"][p as usize]));
            }
        }
    }
    names.join(", ")
}

/// Reads a position string for a game, checked (see [`Legality`]).
pub fn parse(game: &Game, text: &str) -> Result<Position, Box<PositionError>> {
    parse_with(game, text, Legality::Checked)
}

/// Reads a position string for a game, checked or not.
pub fn parse_with(
    game: &Game,
    text: &str,
    legality: Legality,
) -> Result<Position, Box<PositionError>> {
    crate::game::on_game!(&game.0, |e| {
        let s = parse_state(e, text, legality)?;
        Ok(Position(crate::game::Tier::position(
            Arc::clone(e),
            s,
            crate::state::Line::default(),
        )))
    })
}

impl Game {
    /// Reads a position string (see [`crate::position`]), refusing a
    /// position the rules could not reach.
    pub fn position(&self, text: &str) -> Result<Position, Box<PositionError>> {
        parse_with(self, text, Legality::Checked)
    }

    /// Reads a position string, checking that the rules could reach it or
    /// not (the command line's `--allow-illegal` reads it
    /// [`Legality::Unchecked`]).
    pub fn position_with(
        &self,
        text: &str,
        legality: Legality,
    ) -> Result<Position, Box<PositionError>> {
        parse_with(self, text, legality)
    }
}

#[cfg(test)]
mod tests {
    use super::write::{castling_rights, reads_took};
    use super::*;
    use crate::compile::options::Config;
    use crate::state::{State, EMPTY};

    /// Every game file under `games/`, under every configuration `lud
    /// check` compiles (each ruleset, each value of each option).
    fn every_shipped_config() -> Vec<(String, Game)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|f| f.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "lud"))
            .collect();
        files.sort();
        let mut out = Vec::new();
        for path in files {
            let src = crate::compile::read_source(&path).unwrap();
            let g = crate::build::compile_with(&src, &Config::default()).unwrap();
            for config in g.model().options.all_configs() {
                let name = format!("{} {config:?}", path.display());
                let g = crate::build::compile_with(&src, &config).unwrap();
                out.push((name, g));
            }
        }
        out
    }

    /// The state a position string gives equals the state it was written
    /// from, in everything the rules read: the board, what each piece and
    /// player remembers, turn, phase, counters, key.
    fn same_state<B: Bits>(e: &Engine<B>, a: &State<B>, b: &State<B>, text: &str) {
        let n = e.squares() as crate::compile::board::Sq;
        for q in 0..n {
            assert_eq!(a.at(q), b.at(q), "{text}: square {q}");
            if e.uses_origin && a.at(q) != EMPTY {
                assert_eq!(a.origin_of(q), b.origin_of(q), "{text}: origin of {q}");
            }
        }
        assert_eq!(a.by_player, b.by_player, "{text}");
        assert_eq!(a.by_piece, b.by_piece, "{text}");
        if e.uses_unmoved {
            assert_eq!(
                a.unmoved & a.occupied(),
                b.unmoved & b.occupied(),
                "{text}: unmoved"
            );
        }
        // The castling rights are the position's; whether a piece that can no
        // longer castle has moved is not, though the engine's key reads it.
        assert_eq!(
            castling_rights(e, a),
            castling_rights(e, b),
            "{text}: castling"
        );
        let occ = a.occupied();
        for f in 0..e.model.flags.len() {
            assert_eq!(a.flags[f] & occ, b.flags[f] & occ, "{text}: flags");
        }
        assert_eq!(a.facts, b.facts, "{text}: facts");
        assert_eq!(
            (a.side, a.mover, a.phase, a.phase_left, a.ply),
            (b.side, b.mover, b.phase, b.phase_left, b.ply),
            "{text}: side, mover, phase, moves left, ply"
        );
        assert_eq!(
            a.counters[..e.counters.len()],
            b.counters[..e.counters.len()],
            "{text}"
        );
        assert_eq!((a.passed, a.passer), (b.passed, b.passer), "{text}");
        assert_eq!(a.hash, b.hash, "{text}: key");
        if reads_took(e) {
            assert_eq!(a.took, b.took, "{text}: took");
        }
    }

    fn round_trip(g: &Game, seeds: u64, plies: usize) {
        for seed in 0..seeds {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut pos = g.start();
            for _ in 0..plies {
                // A position string does not say that a turn is half
                // played (a known gap): such states are not compared.
                if pos.mid_turn() {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[rng.usize(..moves.len())]).unwrap();
                    continue;
                }
                let text = pos.to_string();
                let back = g
                    .position(&text)
                    .unwrap_or_else(|e| panic!("{}: {text}: {}", g.name(), e.message));
                crate::game::on_pos!(&pos.0, |e, a, _h| {
                    let b = crate::game::Tier::state_of(&back.0).expect("the square sets differ");
                    same_state(e, a, b, &text);
                    let (mut ma, mut mb) = (Vec::new(), Vec::new());
                    e.legal_moves(a, &[], &mut ma);
                    e.legal_moves(b, &[], &mut mb);
                    assert_eq!(ma, mb, "{text}");
                    assert_eq!(e.ending(a, &[], None), e.ending(b, &[], None), "{text}");
                });
                assert_eq!(back.to_string(), text);
                // The same through the public interface. What a position
                // string describes has no earlier positions.
                let fresh = pos.without_history();
                assert_eq!(back.legal_moves(), fresh.legal_moves(), "{text}");
                assert_eq!(back.outcome(), fresh.outcome(), "{text}");
                assert_eq!(back.side_to_move(), pos.side_to_move(), "{text}");
                assert_eq!(back.last_mover(), pos.last_mover(), "{text}");
                assert_eq!(back.ply(), pos.ply(), "{text}");
                assert_eq!(back.phase_moves_left(), pos.phase_moves_left(), "{text}");
                for i in 0..4 {
                    assert_eq!(back.counter(i), pos.counter(i), "{text}");
                }
                for q in 0..g.model().board.len() {
                    assert_eq!(back.piece_at(q), pos.piece_at(q), "{text}");
                    assert_eq!(back.origin(q), pos.origin(q), "{text}: origin of {q}");
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.usize(..moves.len())]).unwrap();
            }
        }
    }

    #[test]
    fn every_state_of_seeded_games_of_every_shipped_game_round_trips() {
        let configs = every_shipped_config();
        assert!(configs.len() > 10, "the games were found");
        for (i, (name, g)) in configs.iter().enumerate() {
            eprintln!("{name}");
            // The defaults of each file at length, the other configurations briefly.
            let first = i == 0 || configs[i - 1].0.split(' ').next() != name.split(' ').next();
            round_trip(g, if first { 12 } else { 3 }, 200);
        }
    }
}
