//! `lud play` as a player uses it, with typed lines on a pipe: taking a
//! turn back and playing it again, hints, resigning, draw offers, the board
//! turned round, and what the move lines say (numbers, pieces taken,
//! check). The same session on a real terminal is in `play_terminal.rs`.

#[path = "support/cli_run.rs"]
mod cli_run;

use cli_run::{assert_ok, lud, play};

/// The first board of a run's output: its lines, from the rank at the top
/// to the files' letters.
fn first_board(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains("  "))
        .expect("a board");
    lines[start..]
        .iter()
        .take_while(|l| !l.trim_start().starts_with(|c: char| c.is_ascii_lowercase()))
        .copied()
        .collect()
}

/// The position string the run ended at.
fn last_position(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.strip_prefix("Position: "))
        .expect("a position")
}

/// The moves of the record a run printed (after the tags).
fn record_moves(out: &str) -> String {
    let tail = out.trim_end().rsplit("\n\n").next().unwrap_or("");
    tail.trim().to_string()
}

#[test]
fn undo_takes_back_a_whole_turn_against_the_computer() {
    let start = lud(&play("games/shatranj.lud", "human", "ai", &[]), "quit\n");
    let r = lud(
        &play("games/shatranj.lud", "human", "ai", &["--seed", "4"]),
        "e2e3\nundo\nquit\n",
    );
    assert_ok(&r);
    // The computer's reply and the human's move are both taken back.
    assert_eq!(r.stdout.matches("Taken back: ").count(), 2, "{}", r.stdout);
    assert!(r.stdout.contains("Taken back: 1. White plays e3 (e2e3)"));
    assert_eq!(last_position(&r.stdout), last_position(&start.stdout));
    assert_eq!(record_moves(&r.stdout), "*");
}

#[test]
fn undo_takes_back_a_turn_in_parts_whole() {
    // Amazons: the human's queen move and arrow, and the computer's reply
    // (a queen move and an arrow too): four plies, back to the start.
    let start = lud(&play("games/amazons.lud", "human", "random", &[]), "quit\n");
    let r = lud(
        &play("games/amazons.lud", "human", "random", &[]),
        "d1d5\nd5b7\nundo\nquit\n",
    );
    assert_ok(&r);
    assert_eq!(r.stdout.matches("Taken back: ").count(), 4, "{}", r.stdout);
    assert!(r.stdout.contains("Taken back: 1. White plays Qd5 (d1d5)"));
    assert_eq!(last_position(&r.stdout), last_position(&start.stdout));
    // Between two humans, a turn of one's own halfway through: its first
    // part is taken back, and `redo` plays it again.
    let both = play("games/amazons.lud", "human", "human", &[]);
    let half = lud(&both, "d1d5\nundo\nredo\nquit\n");
    assert_ok(&half);
    assert!(half
        .stdout
        .contains("Taken back: 1. White plays Qd5 (d1d5)"));
    assert!(half
        .stdout
        .contains("Played again: 1. White plays Qd5 (d1d5)"));
    assert!(half.stdout.contains("\n1. d1d5 *\n"), "{}", half.stdout);
}

#[test]
fn undo_with_nothing_of_yours_to_take_back_is_refused() {
    let r = lud(
        &play("games/shatranj.lud", "ai", "human", &["--seed", "4"]),
        "undo\nquit\n",
    );
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("Refused: there is no turn of yours to take back."),
        "{}",
        r.stdout
    );
    // The computer's first move stands.
    assert!(record_moves(&r.stdout).starts_with("1. "), "{}", r.stdout);
}

#[test]
fn redo_plays_the_turn_taken_back_again() {
    let args = play("games/shatranj.lud", "human", "ai", &["--seed", "4"]);
    let plain = lud(&args, "e2e3\nquit\n");
    let r = lud(&args, "e2e3\nundo\nredo\nquit\n");
    assert_ok(&r);
    assert_eq!(
        r.stdout.matches("Played again: ").count(),
        2,
        "{}",
        r.stdout
    );
    assert_eq!(last_position(&r.stdout), last_position(&plain.stdout));
    assert_eq!(record_moves(&r.stdout), record_moves(&plain.stdout));
    // A new move forgets what was taken back.
    let r = lud(&args, "e2e3\nundo\nd2d3\nredo\nquit\n");
    assert!(r
        .stdout
        .contains("Refused: nothing was taken back to play again."));
}

#[test]
fn resigning_loses_by_resignation() {
    let r = lud(&play("games/shatranj.lud", "human", "ai", &[]), "resign\n");
    assert_ok(&r);
    assert!(r.stdout.contains("White resigns."), "{}", r.stdout);
    assert!(r.stdout.contains("Result: Black wins by resignation (0-1)"));
    assert!(r.stdout.contains("[Termination \"resignation\"]"));
    assert!(r.stdout.contains("[Result \"0-1\"]"));
}

#[test]
fn a_draw_offered_to_a_human_is_agreed_or_declined() {
    let args = play("games/chess.lud", "human", "human", &[]);
    let r = lud(&args, "draw\nyes\n");
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("Black, White offers a draw. Do you agree?"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Result: Draw by agreement (1/2-1/2)"));
    let r = lud(&args, "draw\nno\nquit\n");
    assert!(
        r.stdout.contains("Black declines the draw."),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Result: unfinished (*)"));
}

#[test]
fn the_random_player_declines_a_draw() {
    let r = lud(
        &play("games/chess.lud", "human", "random", &[]),
        "draw\nquit\n",
    );
    assert!(
        r.stdout.contains("Black declines the draw."),
        "{}",
        r.stdout
    );
}

#[test]
fn the_computer_takes_a_draw_only_when_it_is_not_ahead() {
    // White, to move, has only its king against a rook: the computer (Black)
    // is ahead and declines. With the rook White's, it accepts.
    let behind = lud(
        &play(
            "games/chess.lud",
            "human",
            "ai",
            &["--position", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"],
        ),
        "draw\nquit\n",
    );
    assert!(
        behind.stdout.contains("Black declines the draw."),
        "{}",
        behind.stdout
    );
    let ahead = lud(
        &play(
            "games/chess.lud",
            "human",
            "ai",
            &["--position", "4k3/8/8/8/8/8/R7/4K3 w - - 0 1"],
        ),
        "draw\n",
    );
    assert!(
        ahead.stdout.contains("Result: Draw by agreement (1/2-1/2)"),
        "{}",
        ahead.stdout
    );
}

#[test]
fn a_hint_is_a_legal_move() {
    let r = lud(
        &play("games/shatranj.lud", "human", "ai", &[]),
        "hint\nmoves\nquit\n",
    );
    // "Hint: Nf3 (g1f3; White is ...)": SAN, then the coordinates.
    let after = r.stdout.split("Hint: ").nth(1).expect("a hint");
    let san = after.split_whitespace().next().unwrap();
    let hint = after
        .split_once('(')
        .and_then(|(_, t)| t.split(';').next())
        .expect("the hint's coordinates");
    assert!(!san.is_empty() && san != hint, "{after}");
    let moves = r
        .stdout
        .lines()
        .find(|l| l.contains("b1a3 ") || l.ends_with("b1a3"))
        .map(|l| l.rsplit(": ").next().unwrap_or(l))
        .expect("the moves");
    assert!(
        moves.split_whitespace().any(|m| m == hint),
        "{hint} not in {moves}"
    );
    assert!(r.stdout.contains("plies ahead"), "{}", r.stdout);
}

#[test]
fn flip_turns_the_board_round() {
    let r = lud(
        &play("games/shatranj.lud", "human", "ai", &[]),
        "flip\nquit\n",
    );
    let (before, after) = r.stdout.split_once("\n1. White to move").unwrap();
    assert!(first_board(before)[0].starts_with("8 "), "{before}");
    // After `flip`, the first rank is at the top, the h-file at the left.
    assert!(
        after.contains("): 1  R  N  B  Q  K  B  N  R\n2  P  P  P  P  P  P  P  P\n"),
        "{after}"
    );
    assert!(after.contains("\n   h  g  f  e  d  c  b  a\n"));
}

#[test]
fn the_board_is_seen_from_the_side_of_the_only_human() {
    let r = lud(
        &play("games/shatranj.lud", "ai", "human", &["--seed", "1"]),
        "quit\n",
    );
    let board = first_board(&r.stdout);
    assert!(board[0].starts_with("1 "), "{board:?}");
    assert!(r.stdout.contains("1... Black to move"), "{}", r.stdout);
    // And --flip turns it back.
    let r = lud(
        &play(
            "games/shatranj.lud",
            "ai",
            "human",
            &["--seed", "1", "--flip"],
        ),
        "quit\n",
    );
    assert!(first_board(&r.stdout)[0].starts_with("8 "));
}

#[test]
fn the_legend_names_the_pieces_in_the_games_own_words() {
    let r = lud(&play("games/draughts.lud", "human", "ai", &[]), "quit\n");
    assert!(r.stdout.contains("Pieces: M Man, K King."), "{}", r.stdout);
    assert!(r
        .stdout
        .contains("Capitals are Black's pieces, small letters White's"));
    let r = lud(&play("games/nilakantha.lud", "human", "ai", &[]), "quit\n");
    assert!(r.stdout.contains("R Elephant"), "{}", r.stdout);
    assert!(r
        .stdout
        .contains("Squares in [brackets] are the region Marked."));
}

#[test]
fn a_ply_says_what_it_took_and_check_and_the_pieces_taken_are_listed() {
    let r = lud(
        &play(
            "games/chess.lud",
            "human",
            "human",
            &["--position", "r3k3/8/8/8/8/3p4/4P3/R3K3 w - - 0 7"],
        ),
        "e2d3\na8a1\nquit\n",
    );
    assert!(
        r.stdout
            .contains("7. White plays exd3 (e2d3; takes the Pawn on d3)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("White has taken p."));
    assert!(r
        .stdout
        .contains("7... Black plays Rxa1+ (a8a1; takes the Rook on a1; check)"));
    assert!(r.stdout.contains("White has taken p; Black has taken R."));
    // The last move is drawn in parentheses: where it went and came from.
    assert!(r.stdout.contains("1 (r)"), "{}", r.stdout);
    assert!(r.stdout.contains("8 ( )"), "{}", r.stdout);
}

#[test]
fn a_finished_game_can_still_be_taken_back() {
    let r = lud(
        &play(
            "games/chess.lud",
            "human",
            "human",
            &["--position", "k7/8/1K6/8/8/8/8/7R w - - 0 1"],
        ),
        "h1h8\nundo\nquit\n",
    );
    assert_ok(&r);
    assert!(r.stdout.contains("White wins by checkmate"), "{}", r.stdout);
    assert!(r
        .stdout
        .contains("The game is over: `undo` takes back a turn"));
    assert!(r.stdout.contains("Taken back: 1. White plays Rh8# (h1h8)"));
    assert!(r.stdout.contains("Result: unfinished (*)"));
    // Without `undo`, the game ends as it is.
    let r = lud(
        &play(
            "games/chess.lud",
            "human",
            "human",
            &["--position", "k7/8/1K6/8/8/8/8/7R w - - 0 1"],
        ),
        "h1h8\n\n",
    );
    assert!(r.stdout.contains("Result: White wins by checkmate (1-0)"));
}

#[test]
fn a_game_of_computers_shows_no_moves_on_a_pipe() {
    let r = lud(
        &play(
            "games/connect-four.lud",
            "random",
            "random",
            &["--seed", "3"],
        ),
        "",
    );
    assert_ok(&r);
    assert_eq!(r.stderr, "", "progress on a pipe");
}
