//! Nine Men's Morris against an independent reference:
//! `tests/support/morris_ref.rs`, a plain move generator on its own 24
//! points and 16 lines, written from the rules in `games/morris.lud`'s
//! comments and info. A level is a whole turn (a man put down or moved, and
//! the removal if it closed a mill), as `lud perft` counts: `lud`'s turns are
//! gathered part by part ([`lud_turns`]). Positions from seeded random games
//! are compared (every turn list and result while the game is followed, and
//! perft 2 at sampled positions, as played and read back from `lud`'s own
//! position string by both sides); perft from the start is recounted by the
//! reference, and so is every row of `tests/perft/morris.perft`.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/morris_ref.rs"]
mod morris_ref;
#[path = "support/perft_file.rs"]
mod perft_file;
#[path = "support/ref_core.rs"]
mod ref_core;

use lud::notation::move_text;
use lud::position::to_text;
use lud::{Game, Move, Position};
use morris_ref::RefGame;
use ref_core::{Result, Rules};

fn game() -> Game {
    common::game("games/morris.lud")
}

/// `lud`'s whole turns from `p`, as the reference writes them (`@d1`,
/// `a1d1`, `@d1 xa4`), sorted, each with the position after it; and the
/// result.
fn lud_turns(p: &Position) -> (Vec<(String, Position)>, Option<Result>) {
    assert!(!p.mid_turn(), "a turn starts here");
    let mut v = Vec::new();
    for m in p.legal_moves() {
        let first = move_text(p, m);
        let mut q = p.clone();
        q.play_unchecked(m);
        if q.mid_turn() {
            let rest: Vec<Move> = q.legal_moves();
            assert!(!rest.is_empty(), "{first} leaves a turn with no way on");
            for r in rest {
                let mut q2 = q.clone();
                let second = move_text(&q, r);
                q2.play_unchecked(r);
                assert!(!q2.mid_turn(), "a turn has two parts at most");
                v.push((format!("{first} {second}"), q2));
            }
        } else {
            v.push((first, q));
        }
    }
    v.sort_by(|a, b| a.0.cmp(&b.0));
    (v, differential::verdict_of(p.outcome()))
}

/// Compares the turns of depth 1 and 2 and the results; perft 2 if they
/// agree.
fn compare(p: &Position, r: &RefGame) -> std::result::Result<u64, String> {
    let (ours, ov) = lud_turns(p);
    let (theirs, tv) = r.moves_and_result();
    let names: Vec<String> = ours.iter().map(|(t, _)| t.clone()).collect();
    if ov != tv || names != theirs {
        return Err(format!(
            "lud {ov:?} {names:?}\n  the reference {tv:?} {theirs:?}"
        ));
    }
    let mut leaves = 0;
    for (text, q) in &ours {
        let mut r2 = r.clone();
        assert!(r2.play(text));
        let (o2, v2) = lud_turns(q);
        let n2: Vec<String> = o2.iter().map(|(t, _)| t.clone()).collect();
        let (t2, w2) = r2.moves_and_result();
        if v2 != w2 || n2 != t2 {
            return Err(format!(
                "after {text} ({}): lud {v2:?} {n2:?}\n  the reference {w2:?} {t2:?}",
                to_text(q)
            ));
        }
        leaves += n2.len() as u64;
    }
    let lud_perft = lud::perft::perft(p, 2);
    let ref_perft = r.perft(2);
    if lud_perft != leaves || ref_perft != leaves {
        return Err(format!(
            "perft 2: lud {lud_perft}, the reference {ref_perft}, the turn lists {leaves}"
        ));
    }
    Ok(leaves)
}

/// Seeded random games: uniform, or taking a mill's removal when there is
/// one (to reach flying and the ends). Every turn's list and result are
/// compared while the game is followed; positions are sampled for perft 2,
/// as played and as read back from lud's position string (by lud, and by
/// the reference from the string itself).
#[allow(clippy::too_many_lines)]
fn random_games(want: usize) {
    let g = game();
    let mut compared = 0;
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut problems = Vec::new();
    let mut seed = 0u64;
    while compared < want && problems.is_empty() && seed < 20 * want as u64 {
        let mut rng = fastrand::Rng::with_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let greedy = !seed.is_multiple_of(3);
        let mut ours = g.start();
        let mut theirs = RefGame::new();
        let mut line = Vec::new();
        let mut taken = 0;
        for ply in 0..300 {
            let (turns, verdict) = lud_turns(&ours);
            let (ref_turns, ref_verdict) = theirs.moves_and_result();
            let names: Vec<String> = turns.iter().map(|(t, _)| t.clone()).collect();
            if names != ref_turns || verdict != ref_verdict {
                problems.push(format!(
                    "seed {seed}, ply {ply}, {}\n  {}\n  lud {verdict:?} {names:?}\n  the reference {ref_verdict:?} {ref_turns:?}",
                    to_text(&ours),
                    line.join(", ")
                ));
                break;
            }
            if let Some(v) = verdict {
                *seen.entry(format!("ending {}", v.kind())).or_default() += 1;
                break;
            }
            let removal = names.iter().any(|t| t.contains(' '));
            let text = to_text(&ours);
            let mut features = Vec::new();
            if removal {
                features.push("removal at hand");
            }
            if ours.in_hand(0, 0) == 0 && ours.in_hand(1, 0) == 0 {
                features.push("moving");
            }
            let side = ours.side_to_move();
            let men = (0..49)
                .filter(|&q| ours.piece_at(q).is_some_and(|(_, o)| o == side))
                .count();
            if ours.in_hand(side, 0) == 0 && men == 3 {
                features.push("flying");
            }
            let sample =
                taken < 12 && ((!features.is_empty() && rng.u8(..3) == 0) || rng.u8(..100) < 8);
            if sample {
                taken += 1;
                compared += 1;
                for f in &features {
                    *seen.entry((*f).to_string()).or_default() += 1;
                }
                if let Err(e) = compare(&ours, &theirs) {
                    problems.push(format!("seed {seed}, ply {ply} (played), {text}\n  {e}"));
                    break;
                }
                let read = common::pos(&g, &text);
                let from_text = RefGame::from_text(&text).expect("the reference reads it");
                if let Err(e) = compare(&read, &from_text) {
                    problems.push(format!("seed {seed}, ply {ply} (read), {text}\n  {e}"));
                    break;
                }
            }
            let pick: Vec<usize> = if greedy && removal && rng.u8(..10) < 9 {
                (0..turns.len())
                    .filter(|&i| turns[i].0.contains(' '))
                    .collect()
            } else {
                (0..turns.len()).collect()
            };
            let i = pick[rng.usize(..pick.len())];
            let (text, next) = &turns[i];
            assert!(theirs.play(text));
            ours.clone_from(next);
            line.push(text.clone());
        }
        seed += 1;
    }
    eprintln!("{compared} positions compared in {seed} games; {seen:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(compared >= want, "{compared} positions");
    for f in [
        "removal at hand",
        "moving",
        "flying",
        "ending fewer than three men",
    ] {
        assert!(
            seen.contains_key(f),
            "no sampled position with {f}: {seen:?}"
        );
    }
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    random_games(300);
}

#[test]
#[ignore = "long: run with `cargo test --release -- --ignored`"]
fn many_random_positions_agree_with_the_reference_to_depth_2() {
    random_games(3000);
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    assert_eq!(
        lud::perft::perft(&game().start(), depth),
        RefGame::new().perft(depth)
    );
}

/// The rows of the perft table of at most `budget` nodes, recounted by the
/// reference.
fn recount_the_table(budget: u64) {
    let mut counted = 0;
    for r in perft_file::rows("morris") {
        if r.nodes > budget {
            continue;
        }
        let g = match &r.fen {
            Some(f) => RefGame::from_text(f).unwrap(),
            None => RefGame::new(),
        };
        assert_eq!(
            g.perft(r.depth),
            r.nodes,
            "morris.perft:{} {} perft {}",
            r.line,
            r.id,
            r.depth
        );
        counted += 1;
    }
    assert!(counted >= 10, "{counted} rows");
}

/// The perft table's rows of at most a million nodes (twenty in an
/// optimised build), recounted by the reference.
#[test]
fn the_perft_table_agrees_with_the_reference() {
    recount_the_table(if cfg!(debug_assertions) {
        1_000_000
    } else {
        20_000_000
    });
}

#[test]
#[ignore = "long (a minute): run with `cargo test --release -- --ignored`"]
fn every_row_of_the_perft_table_agrees_with_the_reference() {
    recount_the_table(u64::MAX);
}

/// The turns from `text` that start with `prefix`, in lud and in the
/// reference (which must agree).
fn turns_from(text: &str, prefix: &str) -> Vec<String> {
    let p = common::pos(&game(), text);
    let ours: Vec<String> = lud_turns(&p)
        .0
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| t.starts_with(prefix))
        .collect();
    let theirs = RefGame::from_text(text).unwrap().moves_from(prefix);
    assert_eq!(ours, theirs, "{text}: turns from {prefix}");
    ours
}

/// The result after `turn` from `text`, in lud and in the reference.
fn result_after(text: &str, turn: &str) -> Option<Result> {
    let (turns, _) = lud_turns(&common::pos(&game(), text));
    let (_, after) = turns
        .into_iter()
        .find(|(t, _)| t == turn)
        .unwrap_or_else(|| panic!("{turn} is not a turn of {text}"));
    let mut r = RefGame::from_text(text).unwrap();
    assert!(r.play(turn));
    let ours = differential::verdict_of(after.outcome());
    assert_eq!(ours, r.result(), "{text}: the result after {turn}");
    ours
}

/// The rules the reference reads from the game file, on positions of the
/// perft table, in lud and in the reference.
#[test]
fn mills_removals_flying_and_ends_as_the_rules_say() {
    // A mill while placing: one turn per Black man that may be taken.
    let placing = "7/7/7/7/7/1m1m3/M2M3 w - - 0 3 hand=7M,7m";
    assert_eq!(turns_from(placing, "@g1"), ["@g1 xb2", "@g1 xd2"]);
    assert_eq!(turns_from(placing, "@a4"), ["@a4"]);
    // Every Black man in a mill: any of them.
    let all_in_mills = "7/7/7/M6/7/1m1m1m1/M2M3 w - - 0 4 hand=6M,6m";
    assert_eq!(
        turns_from(all_in_mills, "@a7"),
        ["@a7 xb2", "@a7 xd2", "@a7 xf2"]
    );
    // Moving: along the lines only; men in a mill are safe.
    let moving = "M2M3/1m3m1/7/6M/7/1m1m1m1/M2M3 w - - 0 20";
    assert_eq!(
        turns_from(moving, "g4"),
        ["g4f4", "g4g1 xb6", "g4g1 xf6", "g4g7 xb6", "g4g7 xf6"]
    );
    // Three men fly to any empty point (16 of them; g1 closes a mill).
    let flying = "7/7/2m1m2/5M1/7/1m1m1m1/M2M3 w - - 0 30";
    assert_eq!(turns_from(flying, "f4").len(), 17);
    assert_eq!(turns_from(flying, "f4g1"), ["f4g1 xc5", "f4g1 xe5"]);
    // Down to two men: lost.
    let three = "7/1m1m3/4m2/6M/2M4/7/M2M3 w - - 0 30";
    assert_eq!(
        result_after(three, "g4g1 xb6"),
        Some(Result::win(0, "fewer than three men"))
    );
    // No move: lost.
    let shut_in = "m2M2m/7/7/M5M/2M4/7/m2M2m w - - 0 30";
    assert_eq!(
        result_after(shut_in, "c3d3"),
        Some(Result::win(0, "no moves"))
    );
    assert_eq!(result_after(shut_in, "d1d2"), None);
    // A mill with no Black man on the board to take: the turn ends.
    let bare = "7/7/7/7/7/7/M2M3 w - - 0 1 hand=5M,5m";
    assert_eq!(turns_from(bare, "@g1"), ["@g1"]);
}
