//! Drops in a game that puts down more than one kind of piece are written
//! with the piece's letter (`R@b2`), so that each reads back as itself; `@b2`
//! alone is refused there with the drops to choose from. A game that drops
//! one kind (Go, Hex, Connect Four) writes `@b2` as before.
//!
//! The fixtures (`tests/fixtures/drops/`): `two-kinds.lud` puts down new
//! Stones and Rocks from hand, `two-discs.lud` drops two kinds of disc down
//! the columns.

#[path = "support/cli_run.rs"]
mod cli_run;
#[path = "support/common.rs"]
mod common;
#[path = "support/fuzz.rs"]
mod fuzz;

use std::collections::HashSet;

use common::{game, game_with, name_on, play};
use lud::notation::{drops_name_pieces, move_help, move_text, move_texts, parse_move};
use lud::record::Record;
use lud::{Game, Position};

const TWO_KINDS: &str = "tests/fixtures/drops/two-kinds.lud";
const TWO_DISCS: &str = "tests/fixtures/drops/two-discs.lud";

/// The refusal of a move typed at `p`: its message and its help.
fn refused(p: &Position, text: &str) -> (String, String) {
    match parse_move(p, text) {
        Ok(m) => panic!("{text} was read as {}", move_text(p, m)),
        Err(e) => (e.message, e.help.unwrap_or_default()),
    }
}

/// Every legal move of every position along a few random games: its text is
/// its own, and it reads back as the same move, in capitals or small
/// letters alike.
fn texts_read_back(g: &Game) {
    for seed in 0..6 {
        for p in fuzz::random_line(g, seed, 30) {
            let legal = p.legal_moves();
            let texts = move_texts(&p, &legal);
            let distinct: HashSet<&String> = texts.iter().collect();
            assert_eq!(distinct.len(), texts.len(), "{p}: {texts:?}");
            for (&m, t) in legal.iter().zip(&texts) {
                assert_eq!(&move_text(&p, m), t, "{p}");
                for typed in [t.clone(), t.to_lowercase()] {
                    let back = parse_move(&p, &typed)
                        .unwrap_or_else(|e| panic!("{p}: {typed}: {}", e.message));
                    assert_eq!(back, m, "{p}: {typed}");
                }
            }
        }
    }
}

#[test]
fn every_drop_of_a_two_kind_game_has_its_own_text_and_reads_back() {
    texts_read_back(&game(TWO_KINDS));
    texts_read_back(&game(TWO_DISCS));
}

#[test]
fn a_drop_names_its_piece_where_the_game_drops_several_kinds() {
    let g = game(TWO_KINDS);
    assert!(drops_name_pieces(g.model()));
    let mut p = g.start();
    let texts = move_texts(&p, &p.legal_moves());
    for t in ["S@b2", "R@b2", "pass"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
    }
    // The second kind, typed: in capitals, or in small letters.
    play(&mut p, "R@b2");
    assert_eq!(name_on(&p, "b2").as_deref(), Some("Rock"));
    play(&mut p, "r@c3");
    assert_eq!(name_on(&p, "c3").as_deref(), Some("Rock"));
    play(&mut p, "S@a1");
    assert_eq!(name_on(&p, "a1").as_deref(), Some("Stone"));
    // A kind the game does not put down, and a square taken.
    let (message, help) = refused(&p, "Q@d4");
    assert_eq!(
        message,
        "no piece with the letter Q is put down in this game"
    );
    assert_eq!(help, "the pieces put down are S@ (Stone), R@ (Rock)");
    let (message, _) = refused(&p, "R@b2");
    assert_eq!(message, "you cannot put a Rock on b2 now");
    // How to type a drop says so.
    let help = move_help(&p).join(" ");
    assert!(
        help.contains("Put a Rock down by writing R@ and the square"),
        "{help}"
    );
}

#[test]
fn a_drop_without_its_letter_is_refused_where_it_would_not_say_which() {
    let g = game(TWO_KINDS);
    let mut p = g.start();
    let (message, help) = refused(&p, "@b2");
    assert_eq!(message, "@b2: say which piece is put down, by its letter");
    assert_eq!(help, "play S@b2 or R@b2");
    // The same once only one kind can go there: the letter is still wanted
    // (the Rocks in hand are used up), never a kind picked for the player.
    play(&mut p, "R@a1");
    play(&mut p, "R@a2");
    play(&mut p, "R@b1");
    play(&mut p, "R@e5");
    let (message, help) = refused(&p, "@b2");
    assert_eq!(message, "@b2: say which piece is put down, by its letter");
    assert_eq!(help, "play S@b2");
    // A square alone, and a column's letter where the discs fall.
    let (message, _) = refused(&p, "c3");
    assert_eq!(message, "to put a piece on c3, write S@c3");
    let discs = game(TWO_DISCS).start();
    let (message, help) = refused(&discs, "d");
    assert_eq!(
        message,
        "`d`: say which piece is dropped in column d, by its letter"
    );
    assert_eq!(help, "play Y@d1 or Z@d1");
    let help = move_help(&discs).join(" ");
    assert!(!help.contains("column's letter"), "{help}");
}

#[test]
fn a_record_of_a_two_kind_game_replays() {
    let g = game(TWO_KINDS);
    for seed in 0..4 {
        let line = fuzz::random_line(&g, seed, 40);
        let rec = fuzz::record_of_line(&g, &line).expect("a record of the line");
        let text = rec.to_text();
        assert!(text.contains("R@"), "{text}");
        let back = Record::parse(&text).expect("the record reads back");
        let end = back.replay(&g).expect("the record replays");
        assert_eq!(end.to_string(), line.last().unwrap().to_string());
    }
}

#[test]
fn games_that_drop_one_kind_write_drops_without_a_letter() {
    let games = [
        (
            "games/go.lud",
            game_with("games/go.lud", None, &[("size", "9")]),
        ),
        ("games/hex.lud", game("games/hex.lud")),
        ("games/connect-four.lud", game("games/connect-four.lud")),
    ];
    for (file, g) in games {
        assert!(!drops_name_pieces(g.model()), "{file}");
        let p = g.start();
        let b = &p.model().board;
        let drops: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.from().is_none() && !m.is_pass())
            .map(|m| {
                let t = move_text(&p, m);
                assert_eq!(t, format!("@{}", b.name(m.to() as u16)), "{file}");
                t
            })
            .collect();
        assert!(!drops.is_empty(), "{file}");
        // The protocols' form, with the piece's letter, reads as the drop.
        let m = parse_move(&p, &drops[0]).unwrap();
        let letter = p.model().pieces[0].letter;
        assert_eq!(
            parse_move(&p, &format!("{letter}{}", drops[0])),
            Ok(m),
            "{file}"
        );
    }
}

/// `lud explain` of a refused drop typed with a small letter gives the
/// rule's reason once (the message names the move as lud writes it, with a
/// capital: the two were once printed one after the other).
#[test]
fn explain_gives_a_refused_drop_typed_in_small_letters_its_reason_once() {
    let position = "9/9/9/9/9/9/9/s8/1s7 b - - 0 1";
    for typed in ["s@a1", "S@a1", "@a1"] {
        let run = cli_run::lud(
            &[
                "explain",
                "games/go.lud",
                "--option",
                "size=9",
                "--position",
                position,
                typed,
            ],
            "",
        );
        let text = &run.stdout;
        assert_eq!(run.code, 1, "{typed}: {text}");
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            format!("{typed} is not legal: suicide: the stone's group would have no liberty."),
            "{typed}"
        );
    }
}

/// XBoard's pass, `@@@@`, refused where the game has no pass, is refused as
/// a pass (it holds an `@`, and was once read as a drop on `@@@`).
#[test]
fn an_xboard_pass_is_refused_as_a_pass() {
    let run = cli_run::lud(
        &["xboard", "games/shatranj.lud"],
        "xboard\nprotover 2\nnew\nforce\nusermove @@@@\nusermove 0000\nquit\n",
    );
    let text = &run.stdout;
    let refusals: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Illegal move"))
        .collect();
    assert_eq!(
        refusals,
        [
            "Illegal move (`pass` is not a move): @@@@",
            "Illegal move (`pass` is not a move): 0000"
        ],
        "{text}"
    );
}
