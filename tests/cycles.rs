//! Conditions that would need themselves to be judged are refused by the
//! checker (`lud::compile::recursive_condition`), so that no file the checker
//! accepts sends the engine into a question without end; the conditions that
//! only look like it (restrictions judged in levels, non-captures, promotions
//! to pieces that ask nothing) are accepted and play.

use lud::build::compile_str;
use lud::diagnostics::Problem;

/// A small game: two kings and two rooks on 4×4, with `king` and `rook` as
/// the kings' and rooks' rules, `promote` inside a pawn, and `play` as the
/// play section's rules.
fn game(king: &str, rook: &str, pawn: &str, play: &str) -> String {
    format!(
        r#"(game "Cycles"
    (players {{(player "White" N) (player "Black" S)}})
    (equipment {{
        (board (square 4))
        (piece "King" "K" royal:True {king})
        (piece "Rook" "R" {rook})
        (piece "Pawn" "P" (step Forward to:Empty) (step {{ForwardLeft ForwardRight}} to:Enemy) {pawn})
    }})
    (rules
        (start {{
            (place White "King" a1) (place White "Rook" b1) (place White "Pawn" c2)
            (place Black "King" d4) (place Black "Rook" c4) (place Black "Pawn" b3)
        }})
        (play (forbid (inCheck Mover)) {play})
        (end {{
            (if (and (noMoves Next) (inCheck Next)) (loss Next "checkmate"))
            (if (noMoves Next) (draw "stalemate"))
        }})))"#
    )
}

const PROMOTE: &str = r#"(promote (lastRank) "Rook")"#;

fn codes(text: &str) -> Vec<String> {
    match compile_str("cycles.lud", text) {
        Ok(_) => Vec::new(),
        Err(d) => d.problems.iter().map(Problem::code_str).collect(),
    }
}

fn refused(text: &str) {
    let c = codes(text);
    assert!(
        c.iter().any(|c| c == "lud::compile::recursive_condition"),
        "expected a recursive condition, got {c:?} for\n{text}"
    );
}

/// Compiles and counts one and two plies, which judges every condition.
fn plays(text: &str) -> (u64, u64) {
    let g = compile_str("cycles.lud", text).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    (
        lud::perft::perft(&g.start(), 1),
        lud::perft::perft(&g.start(), 2),
    )
}

#[test]
fn a_capture_that_asks_whether_its_player_is_in_check_is_refused() {
    refused(&game(
        "(step All if:(not (inCheck Mover)))",
        "(slide Orthogonal)",
        PROMOTE,
        "",
    ));
}

#[test]
fn a_capture_that_asks_whether_a_square_is_attacked_is_refused() {
    refused(&game(
        "(step All)",
        "(slide Orthogonal if:(attacked (from)))",
        PROMOTE,
        "",
    ));
}

#[test]
fn a_move_that_asks_for_the_opponents_moves_is_refused() {
    // Finding White's moves asks for Black's, which asks for White's ...
    refused(&game(
        "(step All)",
        "(slide Orthogonal to:Empty if:(noMoves Opponent))",
        PROMOTE,
        "",
    ));
}

#[test]
fn a_promotion_to_a_piece_that_asks_again_is_refused() {
    // Whether the promoted pawn gives check is an attack test on pawns,
    // which judges the pawn's promotion again.
    refused(&game(
        "(step All)",
        "(slide Orthogonal)",
        r#"(promote (lastRank) "Pawn" if:(not (checks (to))))"#,
        "",
    ));
}

#[test]
fn a_promotion_that_asks_whether_the_new_piece_gives_check_plays() {
    // The rook it becomes asks nothing: no question without end.
    let n = plays(&game(
        "(step All)",
        "(slide Orthogonal)",
        r#"(promote (lastRank) "Rook" if:(not (checks (to))))"#,
        "",
    ));
    assert!(n.1 > 0);
}

#[test]
fn a_move_that_does_not_capture_may_ask_about_check() {
    // Attack tests judge only the rules that capture.
    let with = plays(&game(
        "(step All to:Empty if:(not (inCheck Mover))) (step All to:Enemy)",
        "(slide Orthogonal)",
        PROMOTE,
        "",
    ));
    let without = plays(&game(
        "(step All to:Empty) (step All to:Enemy)",
        "(slide Orthogonal)",
        PROMOTE,
        "",
    ));
    // At the start no king is in check, so the condition forbids nothing;
    // a ply later a king in check may no longer step to an empty square.
    assert_eq!(with.0, without.0);
    assert!(with.1 < without.1, "{with:?} against {without:?}");
}

#[test]
fn a_restriction_that_asks_for_the_opponents_moves_plays() {
    // Restrictions are judged in levels: each tests the opponent's moves by
    // the restrictions before it only.
    let n = plays(&game(
        "(step All)",
        "(slide Orthogonal)",
        PROMOTE,
        "(forbid (and (not (inCheck Next)) (noMoves Next)) unlessAll:True)",
    ));
    assert!(n.1 > 0);
}

#[test]
fn a_phase_restriction_that_asks_for_moves_is_refused() {
    // A phase's restrictions are judged by every rule, the phase's own too.
    refused(&game(
        "(step All)",
        "(slide Orthogonal)",
        PROMOTE,
        r#"(phase "opening" 2 (forbid (noMoves Mover)))"#,
    ));
}

#[test]
fn a_remembered_fact_that_asks_for_moves_is_refused() {
    // Facts are judged after every move, the moves tested against the
    // restrictions included.
    refused(&game(
        "(step All)",
        "(slide Orthogonal)",
        PROMOTE,
        r#"(remember "stuck" (noMoves Next))"#,
    ));
}
