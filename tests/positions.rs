//! Position strings: they round-trip any state, read plain FEN as peers
//! write it, read every number exactly, refuse positions the rules never
//! reach, and refuse bad input with the place and a hint.

#[path = "support/common.rs"]
mod common;

use common::{game, game_with, legal, pos};
use lud::position::{Legality, PositionProblem};
use lud::Game;

fn shatranj() -> Game {
    game("games/shatranj.lud")
}

fn shastree() -> Game {
    game_with("games/parsi-chess.lud", Some("Shastree"), &[])
}

fn fixture(name: &str) -> Game {
    game(&format!("tests/fixtures/positions/{name}.lud"))
}

/// The error a position string gives (it must give one).
fn refused(g: &Game, text: &str) -> lud::position::PositionError {
    *g.position(text)
        .err()
        .unwrap_or_else(|| panic!("{text} was accepted"))
}

fn sq(g: &Game, name: &str) -> usize {
    g.model().board.parse(name).unwrap() as usize
}

// ------------------------------------------------------------ round trips

// Every state of seeded random games of every shipped game, under every
// configuration, is written and read back by a unit test in
// `src/position/mod.rs`, which compares the engine's state as well as what the
// public interface shows.

#[test]
fn plain_fen_as_fairy_stockfish_writes_it() {
    let g = shatranj();
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    assert_eq!(g.position(fen).unwrap().to_string(), fen);
    // Fields after the board may be left out.
    assert_eq!(
        g.position("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR")
            .unwrap()
            .to_string(),
        fen
    );
    let black = g
        .position("rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1")
        .unwrap();
    assert_eq!(black.side_to_move(), 1);
}

// ------------------------------------------------------- exact numbers

#[test]
fn a_run_of_empty_squares_is_read_exactly_not_wrapped() {
    let g = shatranj();
    // 4294967304 is 8 modulo 2^32; 18446744073709551624 is 8 modulo 2^64.
    for run in [
        "4294967304",
        "18446744073709551624",
        "340282366920938463463374607431768211464",
        "9",
    ] {
        let text = format!("{run}/8/8/8/8/8/8/8 w");
        let e = refused(&g, &text);
        assert_eq!(e.problem, PositionProblem::Unreadable);
        assert!(
            e.message
                .contains(&format!("rank 8 has a run of {run} empty squares")),
            "{text}: {}",
            e.message
        );
        assert_eq!(e.label, format!("{run} squares"));
    }
    // Runs that each fit but add up past the width: the real total.
    let e = refused(&g, "rnbkqbnr/pppppppp/8/8/4P3/5p5/PPPP1PPP/RNBKQBNR w");
    assert!(e.message.contains("rank 3 has 11 squares"), "{}", e.message);
    let e = refused(&g, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR7 w");
    assert!(e.message.contains("rank 1 has 15 squares"), "{}", e.message);
    let e = refused(&g, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNRR w");
    assert!(e.message.contains("rank 1 has 9 squares"), "{}", e.message);
    let e = refused(&g, "rnbkqbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBKQBNR w");
    assert!(e.message.contains("`08`"), "{}", e.message);
    assert!(e.help.unwrap().contains("`8`"));
}

#[test]
fn a_move_number_beyond_what_lud_counts_is_refused_with_the_number() {
    let g = shatranj();
    let board = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR";
    for n in [
        "4294967295",
        "4294967297",
        "1073741825",
        "99999999999999999999999",
    ] {
        let e = refused(&g, &format!("{board} w - - 0 {n}"));
        assert!(
            e.message.contains(&format!("the move number {n} ")),
            "{n}: {}",
            e.message
        );
        assert!(e.help.unwrap().contains("1073741824"));
    }
    // The largest move numbers are stored exactly, for either player.
    let p = pos(&g, &format!("{board} w - - 0 1073741824"));
    assert_eq!(p.ply(), 2_147_483_646);
    assert_eq!(p.to_string(), format!("{board} w - - 0 1073741824"));
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1073741824",
    );
    assert_eq!(p.ply(), 2_147_483_647);
    assert_eq!(
        p.to_string(),
        "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1073741824"
    );
}

#[test]
fn the_clock_is_exact_and_at_most_65535() {
    let g = shatranj();
    let board = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -";
    let p = pos(&g, &format!("{board} 65535 40000"));
    assert_eq!(p.counter(0), 65535);
    for n in ["65536", "4294967296", "18446744073709551616"] {
        let e = refused(&g, &format!("{board} {n} 1"));
        assert!(e.message.contains(n), "{}", e.message);
        assert!(e.help.unwrap().contains("65535"));
    }
    for bad in ["+5", "-1", "5x", "1_0"] {
        let e = refused(&g, &format!("{board} {bad} 1"));
        assert!(e.message.contains("not a number"), "{bad}: {}", e.message);
    }
}

#[test]
fn the_counters_field_is_exact() {
    let g = fixture("makruk");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    let p = pos(&g, &format!("{start} counters=65535"));
    assert_eq!((p.counter(0), p.counter(1)), (0, 65535));
    assert_eq!(p.to_string(), format!("{start} counters=65535"));
    let e = refused(&g, &format!("{start} counters=65536"));
    assert!(e.message.contains("65536"), "{}", e.message);
    let e = refused(&g, &format!("{start} counters=4294967297"));
    assert!(e.message.contains("4294967297"), "{}", e.message);
    let e = refused(&g, &format!("{start} counters=1,2"));
    assert!(e.help.unwrap().contains("1 counter(s) after the clock"));
    let e = refused(&g, &format!("{start} counters=x"));
    assert!(e.message.contains("not a number"), "{}", e.message);
    // A game with one counter has none after the clock.
    let e = refused(
        &shatranj(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 counters=3",
    );
    assert!(e.help.unwrap().contains("0 counter(s)"));
}

#[test]
fn the_moves_left_in_a_phase_are_exact_and_within_the_phase() {
    let g = game_with("games/parsi-chess.lud", Some("Murray"), &[]);
    let start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert_eq!(
        pos(&g, &format!("{start} phase=opening:4")).phase_moves_left(),
        4
    );
    for left in ["0", "5", "256", "4294967297"] {
        let e = refused(&g, &format!("{start} phase=opening:{left}"));
        assert!(
            e.message.contains(&format!("{left} moves left")),
            "{}",
            e.message
        );
        assert!(e.help.unwrap().contains("1 to 4"));
    }
    let e = refused(&g, &format!("{start} phase=middle:1"));
    assert!(e.help.unwrap().contains("the phases are opening"));
    let e = refused(&shatranj(), &format!("{start} phase=opening:1"));
    assert!(e.help.unwrap().contains("this game has no phases"));
}

#[test]
fn the_ply_field_is_exact_and_agrees_with_the_move_number() {
    let g = game_with("games/parsi-chess.lud", Some("Murray"), &[]);
    let board = "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0";
    let p = pos(&g, &format!("{board} 1 ply=1 phase=opening:3"));
    assert_eq!(p.ply(), 1);
    let e = refused(&g, &format!("{board} 7 ply=1 phase=opening:3"));
    assert!(e.message.contains("ply=1"), "{}", e.message);
    let e = refused(&g, &format!("{board} 1 ply=4294967297"));
    assert!(e.message.contains("4294967297"), "{}", e.message);
    let e = refused(&g, &format!("{board} 1 ply=2147483648"));
    assert!(e.message.contains("2147483648"), "{}", e.message);
}

#[test]
fn a_field_is_given_once_and_after_the_plain_fields() {
    let g = game_with("games/parsi-chess.lud", Some("Murray"), &[]);
    let start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let e = refused(&g, &format!("{start} phase=opening:4 phase=opening:3"));
    assert!(e.message.contains("given twice"), "{}", e.message);
    let e = refused(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w phase=opening:4 - - 0 1",
    );
    assert!(e.message.contains("comes after"), "{}", e.message);
}

// ------------------------------------------------------- legal positions

#[test]
fn the_player_who_moved_last_may_not_stand_in_check() {
    let g = shatranj();
    // Black moved last and left its king attacked by the rook: White would
    // "capture the King".
    let text = "3k4/8/8/8/8/8/8/3RK3 w - - 0 1";
    let e = refused(&g, text);
    assert_eq!(e.problem, PositionProblem::Illegal);
    assert!(
        e.message
            .contains("Black moved last, and its King on d8 is attacked"),
        "{}",
        e.message
    );
    // The label points at the king's letter.
    assert_eq!(e.span.offset(), text.find('k').unwrap());
    assert!(e.help.unwrap().contains("--allow-illegal"));
    // With Black to move it is plain check.
    assert!(pos(&g, "3k4/8/8/8/8/8/8/3RK3 b - - 0 1").in_check());
    // Unchecked, it reads.
    let p = g.position_with(text, Legality::Unchecked).unwrap();
    assert!(p.is_checked(1));
}

#[test]
fn a_player_without_its_royal_piece_is_refused_where_royals_cannot_be_taken() {
    let g = shatranj();
    for (text, who) in [
        (
            "8/8/8/8/8/8/8/3RK3 w - - 0 1",
            "Black has 0 of royal kind King",
        ),
        (
            "3k4/8/8/8/8/8/8/3R4 b - - 0 1",
            "White has 0 of royal kind King",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "White has 0 of royal kind King",
        ),
    ] {
        let e = refused(&g, text);
        assert_eq!(e.problem, PositionProblem::Illegal);
        assert!(e.message.contains(who), "{text}: {}", e.message);
        assert!(g.position_with(text, Legality::Unchecked).is_ok());
    }
    // Where a king can be taken, a position without it is one where it was.
    let g = fixture("royal-capture");
    let p = pos(&g, "4/4/4/KR2 b - - 0 5");
    assert_eq!(p.outcome().and_then(|o| o.winner()), Some(0));
    // And there the player who moved last may have left it attacked.
    assert!(pos(&g, "3k/4/4/K2r b - - 0 5").is_checked(0));
}

#[test]
fn two_kings_of_a_royal_kind_are_refused_unless_a_piece_becomes_one() {
    let g = shatranj();
    let e = refused(&g, "3k4/8/8/8/8/8/8/K2K4 w - - 0 1");
    assert!(
        e.message
            .contains("White has 2 of royal kind King; the game starts with 1"),
        "{}",
        e.message
    );
    assert_eq!(e.label, "1 King too many");
    // A pawn that promotes to a King can make a second one.
    let g = fixture("royal-promotion");
    let p = pos(&g, "3k/4/4/KK2 b - - 0 3");
    assert_eq!(p.side_to_move(), 1);
}

// ------------------------------------------------------- hints

#[test]
fn hints_for_unknown_flags_and_facts_name_them_as_written() {
    let start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    // A game with no flags says so, instead of an empty list.
    let e = refused(
        &shatranj(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 flags=leapt:d1",
    );
    assert_eq!(e.help.as_deref(), Some("this game has no flags"));
    let e = refused(
        &shatranj(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 facts=x:w",
    );
    assert_eq!(e.help.as_deref(), Some("this game remembers no facts"));
    // Facts are written with underscores, and the hint spells them so.
    let g = shastree();
    let e = refused(&g, &format!("{start} facts=checked:w"));
    assert_eq!(e.help.as_deref(), Some("the facts are been_in_check"));
    let p = pos(&g, &format!("{start} facts=been_in_check:w"));
    assert!(p.to_string().ends_with("facts=been_in_check:w"));
    let e = refused(&g, &format!("{start} flags=jumped:e1"));
    assert_eq!(e.help.as_deref(), Some("the flags are leapt"));
}

// ------------------------------------------------------- peers' FEN

#[test]
fn xiangqi_fen_as_fairy_stockfish_writes_it_with_w_for_red() {
    let g = game("games/xiangqi.lud");
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let red = pos(&g, &format!("{board} w - - 0 1"));
    assert_eq!(red.side_to_move(), 0);
    // lud writes the players' own initials, and reads them too.
    assert_eq!(red.to_string(), format!("{board} r - - 0 1"));
    assert_eq!(red.to_string(), g.start().to_string());
    let black = pos(
        &g,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    );
    assert_eq!(black.side_to_move(), 1);
    let e = refused(&g, &format!("{board} x - - 0 1"));
    assert_eq!(
        e.help.as_deref(),
        Some("write r, b, w (the first) for the player to move")
    );
}

#[test]
fn w_and_b_follow_the_players_initials_where_a_name_begins_with_them() {
    // Black moves first in draughts: `b` is Black's own initial, `w` White's.
    let g = game("games/draughts.lud");
    let start = g.start().to_string();
    let board = start.split(' ').next().unwrap();
    assert_eq!(pos(&g, &format!("{board} b")).side_to_move(), 0);
    assert_eq!(pos(&g, &format!("{board} w")).side_to_move(), 1);
    // Yellow and Red: `w` and `b` are the first and the second player.
    let g = game("games/connect-four.lud");
    let empty = "7/7/7/7/7/7";
    assert_eq!(pos(&g, &format!("{empty} w")).side_to_move(), 0);
    assert_eq!(pos(&g, &format!("{empty} b")).side_to_move(), 1);
    assert_eq!(pos(&g, &format!("{empty} r")).side_to_move(), 1);
    assert_eq!(pos(&g, &format!("{empty} 2")).side_to_move(), 1);
}

#[test]
fn makruk_fen_as_fairy_stockfish_writes_it() {
    let g = fixture("makruk");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    assert_eq!(pos(&g, start).to_string(), start);
    assert_eq!(g.start().to_string(), start);
}

#[test]
fn a_counting_limit_in_a_makruk_fen_names_the_field_to_drop() {
    let g = fixture("makruk");
    // White king and boat against a bare king: Fairy-Stockfish counts, and
    // writes the limit (32 plies) where the en-passant square goes and the
    // counting ply (6) where the clock goes.
    let fen = "8/8/4k3/8/8/3K4/8/R7 b - 32 6 60";
    let e = refused(&g, fen);
    assert_eq!(e.problem, PositionProblem::Unreadable);
    assert!(e.message.contains("counting limit"), "{}", e.message);
    assert_eq!(e.span.offset(), fen.find("32").unwrap());
    let help = e.help.unwrap();
    let fixed = "8/8/4k3/8/8/3K4/8/R7 b - - 6 60";
    assert!(help.contains(&format!("`{fixed}`")), "{help}");
    assert!(help.contains("counting ply after it (6)"), "{help}");
    // What the hint says reads, the counting ply as the first counter.
    let p = pos(&g, fixed);
    assert_eq!(p.counter(0), 6);
    assert_eq!(p.ply(), 119);
    // In a game that keeps en-passant squares, the number is no square.
    let e = refused(&game("games/chess.lud"), "4k3/8/8/8/8/8/8/R3K3 b - 32 6 60");
    assert!(e.message.contains("`32` is not a square"), "{}", e.message);
    assert!(e.help.unwrap().contains("4k3/8/8/8/8/8/8/R3K3 b - - 6 60"));
}

// ------------------------------------------------------- where pieces started

#[test]
fn a_piece_off_its_start_square_started_on_the_nearest_one_of_its_kind() {
    let g = shastree();
    // A horse on c3 came from b1 (one leap), not from "c3".
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b - - 0 1",
    );
    assert_eq!(p.origin(sq(&g, "c3")), Some(sq(&g, "b1")));
    assert_eq!(p.origin(sq(&g, "g1")), Some(sq(&g, "g1")));
    assert!(!p.to_string().contains("origin="), "{p}");
    // A camel (a diagonal slider) on d3 came from f1, its shade, though
    // c1 is nearer.
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/3B4/PPP1PPPP/RN1QK1NR b - - 0 1",
    );
    assert_eq!(p.origin(sq(&g, "d3")), Some(sq(&g, "f1")));
    // Two horses away: each from the start square nearest to it.
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/5N1N/PPPPPPPP/R1BQKB2 b - - 0 1",
    );
    assert_eq!(p.origin(sq(&g, "f3")), Some(sq(&g, "g1")));
    assert_eq!(p.origin(sq(&g, "h3")), Some(sq(&g, "b1")));
}

#[test]
fn an_explicit_origin_overrides_the_default_and_round_trips() {
    let g = shastree();
    let text = "rnbkqbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b - - 0 1 origin=c3:-";
    let p = pos(&g, text);
    assert_eq!(p.origin(sq(&g, "c3")), None);
    assert_eq!(p.to_string(), text);
}

#[test]
fn shastree_double_step_needs_the_piece_that_started_behind_the_pawn() {
    // PA-10 (Shastree): `(atStart (adjacent Backward))`. The rook and the
    // horse have changed places: the horse on a1 is not the piece that
    // started there, so the a-pawn may not advance two squares.
    let g = shastree();
    let p = pos(&g, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w - - 0 1");
    assert!(!legal(&p).contains(&"a2a4".to_string()), "{:?}", legal(&p));
    assert!(legal(&p).contains(&"h2h4".to_string()));
    // Said otherwise, it may.
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w - - 0 1 origin=a1:a1",
    );
    assert!(legal(&p).contains(&"a2a4".to_string()));
}

#[test]
fn shastree_promotion_reads_whether_the_files_piece_is_still_on_the_board() {
    // PA-11S: a pawn promoting on b8 becomes a horse only if the horse that
    // started on b1 is gone: the horse on c3 is that one.
    let g = shastree();
    let text = "3k4/1P5p/8/8/8/2N5/8/4K1N1 w - - 0 1";
    let p = pos(&g, text);
    assert!(
        !legal(&p).iter().any(|m| m.starts_with("b7b8")),
        "{:?}",
        legal(&p)
    );
    // If it started nowhere known, the b1 horse is gone.
    let p = pos(&g, &format!("{text} origin=c3:-"));
    assert!(
        legal(&p).iter().any(|m| m.starts_with("b7b8")),
        "{:?}",
        legal(&p)
    );
}

#[test]
fn nilakantha_promotion_sends_the_pawn_back_to_its_nearest_start_square() {
    // NI-8: `moveTo:(origin)`. A pawn on c7 in a plain FEN came up its own
    // file from c2 (the d-pawn, advanced to d4 before play, would have had
    // to take a piece): on the unmarked c8 it becomes a counsellor on c2.
    let g = game("games/nilakantha.lud");
    let mut p = pos(&g, "r3k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.origin(sq(&g, "c7")), Some(sq(&g, "c2")));
    common::play(&mut p, "c7c8q");
    assert_eq!(common::name_on(&p, "c2").as_deref(), Some("Counsellor"));
    assert_eq!(common::name_on(&p, "c8"), None);
}

#[test]
fn a_promoted_piece_started_where_a_pawn_did() {
    // A counsellor on the other shade from its start square is a promoted
    // pawn: it started on a free pawn start square.
    let g = game("games/nilakantha.lud");
    let p = pos(&g, "r3k3/8/8/8/8/8/8/2Q1K3 w - - 0 1");
    let o = p.origin(sq(&g, "c1")).expect("a start");
    assert_eq!(g.model().board.cell(o as u16).y, 1, "a pawn's start square");
}

// ------------------------------------------------------- rule bugs

#[test]
fn pa_14_a_position_read_in_the_middle_of_an_opening_run_sees_the_check() {
    // Shastree with a 9-move opening: Black makes the last move of its run
    // (phase=opening:1) while White already stands in check from the pawn
    // on h5. After Black's move White must answer the check: the position
    // read knows that Black moved last (no fast "the mover left nothing
    // attacked" shortcut for White's king).
    let g = game_with(
        "games/parsi-chess.lud",
        Some("Shastree"),
        &[("opening-moves", "9")],
    );
    let text = "rnbk1bn1/1pp2ppr/4p3/pq1p3p/P5K1/N2PBPPN/1PP1P2P/R2Q1B1R b - - 0 9 phase=opening:1 moved=b8 flags=leapt:g4";
    let p = pos(&g, text);
    assert_eq!(p.last_mover(), 1);
    assert!(p.is_checked(0));
    let mut replies = 0;
    for m in p.legal_moves() {
        let mut q = p.clone();
        q.play(m).unwrap();
        for r in q.legal_moves() {
            let mut q2 = q.clone();
            q2.play(r).unwrap();
            assert!(!q2.is_checked(0), "{text}: White left in check");
            replies += 1;
        }
    }
    assert!(replies > 0);
    // The same as from the position played to.
    let mut played = g.start();
    let mut rng = fastrand::Rng::with_seed(6);
    while played.to_string() != text {
        assert!(played.ply() < 20, "the seeded game reaches the position");
        let moves = played.legal_moves();
        played.play(moves[rng.usize(..moves.len())]).unwrap();
    }
    assert_eq!(lud::perft::perft(&p, 3), lud::perft::perft(&played, 3));
}

// ------------------------------------------------------- malformed input

#[test]
fn bad_positions_say_where_and_what_to_do() {
    let g = shatranj();
    let cases = [
        ("", "the position is empty"),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP w",
            "the board has 7 rank(s)",
        ),
        (
            "rnbkqbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBKQBNR w",
            "rank 6 has a run of 9 empty squares",
        ),
        (
            "rnbkqbnr/pppppppp/71/8/8/8/PPPPPPPP/RNBKQBNR w",
            "rank 6 has a run of 71 empty squares",
        ),
        (
            "rnbkqbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w",
            "rank 7 has 7 squares",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNZ w",
            "no piece has the letter 'Z'",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR x",
            "`x` is not a player",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQ",
            "castling",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - x",
            "half-move clock",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 0",
            "move numbers start at 1",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 extra",
            "unknown field",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 color=w",
            "unknown field",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR\u{0}",
            "cannot stand in a rank",
        ),
    ];
    for (text, want) in cases {
        let e = refused(&g, text);
        assert!(e.message.contains(want), "{text:?}: {}", e.message);
        assert!(e.help.is_some(), "{text:?} has no hint");
        assert_eq!(e.problem, PositionProblem::Unreadable);
    }
}

#[test]
fn the_reference_documents_every_field() {
    let md = lud::compile::reference::markdown();
    let section = md.split("## Position strings").nth(1).expect("a section");
    for field in [
        "counters=",
        "ply=",
        "phase=",
        "moved=",
        "unmoved=",
        "origin=",
        "flags=",
        "facts=",
        "took=",
        "--allow-illegal",
        "`w` and `b`",
        "counting limit",
    ] {
        assert!(section.contains(field), "{field}");
    }
}
