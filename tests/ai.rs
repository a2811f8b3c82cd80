//! The computer player: it plays every kind of move a game has, and it keeps
//! its budget (nodes, time) inside an iteration, not only between them.

#[path = "support/common.rs"]
mod common;

use std::time::Duration;

use common::{game, game_with, pos};
use lud::ai::{evaluate, think, Method, Score, Settings};

/// A player whose only moves are removals (`(remove ...)`, a move that takes
/// no piece from a square): the move ordering once read the square the piece
/// leaves and panicked.
#[test]
fn the_computer_plays_a_removal_move() {
    let g = game_with(
        "games/parsi-chess.lud",
        Some("Shastree"),
        &[("stalemate", "confiscate")],
    );
    // White is stalemated; both kings' leaps are used, so every move is a removal.
    let p = pos(&g, "k7/8/8/8/8/p7/P4q2/7K w - - 0 1 flags=leapt:h1,a8");
    let legal = p.legal_moves();
    assert!(!legal.is_empty() && legal.iter().all(|m| m.from().is_none()));
    let mut rng = fastrand::Rng::with_seed(1);
    let c = think(&p, Settings::default(), &mut rng);
    let m = c.best.expect("a removal to make");
    assert!(
        legal.contains(&m),
        "the computer's move is one of the legal ones"
    );
}

/// The node budget stops the search in the middle of an iteration: a search
/// of chess to depth 6 with 500 nodes looks at no more than 501 (the node that
/// finds the budget spent), and still answers with a legal move.
#[test]
fn the_node_budget_holds_inside_an_iteration() {
    let g = game("games/chess.lud");
    let p = g.start();
    for budget in [1, 50, 500, 5_000] {
        let mut rng = fastrand::Rng::with_seed(7);
        let settings = Settings {
            max_depth: 6,
            max_nodes: budget,
            max_time: None,
            threads: 1,
            method: Method::AlphaBeta,
        };
        let c = think(&p, settings, &mut rng);
        assert!(
            c.nodes <= budget + 1,
            "budget {budget}: searched {} nodes",
            c.nodes
        );
        let m = c.best.expect("a move");
        assert!(p.legal_moves().contains(&m));
        assert!(c.depth < 6, "budget {budget}: a 6-ply search cannot fit");
    }
}

/// A spent time budget stops the search at the next look at the clock (every
/// 256 nodes), with a legal move all the same.
#[test]
fn the_time_budget_holds_inside_an_iteration() {
    let g = game("games/chess.lud");
    let p = g.start();
    let mut rng = fastrand::Rng::with_seed(3);
    let settings = Settings {
        max_depth: 6,
        max_nodes: u64::MAX,
        max_time: Some(Duration::ZERO),
        threads: 1,
        method: Method::AlphaBeta,
    };
    let c = think(&p, settings, &mut rng);
    assert!(c.nodes <= 256, "searched {} nodes", c.nodes);
    assert!(p.legal_moves().contains(&c.best.expect("a move")));
}

/// With budget to spare, iterations finish and the deepest is reported.
#[test]
fn a_finished_search_reports_its_depth() {
    let g = game("games/chess.lud");
    let p = g.start();
    let mut rng = fastrand::Rng::with_seed(3);
    let settings = Settings {
        max_depth: 2,
        max_nodes: 1_000_000,
        max_time: None,
        threads: 1,
        method: Method::AlphaBeta,
    };
    let c = think(&p, settings, &mut rng);
    assert_eq!(c.depth, 2);
    assert!(
        c.nodes > 20,
        "two plies of chess see more than 20 positions"
    );
}

/// The games with effects on other squares and turns in parts, each played
/// as `lud play FILE --white ai --black random --seed 1` (the computer is
/// the first player, whatever the game calls it), with the computer's
/// default budget: the computer wins every one. What each game needs of it:
/// Reversi, the search its file asks for (Monte Carlo tree search, random
/// games to the end); Breakthrough, the balance of pieces; Gomoku and Connect6, the
/// search alone (a line of its own, a line of the opponent's blocked);
/// Connect6, the same player moving again within a turn; the Game of the
/// Amazons, where nothing is ever taken, the freedom to move (with seed 5
/// it lost when it judged only the pieces and the centre); Chinese checkers,
/// a race, each marble's distance from the point the end rules want filled
/// (it went round in circles when it judged only the freedom to move).
#[test]
fn the_computer_wins_a_seeded_game_of_each_new_game() {
    let games = [
        ("games/reversi.lud", "1"),
        ("games/amazons.lud", "1"),
        ("games/amazons.lud", "5"),
        ("games/breakthrough.lud", "1"),
        ("games/gomoku.lud", "1"),
        ("games/connect6.lud", "1"),
        ("games/chinese-checkers.lud", "1"),
    ];
    for (file, seed) in games {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lud"))
            .args([
                "play", file, "--white", "ai", "--black", "random", "--seed", seed, "--quiet",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("lud runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{file} seed {seed}: {stdout}");
        let result = stdout
            .lines()
            .find(|l| l.starts_with("Result: "))
            .unwrap_or_else(|| panic!("{file}: no result line\n{stdout}"));
        assert!(result.ends_with("(1-0)"), "{file} seed {seed}: {result}");
        let g = game(file);
        let first = &g.model().players[0].name;
        assert!(
            result.starts_with(&format!("Result: {first} wins")),
            "{file}: {result}"
        );
    }
}

/// Monte Carlo tree search keeps its node budget (each walk down the tree
/// and each ply of a playout counts; a playout in progress may finish past
/// it) and answers with a legal move, alone and on two threads.
#[test]
fn monte_carlo_search_keeps_its_budget_and_plays_a_legal_move() {
    let g = game("games/connect-four.lud");
    // Off the game's opening (which is played without a search).
    let mut p = g.start();
    p.play(lud::notation::parse_move(&p, "@c1").unwrap())
        .unwrap();
    for (threads, method) in [1, 2]
        .into_iter()
        .flat_map(|t| [(t, Method::Mcts), (t, Method::Rave)])
    {
        let mut rng = fastrand::Rng::with_seed(5);
        let settings = Settings {
            max_nodes: 3_000,
            threads,
            method,
            ..Settings::default()
        };
        let c = think(&p, settings, &mut rng);
        // A playout of Connect Four lasts at most 42 plies.
        assert!(
            c.nodes <= threads as u64 * (3_000 + 50),
            "{method:?}, threads {threads}: {} nodes",
            c.nodes
        );
        assert!(
            c.nodes >= 3_000,
            "{method:?}, threads {threads}: the budget is used"
        );
        assert!(p.legal_moves().contains(&c.best.expect("a move")));
    }
}

/// Monte Carlo tree search, with RAVE or without, takes a win in one, and
/// blocks the other side's: with three discs in a row on the bottom rank
/// and the fourth square open, Red (to move) completes its own row, or
/// fills the square Yellow's row needs.
#[test]
fn monte_carlo_search_wins_at_once_or_blocks() {
    let g = game("games/connect-four.lud");
    for (method, position, after) in [Method::Mcts, Method::Rave].into_iter().flat_map(|m| {
        [
            (m, "7/7/7/7/DDD4/ddd4 r - - 0 4", "dddd3"),
            (m, "7/7/7/7/ddd4/DDD4 r - - 0 4", "DDDd3"),
        ]
    }) {
        let settings = Settings {
            max_nodes: 5_000,
            method,
            ..Settings::default()
        };
        let p = pos(&g, position);
        let mut rng = fastrand::Rng::with_seed(9);
        let m = think(&p, settings, &mut rng).best.expect("a move");
        let mut q = p.clone();
        q.play(m).unwrap();
        assert!(
            q.to_string().contains(&format!("/{after} ")),
            "{method:?}, {position}: played to {q}"
        );
    }
}

/// In games won by lines, the search past its depth finishes a line that
/// can be finished, and blocks one the other side could finish, before it
/// judges a position: one ply deep, Yellow sees that b1 c1 d1 leaves two
/// squares to finish the row (a1, e1) and wins in three; Red, facing a1 b1
/// c1, blocks at d1 whatever the order its moves are tried in.
#[test]
fn the_search_past_its_depth_finishes_and_blocks_lines() {
    let g = game("games/connect-four.lud");
    let one_ply = Settings {
        max_depth: 1,
        max_nodes: 1_000_000,
        max_time: None,
        threads: 1,
        method: Method::AlphaBeta,
    };
    let p = pos(&g, "7/7/7/7/1dd4/1DD4 y - - 0 3");
    let c = think(&p, one_ply, &mut fastrand::Rng::with_seed(1));
    assert_eq!(c.score, Score::WinIn(3), "Yellow's double threat");
    let mut q = p.clone();
    q.play(c.best.expect("a move")).unwrap();
    assert!(q.to_string().starts_with("7/7/7/7/1dd4/1DDD3 "), "{q}");

    let p = pos(&g, "7/7/7/7/dd5/DDD4 r - - 0 3");
    for seed in 1..=5 {
        let c = think(&p, one_ply, &mut fastrand::Rng::with_seed(seed));
        let mut q = p.clone();
        q.play(c.best.expect("a move")).unwrap();
        assert!(q.to_string().starts_with("7/7/7/7/dd5/DDDd3 "), "{q}");
        assert!(
            matches!(c.score, Score::Balance(_)),
            "the block loses nothing at once: {:?}",
            c.score
        );
    }
}

/// A game's opening (`(info opening:...)`) is played without a search
/// while the game follows it, by either kind of search and whatever the
/// seed: Connect Four's opens in the middle column (d1). Once the game has
/// left it (Red to move after d1), the computer searches again.
#[test]
fn the_computer_plays_the_games_opening_then_searches() {
    let g = game("games/connect-four.lud");
    for method in [Method::AlphaBeta, Method::Mcts] {
        let settings = Settings {
            max_depth: 64,
            max_nodes: 2_000,
            max_time: None,
            threads: 1,
            method,
        };
        for seed in 1..=6 {
            let c = think(&g.start(), settings, &mut fastrand::Rng::with_seed(seed));
            assert_eq!((c.nodes, c.depth), (0, 0), "{method:?}: no search");
            let mut q = g.start();
            q.play(c.best.expect("a move")).unwrap();
            assert!(q.to_string().starts_with("7/7/7/7/7/3D3 "), "{q}");
            let c = think(&q, settings, &mut fastrand::Rng::with_seed(seed));
            assert!(c.nodes > 0, "{method:?}: after d1 the computer searches");
        }
    }
}

/// An opening of several lines with the replies they expect in
/// brackets: the computer makes a line's own moves without a search, for
/// either side, never a bracketed reply (there it searches), and where the
/// lines part it follows the one the game took.
#[test]
fn the_computer_follows_the_opening_line_the_game_takes_never_its_replies() {
    let src = r#"(game "Lines"
        (info opening:{"@b2 (@a1) @c3 (@a3) @a2" "@b2 (@a2) @c1"})
        (players {(player "White" N) (player "Black" S)})
        (equipment {(board (square 3)) (piece "Stone" "S")})
        (rules
            (start {})
            (play (drop "Stone" (everywhere)))
            (end (if (inARow Mover 3) (win Mover "three in a row")))))"#;
    let g = lud::build::compile_str("lines.lud", src).expect("compiles");
    let settings = Settings {
        max_depth: 64,
        max_nodes: 2_000,
        max_time: None,
        threads: 1,
        method: Method::AlphaBeta,
    };
    let after = |moves: &[&str]| {
        let mut p = g.start();
        for m in moves {
            let mv = lud::notation::parse_move(&p, m).expect("legal");
            p.play(mv).unwrap();
        }
        p
    };
    let text = |p: &lud::Position, c: &lud::ai::Choice| {
        lud::notation::move_text(p, c.best.expect("a move"))
    };
    for (moves, book) in [
        (&[][..], Some("@b2")),
        (&["@b2"][..], None),
        (&["@b2", "@a1"][..], Some("@c3")),
        (&["@b2", "@a1", "@c3"][..], None),
        (&["@b2", "@a1", "@c3", "@a3"][..], Some("@a2")),
        (&["@b2", "@a2"][..], Some("@c1")),
        (&["@b2", "@c2"][..], None),
    ] {
        let p = after(moves);
        let c = think(&p, settings, &mut fastrand::Rng::with_seed(1));
        match book {
            Some(m) => {
                assert_eq!((c.nodes, text(&p, &c).as_str()), (0, m), "after {moves:?}");
            }
            None => assert!(c.nodes > 0, "after {moves:?} the computer searches"),
        }
    }
}

/// Where pieces fall, a square that would finish a line but cannot be
/// filled yet is worth more to the player left to fill it when the board
/// fills up: odd levels (from the bottom) for the first player, even ones
/// for the second. Each position is weighed against the same one with the
/// colours swapped, so that all else cancels out: Yellow (first) gains by
/// three in a row waiting on d3, and loses by one waiting on d2.
#[test]
fn a_waiting_line_is_worth_more_on_the_level_its_player_fills() {
    let g = game("games/connect-four.lud");
    let swapped = |fen: &str| -> String {
        fen.chars()
            .map(|c| match c {
                'D' => 'd',
                'd' => 'D',
                c => c,
            })
            .collect()
    };
    for (board, sign) in [
        // Yellow's a3 b3 c3 wait on d3 (level 3), above an empty d2.
        ("7/7/7/DDD4/dDd3d/dDDd2d", 1),
        // Yellow's a2 b2 c2 wait on d2 (level 2), above an empty d1.
        ("7/7/7/7/DDD3d/dDd3d", -1),
    ] {
        let fen = format!("{board} y - - 0 1");
        let here = evaluate(&pos(&g, &fen));
        let there = evaluate(&pos(&g, &swapped(&fen)));
        assert_eq!(
            (here + there).signum(),
            sign,
            "{board}: {here} for Yellow, {there} with the colours swapped"
        );
    }
}

/// The same game with its drop rule written twice (the engine gives every
/// square to the first of two alike rules) is weighed as the game itself:
/// the squares that fill in turn are still known, though the second rule
/// has none of them.
#[test]
fn a_drop_rule_written_twice_keeps_the_weight_of_waiting_lines() {
    let g = game("games/connect-four.lud");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/connect-four.lud");
    let text = std::fs::read_to_string(path).expect("readable");
    let rule = "(drop \"Disc\" (everywhere) gravity:S)";
    assert!(text.contains(rule), "the rule is in the file");
    let twice =
        lud::build::compile_str("twice.lud", &text.replace(rule, &format!("{rule} {rule}")))
            .expect("it compiles");
    for board in ["7/7/7/DDD4/dDd3d/dDDd2d", "7/7/7/7/DDD3d/dDd3d"] {
        let fen = format!("{board} y - - 0 1");
        let (one, two) = (pos(&g, &fen), pos(&twice, &fen));
        assert_eq!(one.legal_moves().len(), two.legal_moves().len(), "{board}");
        assert_eq!(evaluate(&one), evaluate(&two), "{board}");
    }
}

/// What a search learnt is kept for the next move of the same game
/// ([`lud::ai::Memory`], as `lud play`, `lud match` and the protocols use
/// it): a game of alpha-beta against itself at a fixed budget reaches
/// deeper, move after move, than the same game searched afresh each move.
#[test]
fn a_kept_table_searches_deeper_on_the_moves_that_follow() {
    let g = game("games/shatranj.lud");
    let settings = Settings {
        max_depth: 64,
        max_nodes: 20_000,
        max_time: None,
        threads: 1,
        method: Method::AlphaBeta,
    };
    let memory = lud::ai::Memory::new();
    let (mut kept, mut fresh) = (0, 0);
    let mut p = g.start();
    for ply in 0..12 {
        let mut rng = fastrand::Rng::with_seed(3);
        let control = lud::ai::Control {
            memory: Some(&memory),
            ..lud::ai::Control::default()
        };
        let with = lud::ai::think_with(&p, settings, &mut rng, control);
        let mut rng = fastrand::Rng::with_seed(3);
        let without = think(&p, settings, &mut rng);
        eprintln!(
            "ply {ply}: depth {} kept, {} afresh",
            with.depth, without.depth
        );
        if ply > 0 {
            kept += with.depth;
            fresh += without.depth;
        }
        let m = with.best.expect("a move");
        p.play(m).expect("the search's move is legal");
    }
    assert!(kept > fresh, "depths {kept} kept, {fresh} afresh");
}
