//! Moves of two rules that would read alike. Two drop rules that put the
//! same piece on the same square doing different things make two moves
//! (each with its own `if:` and `then:`; made once where they do the same
//! thing and one has no `if:`): the second rule's is written with `/2`
//! (`@b2/2`), so that every
//! move has a text of its own, a typed move is the one meant and a record
//! replays the game it records (before, both read `@b2` and a record
//! replayed the first rule's drop wherever the second's was played). Two
//! rules of a piece that make the same move make it once where they do the
//! same thing with it, and two moves (`a1a2`, `a1a2/2`) where they do
//! different things (before, the second rule's was lost).
//!
//! The fixtures (`tests/fixtures/texts/`): `alike-drops.lud` puts a Stone,
//! or puts one and turns over the enemy stones it brackets;
//! `alike-columns.lud` drops a Disc down a column, or drops one and scores;
//! `alike-steps.lud` has a Rook that slides, steps and scores, or steps
//! (as it slides); `alike-puts.lud` a Walker that steps, or stays and puts
//! a Wall where it would step; `alike-again.lud` a Pawn that becomes a King
//! and moves again, by two rules alike and one that scores;
//! `alike-stay.lud` a Rook that also takes without moving;
//! `alike-passing.lud` pawns that step diagonally or take en passant onto
//! the same square; `again-put.lud` a Queen whose put gives no move again;
//! `alike-same-drops.lud` drops and passes of three and two rules that do
//! the same thing.

#[path = "support/cli_run.rs"]
mod cli_run;
#[path = "support/common.rs"]
mod common;
#[path = "support/fuzz.rs"]
mod fuzz;

use std::collections::HashSet;

use cli_run::{assert_ok, lud, scratch};
use common::{game, name_on, play, random_record};
use lud::notation::{move_help, move_text, move_texts, parse_move};
use lud::Game;

const ALIKE_DROPS: &str = "tests/fixtures/texts/alike-drops.lud";
const ALIKE_STEPS: &str = "tests/fixtures/texts/alike-steps.lud";
const ALIKE_COLUMNS: &str = "tests/fixtures/texts/alike-columns.lud";
const ALIKE_PUTS: &str = "tests/fixtures/texts/alike-puts.lud";
const ALIKE_AGAIN: &str = "tests/fixtures/texts/alike-again.lud";
const ALIKE_STAY: &str = "tests/fixtures/texts/alike-stay.lud";
const ALIKE_PASSING: &str = "tests/fixtures/texts/alike-passing.lud";
const AGAIN_PUT: &str = "tests/fixtures/texts/again-put.lud";
const ALIKE_SAME_DROPS: &str = "tests/fixtures/texts/alike-same-drops.lud";

/// Along a few random games of `g`: every legal move's text is its own and
/// is the text `move_text` gives it; the moves `check` picks read back as
/// themselves.
fn texts_apart(label: &str, g: &Game, seeds: u64, plies: usize, check: impl Fn(usize) -> bool) {
    for seed in 0..seeds {
        for p in fuzz::random_line(g, seed, plies) {
            let legal = p.legal_moves();
            let texts = move_texts(&p, &legal);
            let distinct: HashSet<&String> = texts.iter().collect();
            assert_eq!(distinct.len(), texts.len(), "{label}: {p}: {texts:?}");
            for (i, (&m, t)) in legal.iter().zip(&texts).enumerate() {
                if check(i) {
                    assert_eq!(&move_text(&p, m), t, "{label}: {p}");
                    let back = parse_move(&p, t)
                        .unwrap_or_else(|e| panic!("{label}: {p}: {t}: {}", e.message));
                    assert_eq!(back, m, "{label}: {p}: {t}");
                }
            }
        }
    }
}

#[test]
fn two_drop_rules_on_one_square_make_two_moves_written_apart() {
    let g = game(ALIKE_DROPS);
    let start = g.start();
    let legal = start.legal_moves();
    let texts = move_texts(&start, &legal);
    // 16 points, two drops on each.
    assert_eq!(legal.len(), 32);
    assert_eq!(texts.iter().filter(|t| t.ends_with("/2")).count(), 16);
    let (plain, second) = (
        parse_move(&start, "@b2").unwrap(),
        parse_move(&start, "@b2/2").unwrap(),
    );
    assert_ne!(plain, second);
    assert_eq!(move_text(&start, second), "@b2/2");
    // Only the second turns over what it brackets: Black b1, White c1,
    // then Black's d1 by each rule.
    let mut p = start.clone();
    for t in ["@b1", "@c1"] {
        play(&mut p, t);
    }
    let (mut first, mut flips) = (p.clone(), p.clone());
    play(&mut first, "@d1");
    play(&mut flips, "@d1/2");
    assert_eq!(name_on(&first, "c1").as_deref(), Some("Stone"));
    let owner = |p: &lud::Position, sq: &str| common::piece_on(p, sq).map(|(_, o)| o);
    assert_eq!(owner(&first, "c1"), Some(1), "{first}");
    assert_eq!(owner(&flips, "c1"), Some(0), "{flips}");
    texts_apart(ALIKE_DROPS, &g, 6, 20, |_| true);
}

/// Random games of `g`, `seeds` of them of up to `plies` plies: each
/// game's record replays to the position it ended in, and some record
/// plays a move numbered `/2`.
fn replays_alike(g: &Game, seeds: u64, plies: usize) {
    let mut seconds = 0;
    for seed in 0..seeds {
        let (end, rec) = random_record(g, seed, plies);
        seconds += rec.to_text().matches("/2").count();
        let back = rec.replay(g).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            back.to_string(),
            end.to_string(),
            "seed {seed}: {}",
            rec.to_text()
        );
    }
    assert!(seconds > 0, "no record played the second rule");
}

#[test]
fn a_record_of_two_ways_to_drop_replays_the_game_it_records() {
    let g = game(ALIKE_DROPS);
    replays_alike(&g, 12, 16);
    // The same through the command line: a game between random players,
    // its record written by `lud play`, replayed by `lud replay`.
    let dir = scratch("alike-replay");
    let rec = dir.join("game.rec");
    let played = lud(
        &[
            "play",
            ALIKE_DROPS,
            "--white",
            "random",
            "--black",
            "random",
            "--seed",
            "1",
            "--record",
            rec.to_str().unwrap(),
            "--quiet",
        ],
        "",
    );
    assert_ok(&played);
    let end = played
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Position: "))
        .unwrap_or_else(|| panic!("{}", played.stdout))
        .to_string();
    let replayed = lud(&["replay", ALIKE_DROPS, rec.to_str().unwrap()], "");
    assert_ok(&replayed);
    assert!(
        replayed.stdout.lines().any(|l| l == end),
        "played to {end}, replayed to:\n{}",
        replayed.stdout
    );
}

/// The texts of the legal moves at `p`, sorted.
fn sorted_texts(p: &lud::Position) -> Vec<String> {
    let mut texts = move_texts(p, &p.legal_moves());
    texts.sort();
    texts
}

#[test]
fn rules_of_the_player_that_make_the_same_drop_or_pass_make_it_once() {
    let g = game(ALIKE_SAME_DROPS);
    let start = g.start();
    // By hand: nine empty points, one Stone drop each (the first file's and
    // the first rank's rules make none the second does not), and one pass
    // (before, three drops on a1, two on a2, a3, b1, c1, and three passes:
    // 18 moves).
    let mut want: Vec<String> = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
        .iter()
        .map(|s| format!("@{s}"))
        .collect();
    want.push("pass".into());
    want.sort();
    assert_eq!(sorted_texts(&start), want);
    // After a drop: eight drops and a pass (9 x 9); after the pass: nine
    // drops and a pass (10).
    assert_eq!(lud::perft::perft(&start, 2), 91);
    assert!(parse_move(&start, "@a1/2").is_err(), "no second drop on a1");
    texts_apart(ALIKE_SAME_DROPS, &g, 4, 12, |_| true);
}

#[test]
fn a_piece_two_of_whose_rules_do_different_things_makes_two_moves_and_one_if_the_same() {
    let g = game(ALIKE_STEPS);
    let start = g.start();
    // By hand: the Rook on a1 of an empty 4x4 board slides to six squares;
    // the scoring step reaches two of them (a2, b1), a move of its own each;
    // the plain step reaches the same two, doing what the slide does: made
    // once, by the slide.
    assert_eq!(
        sorted_texts(&start),
        ["a1a2", "a1a2/2", "a1a3", "a1a4", "a1b1", "a1b1/2", "a1c1", "a1d1"]
    );
    let mut p = start.clone();
    play(&mut p, "a1a2");
    assert_eq!(p.score(0), 0, "the slide does not score");
    let mut p = start.clone();
    play(&mut p, "a1a2/2");
    assert_eq!(p.score(0), 1, "the step scores");
    assert_eq!(
        lud::perft::perft(&start, 2),
        64,
        "eight moves a side, as above"
    );
    texts_apart(ALIKE_STEPS, &g, 4, 12, |_| true);
    // SAN cannot say which: it asks (a slide alone it reads).
    let e = parse_move(&start, "Ra2").unwrap_err();
    assert_eq!(
        e.message,
        "Ra2: two rules of the Rook make this move, doing different things"
    );
    assert_eq!(e.help.as_deref(), Some("write which: a1a2 or a1a2/2"));
    // SAN names the moves no other reads like, and only those.
    let san_of = |t: &str| lud::notation::san(&start, parse_move(&start, t).unwrap());
    assert_eq!(san_of("a1a4").as_deref(), Some("Ra4"));
    assert_eq!(san_of("a1a2"), None);
    assert_eq!(san_of("a1a2/2"), None);
    assert_eq!(
        parse_move(&start, "Ra3").map(|m| move_text(&start, m)),
        Ok("a1a3".into())
    );
}

#[test]
fn a_piece_promoted_and_moving_again_makes_each_move_once_or_numbered() {
    let g = game(ALIKE_AGAIN);
    let start = g.start();
    // By hand: the Pawn on b3 steps to b4 and becomes a King, which may stop
    // there or step to one of its five empty neighbours (a3 b3 c3 a4 c4):
    // by the rule for every direction, the one for the lines doing the
    // same (once), and the scoring rule for the diagonals (a3/2, c3/2).
    // Before, each step along a line was two moves, and read alike.
    assert_eq!(
        sorted_texts(&start),
        [
            "b3b4k",
            "b3b4k,a3",
            "b3b4k,a3/2",
            "b3b4k,a4",
            "b3b4k,b3",
            "b3b4k,c3",
            "b3b4k,c3/2",
            "b3b4k,c4"
        ]
    );
    let mut p = start.clone();
    play(&mut p, "b3b4k,a3");
    assert_eq!(p.score(0), 0, "a step of the rule for every direction");
    let mut p = start.clone();
    play(&mut p, "b3b4k,a3/2");
    assert_eq!(p.score(0), 1, "the diagonal step scores");
    texts_apart(ALIKE_AGAIN, &g, 4, 6, |_| true);
}

#[test]
fn a_capture_without_moving_and_one_en_passant_are_moves_of_their_own() {
    // By hand: the Rook on a1 slides to b1, c1, d1 and takes on a2; its
    // step does what the slide does (once); it takes on a2 without moving
    // (a1xa2). Before, the capture without moving was lost behind the slide.
    let g = game(ALIKE_STAY);
    let start = g.start();
    assert_eq!(
        sorted_texts(&start),
        ["a1a2", "a1b1", "a1c1", "a1d1", "a1xa2"]
    );
    let mut p = start.clone();
    play(&mut p, "a1xa2");
    assert_eq!(name_on(&p, "a1"), Some("Rook".into()), "it stays");
    assert_eq!(name_on(&p, "a2"), None, "and takes");
    // By hand: after b2b4 the Black Pawn on c4 steps to c3, steps
    // diagonally to b3 or d3, or takes en passant on b3; the King on e5
    // steps to d5, d4, e4 (f-file: none). Seven; before, six.
    let g = game(ALIKE_PASSING);
    let mut p = g.start();
    play(&mut p, "b2b4");
    assert_eq!(
        sorted_texts(&p),
        ["c4b3", "c4b3/2", "c4c3", "c4d3", "e5d4", "e5d5", "e5e4"]
    );
    play(&mut p, "c4b3/2");
    assert_eq!(name_on(&p, "b4"), None, "taken en passant");
    texts_apart(ALIKE_PASSING, &g, 4, 12, |_| true);
}

#[test]
fn a_move_again_is_a_move_of_the_piece_from_where_it_promoted() {
    // By hand: the Pawn on b3 becomes a Queen on b4 and may step to a4,
    // c4 or b3; the rule that puts a Wall gives no move again.
    let g = game(AGAIN_PUT);
    assert_eq!(
        sorted_texts(&g.start()),
        ["b3b4q", "b3b4q,a4", "b3b4q,b3", "b3b4q,c4"]
    );
}

#[test]
fn a_put_and_a_step_between_the_same_squares_are_two_moves() {
    let g = game(ALIKE_PUTS);
    let start = g.start();
    // By hand: each Walker has two empty squares next to it, and steps to
    // each or puts a Wall there. Before, a put was taken for the step to
    // the same square, and made by neither.
    assert_eq!(sorted_texts(&start), ["a1a2", "a1a2/2", "a1b1", "a1b1/2"]);
    assert_eq!(lud::perft::perft(&start, 2), 16);
    let mut p = start.clone();
    play(&mut p, "a1a2/2");
    assert_eq!(name_on(&p, "a1"), Some("Walker".into()), "the Walker stays");
    assert_eq!(name_on(&p, "a2"), Some("Wall".into()), "and puts a Wall");
    let mut p = start.clone();
    play(&mut p, "a1a2");
    assert_eq!(name_on(&p, "a1"), None, "the Walker leaves");
    assert_eq!(name_on(&p, "a2"), Some("Walker".into()));
    texts_apart(ALIKE_PUTS, &g, 4, 12, |_| true);
    replays_alike(&g, 6, 12);
}

#[test]
fn every_legal_move_of_every_shipped_game_has_a_text_of_its_own() {
    for (name, g) in fuzz::shipped_games() {
        // Every move's text against the others'; a few read back (a
        // position of Go has hundreds of moves, each read by listing all).
        texts_apart(&name, &g, 2, 40, |i| i % 16 == 0);
    }
}

#[test]
fn a_player_is_told_of_the_numbers_and_a_column_letter_asks_which() {
    let start = game(ALIKE_DROPS).start();
    let help = move_help(&start).join(" ");
    assert!(
        help.contains("the second rule's move has /2 after it, as in @a1/2"),
        "{help}"
    );
    let columns = game(ALIKE_COLUMNS).start();
    texts_apart(ALIKE_COLUMNS, &game(ALIKE_COLUMNS), 4, 16, |_| true);
    let e = parse_move(&columns, "b").unwrap_err();
    assert_eq!(e.message, "`b`: two rules drop a piece on b1");
    assert_eq!(e.help.as_deref(), Some("write which: @b1 or @b1/2"));
    let m = parse_move(&columns, "@b1/2").unwrap();
    let mut p = columns.clone();
    p.play(m).unwrap();
    assert_eq!(p.score(0), 1, "the second rule scores");
}

#[test]
fn uci_and_xboard_refuse_a_game_whose_moves_they_cannot_tell_apart() {
    // Both would write `@b2` (`S@b2`) for the two drops on b2.
    for protocol in ["uci", "xboard"] {
        let r = lud(&[protocol, ALIKE_DROPS], "quit\n");
        assert_eq!(r.code, 1, "{protocol}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("two of its rules make moves that read alike"),
            "{protocol}: {}",
            r.stderr
        );
    }
    let r = lud(
        &[
            "match",
            ALIKE_DROPS,
            "--engine",
            "/bin/true",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("cannot be played against an engine: two of its rules"),
        "{}",
        r.stderr
    );
}
