//! The command line, run as a user runs it (`env!("CARGO_BIN_EXE_lud")`),
//! with its output snapshotted. Exit codes: 0 ok, 1 the input is wrong, 2 usage.

#[path = "support/cli_run.rs"]
mod cli_run;

use std::fmt::Write as _;

use cli_run::{lud, play, random_game, scratch};

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn check_a_good_file() {
    let r = lud(&["check", "games/shatranj.lud"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "games/shatranj.lud: ok\n");
}

#[test]
fn check_a_broken_file() {
    let r = lud(
        &["check", "tests/fixtures/bad/compile-unknown_ludeme.lud"],
        "",
    );
    assert_eq!(r.code, 1);
    snap!("cli_check_broken", r.stderr);
}

#[test]
fn check_every_bad_fixture_exits_1_without_panicking() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad");
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let r = lud(&["check", p.to_str().unwrap()], "");
        assert_eq!(r.code, 1, "{}: {}", p.display(), r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", p.display());
        assert!(r.stderr.contains("lud::"), "{}: no code", p.display());
    }
}

#[test]
fn check_as_json_for_editors() {
    // An error inside a macro (with its use site as a note), and a warning.
    let r = lud(
        &[
            "check",
            "--format",
            "json",
            "tests/fixtures/bad/define-missing_argument.lud",
            "tests/fixtures/bad/lint-unused_region.lud",
            "games/shatranj.lud",
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stderr, "", "nothing but JSON is printed");
    let mut severities = Vec::new();
    for line in r.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
        for key in [
            "file", "severity", "code", "message", "label", "span", "help", "notes",
        ] {
            assert!(v.get(key).is_some(), "{key} missing in {line}");
        }
        let span = &v["span"];
        assert!(span["start"].as_u64() <= span["end"].as_u64());
        assert!(span["line"].as_u64() >= Some(1) && span["column"].as_u64() >= Some(1));
        severities.push(v["severity"].as_str().unwrap().to_string());
    }
    assert!(severities.contains(&"error".to_string()));
    assert!(severities.contains(&"warning".to_string()));
    snap!("cli_check_json", r.stdout);
}

#[test]
fn check_warnings_fail_unless_allowed() {
    let fixture = "tests/fixtures/bad/lint-unused_define.lud";
    let r = lud(&["check", fixture], "");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("1 warning(s)"), "{}", r.stderr);
    let r = lud(&["check", "--allow-warnings", fixture], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("lud::lint::unused_define"),
        "{}",
        r.stderr
    );
}

#[test]
fn check_a_missing_file() {
    let r = lud(&["check", "games/no-such-game.lud"], "");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("cannot read games/no-such-game.lud"),
        "{}",
        r.stderr
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(lud(&["perft"], "").code, 2);
    assert_eq!(lud(&["frobnicate"], "").code, 2);
    assert_eq!(lud(&["perft", "games/shatranj.lud", "deep"], "").code, 2);
}

#[test]
fn perft_counts() {
    let r = lud(&["perft", "games/shatranj.lud", "3"], "");
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "4176\n");
    let r = lud(&["perft", "games/shatranj.lud", "2", "--divide"], "");
    snap!("cli_perft_divide", r.stdout);
}

#[test]
fn perft_from_a_position() {
    let r = lud(
        &[
            "perft",
            "games/shatranj.lud",
            "2",
            "--position",
            "r3k3/1P4P1/8/8/8/8/1p4p1/R2K4 w - - 0 1",
        ],
        "",
    );
    assert_eq!(r.stdout, "217\n");
}

#[test]
fn a_bad_position_is_explained() {
    let r = lud(
        &[
            "perft",
            "games/shatranj.lud",
            "1",
            "--position",
            "rnbkqbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBKQBNR w",
        ],
        "",
    );
    assert_eq!(r.code, 1);
    snap!("cli_bad_position", r.stderr);
    let r = lud(
        &["perft", "games/shatranj.lud", "1", "--position", "8/8/8 w"],
        "",
    );
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("the board has 3 rank(s)"), "{}", r.stderr);
}

/// `lud show` of every shipped game, golden.
#[test]
fn show_every_game() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let r = lud(&["show", &format!("games/{name}")], "");
            assert_eq!(r.code, 0, "{}", r.stderr);
            insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!("cli_show", r.stdout);
            });
        }
    );
}

/// `lud explain` on every shipped game, golden: where the start stands, a
/// legal first move (the first the game lists), and a move from an empty
/// square.
#[test]
fn explain_every_game() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            let name = format!("games/{}", path.file_name().unwrap().to_string_lossy());
            let src = lud::compile::read_source(path).unwrap();
            let game = lud::compile(&src).unwrap();
            let start = game.start();
            let first = lud::notation::move_text(&start, start.legal_moves()[0]);
            let mut out = String::new();
            for (args, code) in [
                (vec!["explain", name.as_str()], 0),
                (vec!["explain", name.as_str(), first.as_str()], 0),
                (vec!["explain", name.as_str(), "a5a6"], 1),
            ] {
                let r = lud(&args, "");
                assert_eq!(r.code, code, "{args:?}: {}{}", r.stdout, r.stderr);
                let _ = write!(out, "$ lud {}\n{}\n", args.join(" "), r.stdout);
            }
            insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!("cli_explain", out);
            });
        }
    );
}

#[test]
fn graph_as_dot_and_text() {
    let r = lud(&["graph", "games/shatranj.lud"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("digraph rules {"));
    snap!("cli_graph_dot", r.stdout);
}

#[test]
fn play_computer_against_random_ends_with_a_result() {
    let r = lud(
        &play(
            "games/shatranj.lud",
            "ai",
            "random",
            &["--seed", "1", "--ai-nodes", "5000"],
        ),
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\nResult: White wins by"), "{}", r.stdout);
    snap!("cli_play_ai_random", r.stdout);
}

#[test]
fn play_a_human_is_told_why_a_move_is_refused() {
    let input = "help\ne2e4\ne7e6\nd1d2\nz9z8\nhello\ne2e3\nquit\n";
    let r = lud(
        &play("games/shatranj.lud", "human", "random", &["--seed", "3"]),
        input,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    snap!("cli_play_human", r.stdout);
}

#[test]
fn play_stops_at_the_move_cap_with_a_draw() {
    let args = ["--seed", "2", "--max-plies", "12"];
    let r = lud(&random_game("games/shatranj.lud", &args), "");
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.contains("Result: Draw by move limit (1/2-1/2)"),
        "{}",
        r.stdout
    );
}

#[test]
fn play_writes_a_record_that_replays() {
    let dir = scratch("record");
    let rec = dir.join("game.txt");
    let args = ["--seed", "5", "--record", rec.to_str().unwrap()];
    let r = lud(&random_game("games/shatranj.lud", &args), "");
    assert_eq!(r.code, 0);
    let last = r
        .stdout
        .lines()
        .find(|l| l.starts_with("Position: "))
        .unwrap()
        .trim_start_matches("Position: ")
        .to_string();
    let replay = lud(&["replay", "games/shatranj.lud", rec.to_str().unwrap()], "");
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert!(
        replay.stdout.contains(&last),
        "{}\n---\n{last}",
        replay.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rulesets_and_options_are_checked_and_shown() {
    let r = lud(&["check", "games/parsi-chess.lud"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = lud(
        &["show", "games/parsi-chess.lud", "--ruleset", "Shastree"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    snap!("cli_show_parsi_shastree", r.stdout);
    let r = lud(
        &["perft", "games/parsi-chess.lud", "1", "--ruleset", "Murrey"],
        "",
    );
    assert_eq!(r.code, 2);
    snap!("cli_unknown_ruleset", r.stderr);
    let r = lud(
        &[
            "perft",
            "games/parsi-chess.lud",
            "1",
            "--option",
            "opening-moves=10",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    snap!("cli_bad_option_value", r.stderr);
    let r = lud(
        &[
            "perft",
            "games/parsi-chess.lud",
            "1",
            "--option",
            "opening=3",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean `opening-moves`?"),
        "{}",
        r.stderr
    );
    let r = lud(
        &[
            "perft",
            "games/parsi-chess.lud",
            "1",
            "--option",
            "opening-moves",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("NAME=VALUE"), "{}", r.stderr);
    let r = lud(
        &[
            "perft",
            "games/parsi-chess.lud",
            "2",
            "--ruleset",
            "Murray",
            "--option",
            "opening-moves=0",
        ],
        "",
    );
    assert_eq!(r.stdout, "324\n");
}

#[test]
fn play_parsi_offers_the_special_moves_and_names_the_rule_that_refuses() {
    // Murray: a horse is lost, so b8 promotes to one, which may leap on.
    let position = "7k/1P5p/8/8/8/8/8/R1BQKBNR w - - 0 1";
    let input = "moves\nb7b8r\nb7b8n,c5\ne1e3\nb7b8n,c6\nquit\n";
    let r = lud(
        &play(
            "games/parsi-chess.lud",
            "human",
            "random",
            &["--ruleset", "Murray", "--position", position, "--seed", "1"],
        ),
        input,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("e1c2"),
        "the king's leap is offered: {}",
        r.stdout
    );
    assert!(r.stdout.contains("b7b8n,a6"), "the extra leap is offered");
    snap!("cli_play_parsi_human", r.stdout);
    // A refusal by a restriction gives its reason.
    let r = lud(
        &play(
            "games/parsi-chess.lud",
            "human",
            "random",
            &[
                "--ruleset",
                "Murray",
                "--position",
                "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 phase=opening:3",
            ],
        ),
        "e4e5\nquit\n",
    );
    assert!(
        r.stdout
            .contains("Refused: e4e5 is not allowed: in the opening no piece may move into the opponent's half."),
        "{}",
        r.stdout
    );
}

#[test]
fn play_parsi_computer_games_end_with_a_result() {
    for ruleset in ["Murray", "Shastree"] {
        let r = lud(
            &play(
                "games/parsi-chess.lud",
                "ai",
                "random",
                &[
                    "--ruleset",
                    ruleset,
                    "--seed",
                    "3",
                    "--ai-nodes",
                    "400",
                    "--max-plies",
                    "120",
                ],
            ),
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.contains("\nResult: "), "{}", r.stdout);
        assert!(
            r.stdout.contains(&format!("[Ruleset \"{ruleset}\"]")),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn play_nilakantha_asks_for_the_setup_choice() {
    // NI-5: White's first move is the setup choice; the prompt says so, and
    // a move of normal play is refused with the setup phase named.
    let r = lud(
        &play("games/nilakantha.lud", "human", "random", &["--seed", "2"]),
        "e2e3\ng1f3\nh2h4\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("setup phase: choose one more pawn to advance two squares"),
        "{}",
        r.stdout
    );
    snap!("cli_play_nilakantha_setup", r.stdout);
}

#[test]
fn play_nilakantha_computer_game_runs_through_setup_to_a_result() {
    let r = lud(
        &play(
            "games/nilakantha.lud",
            "ai",
            "ai",
            &["--seed", "5", "--ai-nodes", "300", "--max-plies", "160"],
        ),
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\nResult: "), "{}", r.stdout);
    // The record opens with the two setup moves: each a pawn's two-square
    // advance from its own second rank.
    let record = r.stdout.lines().find(|l| l.starts_with("1. ")).unwrap();
    let moves: Vec<&str> = record.split_whitespace().collect();
    for (m, (from_rank, to_rank)) in moves[1..3].iter().zip([('2', '4'), ('7', '5')]) {
        let b = m.as_bytes();
        assert_eq!(b.len(), 4, "{record}");
        assert_eq!(
            (b[0], b[1] as char, b[3] as char),
            (b[2], from_rank, to_rank),
            "{record}"
        );
    }
}

#[test]
fn explain_a_legal_and_a_refused_move() {
    // Plain English by default: what the move does, no rule-file syntax.
    let r = lud(&["explain", "games/shatranj.lud", "b1c3"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("b1c3 is legal."), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "The Horse on b1 jumps like a knight: two squares one way and one square the other"
        ),
        "says how it moves: {}",
        r.stdout
    );
    assert!(!r.stdout.contains("(leap"), "{}", r.stdout);
    // `--verbose` quotes the rule as the file writes it, for authors.
    let r = lud(&["explain", "games/shatranj.lud", "b1c3", "--verbose"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("The rule: `(leap 1 2)`."),
        "names the rule: {}",
        r.stdout
    );
    let r = lud(&["explain", "games/shatranj.lud", "e2e4"], "");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "e2e4 is not legal: a Pawn cannot move from e2 to e4.\n  a Pawn steps one square \
         forward, onto an empty square; or it steps one square diagonally forward, only to \
         capture\n",
        "says how the piece moves, in words"
    );
    let r = lud(&["explain", "games/shatranj.lud", "e2e4", "--verbose"], "");
    assert_eq!(r.code, 1);
    for rule in [
        "The rule: `(step Forward to:Empty)`.",
        "The rule: `(step {ForwardLeft ForwardRight} to:Enemy)`.",
    ] {
        assert!(
            r.stdout.contains(rule),
            "names the rules the piece has: {}",
            r.stdout
        );
    }
    // A pinned piece: the restriction that refuses it is named, in words;
    // with `--verbose`, also as the file writes it.
    let pinned = |extra: &[&str]| {
        let mut args = vec![
            "explain",
            "games/shatranj.lud",
            "--position",
            "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
            "e2d2",
        ];
        args.extend_from_slice(extra);
        let r = lud(&args, "");
        assert_eq!(r.code, 1);
        r.stdout
    };
    snap!(
        "cli_explain_pinned",
        format!("{}--- --verbose\n{}", pinned(&[]), pinned(&["--verbose"]))
    );
    // A promotion and its rule, and what follows.
    let promotion = |extra: &[&str]| {
        let mut args = vec![
            "explain",
            "games/shatranj.lud",
            "--position",
            "7k/1P5p/8/8/8/8/8/4K3 w - - 0 1",
            "b7b8q",
        ];
        args.extend_from_slice(extra);
        let r = lud(&args, "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    snap!(
        "cli_explain_promotion",
        format!(
            "{}--- --verbose\n{}",
            promotion(&[]),
            promotion(&["--verbose"])
        )
    );
}

#[test]
fn explain_a_finished_game_names_the_end_rule_and_the_move() {
    let dir = scratch("explain");
    let rec = dir.join("game.txt");
    let played = lud(
        &play(
            "games/shatranj.lud",
            "ai",
            "random",
            &[
                "--seed",
                "1",
                "--ai-nodes",
                "400",
                "--record",
                rec.to_str().unwrap(),
            ],
        ),
        "",
    );
    assert_eq!(played.code, 0, "{}", played.stderr);
    let r = lud(
        &[
            "explain",
            "games/shatranj.lud",
            "--record",
            rec.to_str().unwrap(),
        ],
        "",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let result = played
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Result: "))
        .expect("a result line");
    assert!(
        r.stdout.contains(result.split(" (").next().unwrap()),
        "the same result: {result}\n{}",
        r.stdout
    );
    snap!("cli_explain_record", r.stdout);
}

#[test]
fn bench_reports_playouts_as_a_table_and_as_json() {
    let r = lud(
        &["bench", "games/connect-four.lud", "--games", "50", "--json"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON object");
    assert_eq!(v["games"], 50);
    assert_eq!(v["cap_plies"], 200);
    assert_eq!(
        v["ended_by_rules"].as_u64().unwrap() + v["capped"].as_u64().unwrap(),
        50
    );
    let wins = v["wins"].as_object().expect("wins by player");
    assert_eq!(wins.keys().collect::<Vec<_>>(), ["Yellow", "Red"]);
    // Every game in one share: the wins, the draws and the capped games.
    let shares = &v["shares_percent"];
    let won = shares["wins"]
        .as_object()
        .expect("shares of wins by player");
    assert_eq!(won.keys().collect::<Vec<_>>(), ["Yellow", "Red"]);
    let tenths: i64 = won
        .values()
        .chain([&shares["draws"], &shares["capped"]])
        .map(|x| (x.as_f64().unwrap() * 10.0).round() as i64)
        .sum();
    assert_eq!(tenths, 1000, "{shares}");
    let capped = v["capped"].as_f64().unwrap() * 100.0 / 50.0;
    assert!(
        (shares["capped"].as_f64().unwrap() - capped).abs() < 0.1,
        "{v}"
    );
    assert!(v["playouts_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["states_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["state_bytes"].as_u64().unwrap() > 0);
    let r = lud(
        &[
            "bench",
            "games/chess.lud",
            "--games",
            "20",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    for key in [
        "playouts/s",
        "states/s",
        "state size",
        "on 2 thread(s)",
        "cap of 200 plies",
    ] {
        assert!(r.stdout.contains(key), "{key} missing:\n{}", r.stdout);
    }
    // White's, Black's, the draws' and the capped games' shares: 100% in all.
    let results = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("results       "))
        .expect("a results line");
    let parts: Vec<&str> = results.split(", ").collect();
    assert_eq!(parts.len(), 4, "{results}");
    assert!(parts[0].starts_with("White wins "), "{results}");
    assert!(parts[3].starts_with("capped at 200 plies "), "{results}");
    let tenths: i64 = parts
        .iter()
        .map(|p| p.rsplit(' ').next().unwrap().trim_end_matches('%'))
        .map(|p| (p.parse::<f64>().unwrap() * 10.0).round() as i64)
        .sum();
    assert_eq!(tenths, 1000, "{results}");
}

#[test]
fn perft_on_threads_counts_the_same() {
    for threads in ["1", "2", "0"] {
        let r = lud(&["perft", "games/chess.lud", "4", "--threads", threads], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, "197281\n", "--threads {threads}");
    }
}

#[test]
fn perft_says_a_level_is_a_whole_turn_and_counts_parts_on_request() {
    // Amazons: 2176 whole turns (a queen's move and its arrow) at depth 1;
    // by parts, depth 1 is the queens' moves alone and depth 2 the turns.
    let turns = lud(&["perft", "games/amazons.lud", "1"], "");
    assert_eq!(turns.code, 0, "{}", turns.stderr);
    assert_eq!(turns.stdout, "2176\n");
    assert!(
        turns.stderr.contains("a level is a whole turn"),
        "{}",
        turns.stderr
    );
    let queens = lud(&["perft", "games/amazons.lud", "1", "--parts"], "");
    assert_eq!(queens.code, 0, "{}", queens.stderr);
    let first: u64 = queens.stdout.trim().parse().unwrap();
    assert!(first < 2176 && first > 0, "{}", queens.stdout);
    assert!(queens.stderr.contains("a level is a part of a turn"));
    let two = lud(&["perft", "games/amazons.lud", "2", "--parts"], "");
    assert_eq!(two.stdout, "2176\n");
    // A game of one part a turn says nothing of levels.
    let chess = lud(&["perft", "games/chess.lud", "1"], "");
    assert!(!chess.stderr.contains("level"), "{}", chess.stderr);
    // --divide counts the same levels: below each queen's move, the rest
    // of its turn (its arrows), the counts adding up to the whole turns
    // (before, it counted the queens' moves alone and called them turns).
    for (args, total) in [
        (&["1"][..], 2176),
        (&["1", "--parts"][..], first),
        (&["2", "--parts"][..], 2176),
    ] {
        let mut all = vec!["perft", "games/amazons.lud", "--divide"];
        all.extend_from_slice(args);
        let r = lud(&all, "");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(
            lines.last().copied(),
            Some(total.to_string().as_str()),
            "{args:?}"
        );
        let sum: u64 = lines
            .iter()
            .filter_map(|l| l.split_once(": ").map(|(_, n)| n.parse::<u64>().unwrap()))
            .sum();
        assert_eq!(sum, total, "{args:?}");
        assert_eq!(
            lines.iter().filter(|l| l.contains(": ")).count() as u64,
            first,
            "{args:?}: a line for each queen's move"
        );
    }
}
