//! Effects that change what pieces are and what players have: `(transform
//! PATTERN "Kind")` changes the kind of the pieces a pattern selects,
//! `(addScore PLAYER N)` adds to a player's score, read by `(score PLAYER)`,
//! and `(size PATTERN)` counts what a pattern selects. Scores live in the
//! position: its string (`score=1,0`), its key, `show` and `explain`. A
//! promotion's `then:` runs the same effects from the square promoted on.

#[path = "support/common.rs"]
mod common;

use common::{name_on, piece_on, play, pos};
use lud::{Game, Outcome};

/// Men that score a point for each enemy man they take by custodian
/// capture, turn enemy men bracketed along a diagonal into stones, and
/// score five for reaching the far rank (where they become kings). Two
/// points win; with no move left, the higher score wins.
const SCORED: &str = r#"(game "Scored"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 5))
        (piece "Man" "M"
            (step Orthogonal to:Empty then:{
                (addScore Mover (size (sandwiched Orthogonal piece:"Man")))
                (capture (sandwiched Orthogonal piece:"Man"))
                (transform (bracketed Diagonal piece:"Man") "Stone")})
            (promote (lastRank) "King" then:(addScore Mover 5)))
        (piece "King" "K" (step All to:Empty))
        (piece "Stone" "S")
    })
    (rules
        (start {(place White "Man" {a1 c1}) (place Black "Man" {b5 d5})})
        (end {
            (if (>= (score Mover) 2) (win Mover "two points"))
            (if (noMoves Next) (byScore (score Mover) "most points"))
        })))"#;

fn scored() -> Game {
    lud::build::compile_str("scored.lud", SCORED).expect("the example compiles")
}

#[test]
fn a_capture_scores_the_pieces_it_takes_and_the_score_is_in_the_position() {
    let g = scored();
    // White a2 to a3 takes b3 (between a3 and c3): one point.
    let mut p = pos(&g, "5/5/1mM2/M4/5 w - - 0 1");
    assert_eq!(p.score(0), 0);
    play(&mut p, "a2a3");
    assert_eq!(name_on(&p, "b3"), None);
    assert_eq!((p.score(0), p.score(1)), (1, 0));
    let text = p.to_string();
    assert!(text.contains(" score=1,0"), "{text}");
    // Read back: the same score, the same key (a repetition tells it apart).
    let back = pos(&g, &text);
    assert_eq!(back.score(0), 1);
    assert_eq!(back.to_string(), text);
    assert_eq!(back.key(), p.key());
    let zero = pos(&g, &text.replace(" score=1,0", ""));
    assert_ne!(zero.key(), p.key(), "the score is part of the position");
    // A move that takes nothing scores nothing.
    let mut q = pos(&g, "5/5/5/M4/5 w - - 0 1");
    play(&mut q, "a2a3");
    assert_eq!(q.score(0), 0);
    assert!(!q.to_string().contains("score="), "{q}");
}

#[test]
fn a_score_decides_the_game_through_the_end_rules() {
    let g = scored();
    // One point already; taking b3 makes two: White wins.
    let mut p = pos(&g, "5/5/1mM2/M4/5 w - - 0 1 score=1,0");
    play(&mut p, "a2a3");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "two points")));
    // No move for either: the higher score wins, here Black's.
    let q = pos(&g, "5/5/5/5/5 w - - 0 1 score=0,1");
    assert_eq!(q.outcome(), Some(Outcome::win(1, "most points")), "{q}");
}

#[test]
fn transform_changes_the_kind_of_the_pieces_a_pattern_selects_keeping_their_owner() {
    let g = scored();
    // b1 to b2: c3 stands between b2 and d4 along the diagonal.
    let mut p = pos(&g, "5/3M1/2m2/5/1M3 w - - 0 1");
    play(&mut p, "b1b2");
    assert_eq!(piece_on(&p, "c3"), Some(("Stone".into(), 1)));
    assert_eq!(p.to_string().split(' ').next(), Some("5/3M1/2s2/1M3/5"));
    // The stone is no man: a pattern for men passes over it.
    let mut q = pos(&g, "5/5/1sM2/M4/5 w - - 0 1");
    play(&mut q, "a2a3");
    assert_eq!(name_on(&q, "b3").as_deref(), Some("Stone"));
    assert_eq!(q.score(0), 0);
}

#[test]
fn a_promotion_runs_its_effects_from_the_square_promoted_on() {
    let g = scored();
    let mut p = pos(&g, "5/M4/5/5/4m w - - 0 1");
    play(&mut p, "a4a5=K");
    assert_eq!(name_on(&p, "a5").as_deref(), Some("King"));
    assert_eq!(p.score(0), 5);
    assert_eq!(p.outcome(), Some(Outcome::win(0, "two points")));
}

#[test]
fn explain_and_describe_name_the_new_effects() {
    let g = scored();
    let p = pos(&g, "5/3M1/2m2/5/1M3 w - - 0 1");
    let m = lud::notation::parse_move(&p, "b1b2").expect("legal");
    let words = lud::explain::legal_move(&p, m);
    assert!(words.contains("the Man on c3 becomes a Stone"), "{words}");
    let q = pos(&g, "5/5/1mM2/M4/5 w - - 0 1");
    let m = lud::notation::parse_move(&q, "a2a3").expect("legal");
    let words = lud::explain::legal_move(&q, m);
    assert!(words.contains("White's score goes from 0 to 1."), "{words}");
    let rules = lud::describe::describe(&g);
    assert!(
        rules.contains("is added to the score of the mover"),
        "{rules}"
    );
    assert!(rules.contains("become Stones"), "{rules}");
    // `show` prints the scores under the board.
    let board = lud::draw::board(&q);
    assert!(board.contains("Score: White 0; Black 0"), "{board}");
}

#[test]
fn a_score_field_with_the_wrong_count_or_not_a_number_is_refused() {
    let g = scored();
    for (text, says) in [
        ("5/5/5/5/5 w - - 0 1 score=1", "1 score(s) given"),
        ("5/5/5/5/5 w - - 0 1 score=x,0", "not a whole number"),
        (
            "5/5/5/5/5 w - - 0 1 score=1,99999999999",
            "beyond what lud holds",
        ),
    ] {
        let e = g.position(text).expect_err(text);
        assert!(
            e.to_string().contains(says) || format!("{e:?}").contains(says),
            "{text}: {e:?}"
        );
    }
    let neg = pos(&g, "5/5/5/5/5 w - - 0 1 score=-3,2");
    assert_eq!((neg.score(0), neg.score(1)), (-3, 2));
}

#[test]
fn a_promotion_cannot_continue_the_turn_it_may_move_again() {
    let bad = SCORED.replace(
        r#"(promote (lastRank) "King" then:(addScore Mover 5))"#,
        r#"(promote (lastRank) "King" then:(continue (step All to:Empty)))"#,
    );
    assert_ne!(bad, SCORED);
    let Err(e) = lud::build::compile_str("bad.lud", &bad) else {
        panic!("a continue after promoting was accepted");
    };
    let text = format!("{e:?}");
    assert!(
        text.contains("WrongType") && text.contains("found: \"the ludeme `(continue ...)`\""),
        "{text}"
    );
}

#[test]
fn a_kind_only_a_transform_makes_is_no_piece_that_never_appears() {
    // `lud check` accepts the game with no warning: the Stone comes onto
    // the board by the men's transform, though nothing places it.
    let d = lud::build::check(&lud::source::SourceFile::new("scored.lud", SCORED));
    assert!(d.problems.is_empty(), "{}", d.render_plain());
}
