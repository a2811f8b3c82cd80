//! `lud explain` names what a move did beyond its own squares, and which
//! rule's effect did it: the discs a Reversi move turns over, the pieces a
//! custodian capture takes (each with the capture that took it), the pieces
//! a draughts jump takes, where a castling rook or a pushed piece goes
//! (not taken); and, in a game whose turns have parts, whether the
//! turn goes on and with what (the Amazons' queen, then its arrow), or why
//! it ends (Connect6's first stone). In plain words: no rule-file syntax.

#[path = "support/common.rs"]
mod common;

use common::{game, play, pos};
use lud::explain::legal_move;
use lud::notation::parse_move;
use lud::Position;

/// The explanation of `text` in `p`.
fn explain(p: &Position, text: &str) -> String {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
    let words = legal_move(p, m);
    assert!(
        !words.contains('`') && !words.contains("(flip") && !words.contains("(capture"),
        "rule-file syntax in: {words}"
    );
    words
}

/// The lines of `words` that start (after the indent) with `start`.
fn lines_starting<'a>(words: &'a str, start: &str) -> Vec<&'a str> {
    words
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with(start))
        .collect()
}

#[test]
fn a_reversi_move_names_the_discs_it_turns_over() {
    let g = game("games/reversi.lud");
    // The start: Black (first) on d5 and e4, White on d4 and e5. Black's d3
    // brackets d4 against d5.
    let words = explain(&g.start(), "@d3");
    let then = lines_starting(&words, "Then ");
    assert_eq!(then.len(), 1, "{words}");
    assert!(then[0].contains("change sides"), "{words}");
    assert!(
        then[0].ends_with(": the Disc on d4 becomes Black's."),
        "{words}"
    );
    // Two lines at once: b1 and c1 along the first rank, d2 up the d-file.
    let p = pos(&g, "8/8/8/8/8/3D4/3d4/Ddd5 b - - 0 1");
    let words = explain(&p, "@d1");
    assert!(
        words.contains(": the Discs on b1, c1 and d2 become Black's.\n"),
        "{words}"
    );
}

/// Men that take by custodian capture, and a chief taken only when held on
/// every side: one move of a man to c2 does both.
const HOLD: &str = r#"(game "Hold"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 5))
        (piece "Man" "M" (step Orthogonal to:Empty then:{
            (capture (sandwiched Orthogonal piece:"Man"))
            (capture (surrounded Orthogonal piece:"Chief"))}))
        (piece "Chief" "C" (step Orthogonal to:Empty))
    })
    (rules
        (start {(place White "Man" {a2 c1 b3 d3 c4}) (place Black "Man" {b2 e5}) (place Black "Chief" c3)})
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

#[test]
fn a_custodian_capture_names_each_piece_with_the_capture_that_took_it() {
    let g = lud::build::compile_str("hold.lud", HOLD).expect("the example compiles");
    let words = explain(&g.start(), "c1c2");
    let then = lines_starting(&words, "Then ");
    assert_eq!(then.len(), 2, "{words}");
    // b2 between c2 and a2; the chief on c3 held by b3, d3, c4 and c2.
    assert!(
        then[0].contains("with a piece of the mover just beyond are taken")
            && then[0].ends_with(": the Man on b2."),
        "{words}"
    );
    assert!(
        then[1].contains("held by the mover on every side")
            && then[1].ends_with(": the Chief on c3."),
        "{words}"
    );
    // A move that takes nothing says nothing of it.
    let quiet = explain(&g.start(), "a2a1");
    assert!(lines_starting(&quiet, "Then ").is_empty(), "{quiet}");
    assert!(!quiet.contains("takes"), "{quiet}");
}

#[test]
fn a_draughts_jump_names_the_piece_it_takes() {
    let g = game("games/draughts.lud");
    let p = pos(&g, "8/8/8/8/3m4/2M5/8/8 b - - 0 1");
    let words = explain(&p, "c3e5");
    assert_eq!(
        lines_starting(&words, "It takes "),
        ["It takes the Man on d4."],
        "{words}"
    );
}

#[test]
fn an_amazons_turn_says_what_each_part_does() {
    let g = game("games/amazons.lud");
    let mut p = g.start();
    let words = explain(&p, "d1d7");
    assert_eq!(
        lines_starting(
            &words,
            "White's turn goes on with the Queen on d7: it slides"
        ),
        lines_starting(&words, "White's turn goes on"),
        "{words}"
    );
    assert_eq!(
        lines_starting(&words, "White's turn goes on").len(),
        1,
        "{words}"
    );
    assert!(words.contains("Arrow"), "{words}");
    assert!(
        words.contains("White to move again, in the same turn;"),
        "{words}"
    );
    play(&mut p, "d1d7");
    assert!(p.mid_turn());
    let words = explain(&p, "d7g7");
    assert!(
        words.contains("The Queen stays on d7, and a new Arrow is put on g7.\n"),
        "{words}"
    );
    assert!(
        words.contains("It goes on with White's turn, and ends it.\n"),
        "{words}"
    );
    assert!(words.contains("Black to move;"), "{words}");
    assert!(!words.contains("in the same turn"), "{words}");
}

#[test]
fn connect6_says_why_the_first_turn_is_one_stone() {
    let g = game("games/connect6.lud");
    let mut p = g.start();
    let words = explain(&p, "@f6");
    let ends = lines_starting(&words, "Black's turn ends here: it goes on only if");
    assert_eq!(ends.len(), 1, "{words}");
    play(&mut p, "@f6");
    // White's first stone: the turn goes on with a second.
    let words = explain(&p, "@a1");
    assert_eq!(
        lines_starting(&words, "White's turn goes on: White now puts a new Stone").len(),
        1,
        "{words}"
    );
    play(&mut p, "@a1");
    let words = explain(&p, "@b1");
    assert!(
        words.contains("It goes on with White's turn, and ends it.\n"),
        "{words}"
    );
}

#[test]
fn castling_says_where_the_rook_goes_and_takes_nothing() {
    let g = game("games/chess.lud");
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let words = explain(&p, "e1g1");
    assert!(!words.contains("takes"), "{words}");
    assert_eq!(
        lines_starting(&words, "The Rook"),
        ["The Rook on h1 goes to f1."],
        "{words}"
    );
    let words = explain(&p, "e1c1");
    assert_eq!(
        lines_starting(&words, "The Rook"),
        ["The Rook on a1 goes to d1."],
        "{words}"
    );
}

#[test]
fn a_piece_pushed_by_a_promotions_effect_moves_and_is_not_taken() {
    let g = game("tests/fixtures/check/promoted-push-discover.lud");
    let words = explain(&g.start(), "c4c5");
    assert!(!words.contains("takes"), "{words}");
    assert_eq!(
        lines_starting(&words, "The Stone on d4"),
        ["The Stone on d4 goes to e3."],
        "{words}"
    );
}
