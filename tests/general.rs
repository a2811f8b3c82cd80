//! The rules that hold in every game (RULES.md G-1 .. G-5), checked on the
//! shipped games and on small games written here.

#[path = "support/common.rs"]
mod common;

use common::random_record;
use lud::notation::{move_text, parse_move};
use lud::record::Record;
use lud::{Game, Outcome};

fn shatranj() -> Game {
    common::game("games/shatranj.lud")
}

#[test]
fn g_1_a_move_leaving_the_own_king_attacked_is_illegal() {
    let game = lud::compile_str("kings.lud", lud::EXAMPLE).unwrap();
    let pos = game.start();
    // Both king moves that would stand next to the other king are refused.
    let mut pos = pos;
    pos.play(parse_move(&pos, "a1b1").unwrap()).unwrap();
    let legal: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| move_text(&pos, m))
        .collect();
    assert!(!legal.contains(&"c3b2".to_string()) && !legal.contains(&"c3c2".to_string()));
    let err = parse_move(&pos, "c3c2").unwrap_err();
    assert!(err.message.contains("not allowed"), "{}", err.message);
}

#[test]
fn g_2_a_result_names_the_winner_or_a_draw_and_the_kind_of_ending() {
    let g = shatranj();
    let mate = g
        .position("k6R/8/1K6/8/8/7p/7P/8 b - - 0 1")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(mate.winner(), Some(0));
    assert_eq!(mate.kind(), "checkmate");
    assert_eq!(mate.score(), "1-0");
    let draw = Outcome::Draw {
        kind: "repetition".into(),
    };
    assert_eq!(
        (draw.winner(), draw.kind(), draw.score()),
        (None, "repetition", "1/2-1/2")
    );
    assert_eq!(
        lud::draw::outcome_text(g.model(), &mate),
        "White wins by checkmate"
    );
}

#[test]
fn g_3_a_record_replays_to_the_same_position() {
    let g = shatranj();
    let (pos, mut rec) = random_record(&g, 7, 60);
    rec.set_tag("Game", "Shatranj");
    let text = rec.to_text();
    let back = Record::parse(&text).unwrap();
    assert_eq!(back, rec);
    let replayed = back.replay(&g).unwrap();
    assert_eq!(replayed.to_string(), pos.to_string());
    assert_eq!(replayed.key(), pos.key());
    // A record with an illegal move says which move and why.
    let mut bad = back.clone();
    bad.moves.insert(0, "e2e5".into());
    let err = bad.replay(&g).unwrap_err().to_string();
    assert!(err.starts_with("ply 1 (1. e2e5)"), "{err}");
}

#[test]
fn g_4_repetition_ends_the_game_and_the_info_block_says_so() {
    let g = shatranj();
    let info = g.model().info.description.clone().unwrap_or_default();
    assert!(info.contains("threefold repetition"), "{info}");
    assert!(g
        .model()
        .ends
        .iter()
        .any(|e| e.text.contains("(repeated 3)")));
    // The move cap of `lud play` is tested with the command line (tests/cli.rs).
}

#[test]
fn g_5_a_repetition_compares_board_and_player_to_move_only() {
    let g = shatranj();
    let a = g.position("4k3/7p/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
    let b = g.position("4k3/7p/8/8/8/8/P7/4K3 w - - 57 30").unwrap();
    let c = g.position("4k3/7p/8/8/8/8/P7/4K3 b - - 0 1").unwrap();
    assert_eq!(a.key(), b.key(), "counters and move numbers do not count");
    assert_ne!(a.key(), c.key(), "the player to move does");
    // Two move orders reaching one position give one key.
    let mut x = g.start();
    let mut y = g.start();
    for m in ["b1c3", "b8c6", "g1f3"] {
        x.play(parse_move(&x, m).unwrap()).unwrap();
    }
    for m in ["g1f3", "b8c6", "b1c3"] {
        y.play(parse_move(&y, m).unwrap()).unwrap();
    }
    assert_eq!(x.key(), y.key());
}

#[test]
fn overlapping_rules_make_each_move_once() {
    // Two rules of the King reach the same squares: each move is listed once,
    // made by the first rule, and perft counts it once.
    let text = r#"(game "Overlap"
        (players {(player "White" N) (player "Black" S)})
        (equipment {
            (board (square 6))
            (piece "King" "K" royal:True (step All) (step Orthogonal to:Empty))
            (piece "Rook" "R" (betza "WR"))
        })
        (rules
            (start {(place White "King" c3) (place White "Rook" a1) (place Black "King" f6)})
            (play (forbid (inCheck Mover)))
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::compile_str("overlap.lud", text).unwrap();
    let pos = g.start();
    let moves = common::legal(&pos);
    let mut unique = moves.clone();
    unique.dedup();
    assert_eq!(moves, unique, "no move twice");
    assert_eq!(common::moves_from(&pos, "c3").len(), 8);
    assert_eq!(
        common::moves_from(&pos, "a1").len(),
        10,
        "the rook: 5 up, 5 right"
    );
    assert_eq!(lud::perft::perft(&pos, 1), moves.len() as u64);
    let king_step = pos
        .legal_moves()
        .into_iter()
        .find(|&m| lud::notation::move_text(&pos, m) == "c3c4")
        .unwrap();
    assert_eq!(
        pos.model().moves[king_step.rule()].text,
        "(step All)",
        "the first rule makes it"
    );
}

#[test]
fn overlapping_rules_of_many_moves_make_each_move_once() {
    // Three rules that each fly a piece to any empty square: hundreds of
    // moves alike, each listed once (the moves seen are hashed past a few
    // dozen), as many as one rule alone makes.
    let game = |rules: &str| {
        let text = format!(
            r#"(game "Fliers"
            (players {{(player "White" N) (player "Black" S)}})
            (equipment {{(board (square 9)) (piece "P" "P" {rules})}})
            (rules (start {{(place White "P" (rank 1)) (place Black "P" (rank 9))}})
                (end {{(if (noMoves Next) (loss Next "stuck"))}})))"#
        );
        lud::compile_str("fliers.lud", &text).unwrap()
    };
    let one = game("(fly (everywhere) to:Empty)");
    let three =
        game("(fly (everywhere) to:Empty) (fly (everywhere) to:Empty) (fly (everywhere) to:Empty)");
    let moves = common::legal(&three.start());
    assert_eq!(
        moves.len(),
        9 * 63,
        "each of 9 pieces to each of 63 empty squares"
    );
    assert_eq!(moves, common::legal(&one.start()));
    assert_eq!(
        lud::perft::perft(&three.start(), 2),
        lud::perft::perft(&one.start(), 2)
    );
}

#[test]
fn a_jump_and_another_move_to_the_same_square_are_written_apart() {
    // The Frog leaps two squares to an empty one, or jumps the enemy piece
    // between, taking it: both from a1 to c1, two moves with two texts that
    // a record reads back as they were played.
    let text = r#"(game "Frogs"
        (players {(player "White" N) (player "Black" S)})
        (equipment {
            (board (square 4))
            (piece "Frog" "F" (leap 2 0 to:Empty) (jump {E N} again:True))
        })
        (rules
            (start {(place White "Frog" a1) (place Black "Frog" {b1 d4})})
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::compile_str("frogs.lud", text).unwrap();
    let pos = g.start();
    let to_c1: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.model().board.name(m.to() as u16) == "c1")
        .collect();
    assert_eq!(to_c1.len(), 2, "the leap and the jump");
    let texts: Vec<String> = to_c1.iter().map(|&m| move_text(&pos, m)).collect();
    assert_eq!(texts, ["a1c1", "a1xc1"]);
    for (&m, t) in to_c1.iter().zip(&texts) {
        assert_eq!(parse_move(&pos, t), Ok(m), "{t} reads back as itself");
    }
    let b1 = usize::from(pos.model().board.parse("b1").unwrap());
    let after = |t: &str| {
        let mut p = pos.clone();
        p.play(parse_move(&pos, t).unwrap()).unwrap();
        p.piece_at(b1)
    };
    assert_eq!(after("a1xc1"), None, "the jump takes the Frog on b1");
    assert!(after("a1c1").is_some(), "the leap does not");
}

#[test]
fn a_number_made_of_parts_is_judged_at_each_move() {
    // Reversi's opening, its rule written with a sum: a disc goes where it
    // brackets at least one enemy disc. The sum reads the move (its size),
    // so it is judged for each square, not once for the position.
    let text = r#"(game "Sums"
        (players {(player "Black" N) (player "White" S)})
        (equipment {(board (square 8)) (piece "Disc" "D")})
        (rules
            (start {(place White "Disc" {d4 e5}) (place Black "Disc" {d5 e4})})
            (play (drop "Disc" (everywhere)
                if:(> (+ (size (bracketed All)) (- 1 1)) 0)
                then:(flip (bracketed All))))
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::compile_str("sums.lud", text).unwrap();
    let pos = g.start();
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| move_text(&pos, m))
        .collect();
    texts.sort();
    assert_eq!(texts.len(), 4, "the four squares of Reversi's first move");
    assert!(
        texts
            .iter()
            .all(|t| ["c4", "d3", "e6", "f5"].iter().any(|s| t.contains(s))),
        "{texts:?}"
    );
}

/// Kings on a small board, each side making two moves in a row at first;
/// a move after which the opponent moves next is forbidden (`is`).
const RUNS: &str = r#"(game "Runs"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 4))
        (piece "King" "K" royal:True (step All))
    })
    (rules
        (start {(place White "King" a1) (place Black "King" d4)})
        (play
            (phase "opening" 2)
            (forbid (inCheck Mover))
            (forbid (and (is Next Opponent) (not (is Mover Next)))))
        (end {(if (noMoves Next) (draw "no moves"))})))
"#;

#[test]
fn is_tells_a_run_of_moves_from_the_turn_passing() {
    let game = lud::compile_str("runs.lud", RUNS).unwrap();
    let mut pos = game.start();
    // White's first move leaves White to move again: allowed.
    assert_eq!(pos.legal_moves().len(), 3);
    pos.play(parse_move(&pos, "a1b2").unwrap()).unwrap();
    // Its second would hand the turn to Black: every one is refused.
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::draw("no moves")));
}

#[test]
fn a_refused_removal_says_why() {
    // Black may remove White's stone on c3 (or pass); a1 holds Black's own
    // stone, c1 nothing.
    let text = r#"(game "Removals"
        (players {(player "Black" N) (player "White" S)})
        (equipment {(board (square 3)) (piece "Stone" "S")})
        (rules
            (start {(place Black "Stone" {a1 b1}) (place White "Stone" c3)})
            (play (remove (everywhere)) (pass))
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::compile_str("removals.lud", text).unwrap();
    let pos = g.start();
    let own = parse_move(&pos, "xa1").unwrap_err();
    assert_eq!(
        own.message,
        "you cannot remove the piece on a1: it is your own Stone, and a removal takes another player's piece"
    );
    // The removals allowed, and only they (not the pass).
    assert_eq!(own.help.as_deref(), Some("you may remove: xc3"));
    let empty = parse_move(&pos, "xc1").unwrap_err();
    assert_eq!(empty.message, "there is no piece on c1 to remove");
    assert_eq!(move_text(&pos, parse_move(&pos, "xc3").unwrap()), "xc3");
}
