//! `lud match`: games between lud's player, the random player and external
//! engines, run as a user runs them. A scripted fake UCI engine
//! (`tests/fixtures/match/fake_uci.py`, Python 3) plays illegal moves, says
//! it has none, hangs and crashes; `/usr/games/fairy-stockfish`, where it is
//! installed, plays real games (the test skips, saying so, where it is not).

#[path = "support/cli_run.rs"]
mod cli_run;

use cli_run::{lud, scratch};

const FAKE: &str = "tests/fixtures/match/fake_uci.py";
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// The number in the table's row `name` at column `col` (0: games, 1:
/// wins, 2: draws, 3: losses).
fn row(table: &str, name: &str, col: usize) -> u64 {
    let line = table
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with("  "))
        .unwrap_or_else(|| panic!("no row `{name}` in\n{table}"));
    line[name.len()..]
        .split_whitespace()
        .nth(col)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no column {col} in `{line}`"))
}

/// The count after `title: ` in the table.
fn count(table: &str, title: &str) -> usize {
    table
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{title}: ")))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `{title}` in\n{table}"))
}

/// The endings listed under `endings:`, summed.
fn endings(table: &str) -> u64 {
    table
        .lines()
        .skip_while(|l| *l != "endings:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().last().unwrap().parse::<u64>().unwrap())
        .sum()
}

/// The records of a `--records` file, one text each.
fn records(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Game ") {
            out.push(String::new());
        }
        let last = out.last_mut().expect("a record starts with its Game tag");
        last.push_str(line);
        last.push('\n');
    }
    out
}

#[test]
fn ai_against_random_adds_up_alternates_and_records_replay() {
    let dir = scratch("match-ai-random");
    let recs = dir.join("games.rec");
    let args = [
        "match",
        "games/breakthrough.lud",
        "--games",
        "4",
        "--nodes",
        "200",
        "--seed",
        "7",
        "--random-plies",
        "2",
        "--records",
        recs.to_str().unwrap(),
    ];
    let r = lud(&args, "");
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let t = &r.stdout;
    assert!(
        t.starts_with("Breakthrough: ai (player 1) against random (player 2), 4 game(s)"),
        "{t}"
    );
    let (games, w, d, l) = (
        row(t, "player 1", 0),
        row(t, "player 1", 1),
        row(t, "player 1", 2),
        row(t, "player 1", 3),
    );
    assert_eq!((games, w + d + l), (4, 4), "{t}");
    for col in 0..4 {
        assert_eq!(
            row(t, "  moving first", col) + row(t, "  moving second", col),
            row(t, "player 1", col),
            "{t}"
        );
    }
    assert_eq!(row(t, "  moving first", 0), 2, "{t}");
    assert_eq!(endings(t), 4, "{t}");
    assert!(t.contains("Elo difference (player 1 - player 2): "), "{t}");
    // lud's player beats the random player.
    assert!(w >= 3, "{t}");
    // One line per game on stderr (not a terminal), colours alternating.
    let lines: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(lines.len(), 4, "{}", r.stderr);
    for (i, l) in lines.iter().enumerate() {
        let order = if i % 2 == 0 {
            ": ai - random:"
        } else {
            ": random - ai:"
        };
        assert!(l.contains(order), "{l}");
    }
    // Each record replays, with its players' tags alternating and the
    // pair's opening in both games.
    let text = std::fs::read_to_string(&recs).unwrap();
    let all = records(&text);
    assert_eq!(all.len(), 4, "{text}");
    let mut singles = Vec::new();
    for (i, rec) in all.iter().enumerate() {
        let (white, black) = if i % 2 == 0 {
            ("ai", "random")
        } else {
            ("random", "ai")
        };
        assert!(rec.contains(&format!("[White \"{white}\"]")), "{rec}");
        assert!(rec.contains(&format!("[Black \"{black}\"]")), "{rec}");
        assert!(rec.contains(&format!("[Round \"{}\"]", i + 1)), "{rec}");
        assert!(rec.contains("[Opening \"moves "), "{rec}");
        let path = dir.join(format!("game{i}.rec"));
        std::fs::write(&path, rec).unwrap();
        let replay = lud(
            &["replay", "games/breakthrough.lud", path.to_str().unwrap()],
            "",
        );
        assert_eq!(replay.code, 0, "{rec}\n{}", replay.stderr);
        singles.push(replay.stdout);
    }
    // The whole file replays too: a line for each record, or the one
    // `--game N` picks, as it replays alone.
    let file = recs.to_str().unwrap();
    let whole = lud(&["replay", "games/breakthrough.lud", file], "");
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let lines: Vec<&str> = whole.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", whole.stdout);
    let mut line_no = 1;
    for (i, rec) in all.iter().enumerate() {
        assert!(
            lines[i].starts_with(&format!("record {} (line {line_no}): ", i + 1)),
            "{}",
            whole.stdout
        );
        line_no += rec.lines().count();
    }
    assert!(lines[4].starts_with("4 records, every move and result by the rules"));
    for (i, single) in singles.iter().enumerate() {
        let n = (i + 1).to_string();
        let one = lud(
            &["replay", "games/breakthrough.lud", file, "--game", &n],
            "",
        );
        assert_eq!((one.code, &one.stdout), (0, single), "{}", one.stderr);
    }
    let pgn = lud(&["replay", "games/breakthrough.lud", file, "--pgn"], "");
    assert_eq!(pgn.code, 0, "{}", pgn.stderr);
    assert_eq!(pgn.stdout.matches("[Game ").count(), 4, "{}", pgn.stdout);
    for (args, needle) in [
        (
            vec!["--game", "5"],
            "holds 4 records: --game takes 1 to 4, not 5",
        ),
        (vec!["--game", "0"], "--game takes 1 to 4, not 0"),
        (vec!["--step"], "--step walks one: pick it with --game N"),
    ] {
        let mut a = vec!["replay", "games/breakthrough.lud", file];
        a.extend(args);
        let refused = lud(&a, "");
        assert_eq!(refused.code, 2, "{}", refused.stderr);
        assert!(refused.stderr.contains(needle), "{}", refused.stderr);
    }
    // A record whose result is not where its moves lead is named, and the
    // others are still checked.
    let third = all[2].clone();
    // Both the tag and the end of the moves say the other side won.
    let swapped = third
        .replace("1-0", "#")
        .replace("0-1", "1-0")
        .replace('#', "0-1");
    assert_ne!(swapped, third);
    let broken = text.replacen(&third, &swapped, 1);
    let path = dir.join("broken.rec");
    std::fs::write(&path, &broken).unwrap();
    let bad = lud(
        &["replay", "games/breakthrough.lud", path.to_str().unwrap()],
        "",
    );
    assert_eq!(bad.code, 1, "{}\n{}", bad.stdout, bad.stderr);
    let at = all[0].lines().count() + all[1].lines().count() + 1;
    assert!(
        bad.stderr.contains(&format!("record 3 (line {at}): ")),
        "{}",
        bad.stderr
    );
    assert!(
        bad.stderr.contains("1 of 4 records does not replay"),
        "{}",
        bad.stderr
    );
    assert_eq!(bad.stdout.lines().count(), 3, "{}", bad.stdout);
    // A record that does not read as one is named too; the others are
    // still checked, and --game replays one that reads.
    let second = all[1].clone();
    let torn = text.replacen(&second, &second.replacen("[Round ", "[Round", 1), 1);
    std::fs::write(&path, &torn).unwrap();
    let file = path.to_str().unwrap();
    let bad = lud(&["replay", "games/breakthrough.lud", file], "");
    assert_eq!(bad.code, 1, "{}\n{}", bad.stdout, bad.stderr);
    let at = all[0].lines().count() + 1;
    let round = at
        + second
            .lines()
            .position(|l| l.starts_with("[Round "))
            .unwrap();
    assert!(
        bad.stderr
            .contains(&format!("record 2 (line {at}): line {round}: ")),
        "{}",
        bad.stderr
    );
    assert_eq!(bad.stdout.lines().count(), 3, "{}", bad.stdout);
    let one = lud(
        &["replay", "games/breakthrough.lud", file, "--game", "4"],
        "",
    );
    assert_eq!((one.code, &one.stdout), (0, &singles[3]), "{}", one.stderr);
    // Commands that take one record say what the file is.
    let recs_path = recs.to_str().unwrap();
    for args in [
        vec!["play", "games/breakthrough.lud", "--resume", recs_path],
        vec!["explain", "games/breakthrough.lud", "--record", recs_path],
    ] {
        let r = lud(&args, "");
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(
            r.stderr.contains("holds 4 records one after another"),
            "{}",
            r.stderr
        );
    }
    let opening = |rec: &str| {
        rec.lines()
            .find(|l| l.starts_with("[Opening"))
            .unwrap()
            .to_string()
    };
    assert_eq!(opening(&all[0]), opening(&all[1]));
    assert_eq!(opening(&all[2]), opening(&all[3]));
    // The same seed, the same match.
    let again = lud(&args, "");
    assert_eq!(again.stdout, r.stdout);
    assert_eq!(std::fs::read_to_string(&recs).unwrap(), text);
}

#[test]
fn first_and_second_name_players_one_and_two() {
    let r = lud(
        &[
            "match",
            "games/connect-four.lud",
            "--first",
            "random",
            "--second",
            "ai",
            "--nodes",
            "50",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .starts_with("Connect Four: random (player 1) against ai (player 2), 2 game(s)"),
        "{}",
        r.stdout
    );
}

#[test]
fn sprt_stops_a_one_sided_match() {
    let r = lud(
        &[
            "match",
            "games/breakthrough.lud",
            "--games",
            "40",
            "--nodes",
            "100",
            "--sprt",
            "0",
            "50",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("SPRT [0, 50]: LLR "), "{}", r.stdout);
    assert!(r.stdout.contains("H1 accepted"), "{}", r.stdout);
    assert!(row(&r.stdout, "player 1", 0) < 40, "{}", r.stdout);
}

/// A match against the fake engine on the script `script`, two games.
fn against_fake(mode_and_moves: &str, extra: &[&str]) -> cli_run::Run {
    let engine = format!("python3 {FAKE} {mode_and_moves}");
    let mut args = vec![
        "match",
        "games/shatranj.lud",
        "--engine",
        &engine,
        "--nodes",
        "300",
    ];
    args.extend_from_slice(extra);
    lud(&args, "")
}

#[test]
fn an_illegal_engine_move_loses_and_is_reported() {
    // Game 1: lud moves first, the engine answers b8c6, then plays a White
    // pawn. Game 2: the engine moves first, with a Black piece.
    let r = against_fake("script b8c6 e2e4", &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(row(t, "player 1", 1), 2, "{t}");
    assert_eq!(count(t, "illegal moves"), 2, "{t}");
    assert!(t.contains("played `e2e4` (game 1, ply 4, position "), "{t}");
    assert!(t.contains("it is Black's turn"), "{t}");
    assert!(t.contains("played `b8c6` (game 2, ply 1, position "), "{t}");
    assert_eq!(count(t, "engine disagreements"), 0, "{t}");
}

#[test]
fn no_move_from_the_engine_where_lud_sees_moves_is_a_disagreement() {
    let r = against_fake("script (none)", &["--games", "1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "engine disagreements"), 1, "{t}");
    assert!(
        t.contains("says `bestmove (none)` where lud sees 16 legal move(s)"),
        "{t}"
    );
    assert_eq!(row(t, "player 1", 1), 1, "{t}");
}

#[test]
fn a_hanging_engine_loses_on_time_and_is_restarted() {
    let r = against_fake("hang", &["--engine-timeout", "400"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "engine timeouts and crashes"), 2, "{t}");
    assert!(
        t.contains("loses on time: no answer within 0.4 s (game 1"),
        "{t}"
    );
    assert!(t.contains("(game 2, ply 1"), "{t}");
    assert_eq!(row(t, "player 1", 1), 2, "{t}");
}

/// With `--tc`, each side has a clock: the engine is told both (UCI's
/// `wtime`/`btime`), and one that spends more than it has left loses on
/// time. The fake engine takes 0.3 s a move against a clock of 0.5 s and
/// no increment: its first move leaves it 0.2 s, its second runs out.
#[test]
fn an_engine_out_of_time_on_its_clock_loses_on_time() {
    let engine = format!("python3 {FAKE} slow:300 b8c6 c6b8 b8c6");
    let r = lud(
        &[
            "match",
            "games/shatranj.lud",
            "--engine",
            &engine,
            "--tc",
            "0.5",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "engine disagreements"), 0, "{t}");
    assert_eq!(count(t, "engine timeouts and crashes"), 1, "{t}");
    assert!(t.contains("loses on time: 0.3"), "{t}");
    assert!(t.contains("left (game 1, ply 4, position "), "{t}");
    assert_eq!(row(t, "player 1", 1), 1, "{t}");
}

/// lud's own player keeps to its clock: a game of Connect Four at 0.4 s
/// and 0.02 s a move against the random player, each side's clock told in
/// the record; nobody loses on time.
#[test]
fn lud_keeps_to_its_clock() {
    let r = lud(
        &[
            "match",
            "games/connect-four.lud",
            "--tc",
            "0.4+0.02",
            "--games",
            "2",
            "--records",
            "/dev/stdout",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "engine timeouts and crashes"), 0, "{t}");
    assert!(!t.contains("time forfeit"), "{t}");
    assert!(t.contains("[TimeControl \"0.4+0.02\"]"), "{t}");
}

/// lud against itself on clocks, through either protocol: the engine is
/// told the clocks (UCI's `go wtime btime winc binc`, xboard's `level`,
/// `time` and `otim`) and keeps to them, as lud's own player does.
#[test]
fn lud_against_itself_on_clocks_through_both_protocols() {
    let lud_bin = env!("CARGO_BIN_EXE_lud");
    for protocol in ["uci", "xboard"] {
        let engine = format!("{lud_bin} {protocol} games/connect-four.lud");
        let r = lud(
            &[
                "match",
                "games/connect-four.lud",
                "--engine",
                &engine,
                "--engine-protocol",
                protocol,
                "--tc",
                "0.6+0.02",
                "--games",
                "2",
            ],
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let t = &r.stdout;
        assert_eq!(endings(t), 2, "{protocol}: {t}");
        assert_eq!(
            count(t, "engine timeouts and crashes"),
            0,
            "{protocol}: {t}"
        );
        assert_eq!(count(t, "engine disagreements"), 0, "{protocol}: {t}");
        assert_eq!(count(t, "illegal moves"), 0, "{protocol}: {t}");
        assert!(!t.contains("time forfeit"), "{protocol}: {t}");
    }
}

#[test]
fn bad_clocks_are_refused() {
    for (tc, says) in [
        ("0", "a game of no time"),
        ("abc", "`abc` is not a number of seconds"),
        ("1+-1", "out of range"),
        ("1e9", "out of range"),
    ] {
        let r = lud(&["match", "games/connect-four.lud", "--tc", tc], "");
        assert_eq!(r.code, 2, "{tc}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{tc}: {}", r.stderr);
    }
    let r = lud(
        &[
            "match",
            "games/connect-four.lud",
            "--tc",
            "1",
            "--movetime",
            "5",
        ],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn a_crashing_engine_is_reported() {
    let r = against_fake("crash", &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "engine timeouts and crashes"), 2, "{t}");
    assert!(
        t.contains("crashed: the engine stopped (exit status: 3)"),
        "{t}"
    );
    assert_eq!(row(t, "player 1", 1), 2, "{t}");
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

/// `lud match` of Shatranj, lud's player at 2,000 nodes a move against
/// Fairy-Stockfish at depth 1, with `extra` arguments.
fn against_fairy_stockfish(extra: &[&str]) -> cli_run::Run {
    let mut args = vec![
        "match",
        "games/shatranj.lud",
        "--engine",
        FAIRY_STOCKFISH,
        "--engine-option",
        "UCI_Variant=shatranj",
        "--engine-depth",
        "1",
        "--nodes",
        "2000",
    ];
    args.extend_from_slice(extra);
    lud(&args, "")
}

#[test]
fn fairy_stockfish_plays_shatranj_to_results() {
    if !std::path::Path::new(FAIRY_STOCKFISH).exists() {
        eprintln!("skipped: {FAIRY_STOCKFISH} is not installed (apt-get install fairy-stockfish)");
        return;
    }
    let r = against_fairy_stockfish(&[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(row(t, "player 1", 0), 2, "{t}");
    assert_eq!(endings(t), 2, "{t}");
    assert_eq!(count(t, "illegal moves"), 0, "{t}");
    // The one known difference: the peer ends the game when a king is
    // bared, where lud's rules still let the bared side reply (to bare the
    // other king back and draw). Where the bared side cannot, every move
    // loses: a move is played for the peer and the rules end the game (by
    // bare king, not by a forfeit). Any other disagreement fails.
    assert!(!t.contains("no move from the engine"), "{t}");
    for line in t.lines().filter(|l| l.contains("says `bestmove (none)`")) {
        assert!(line.contains("each losing by the rules"), "{line}");
        let fen = line.rsplit("position ").next().unwrap_or("");
        let mut fields = fen.split_whitespace();
        let (board, side) = (fields.next().unwrap_or(""), fields.next().unwrap_or(""));
        let own = board
            .chars()
            .filter(char::is_ascii_alphabetic)
            .filter(|c| c.is_ascii_uppercase() == (side == "w"))
            .count();
        assert_eq!(
            own, 1,
            "a disagreement other than a bared king: {line}\n{t}"
        );
    }
    assert_eq!(count(t, "engine timeouts and crashes"), 0, "{t}");
}

#[test]
fn bad_input_is_refused_clearly() {
    // A missing engine: the input is wrong (1).
    let r = lud(
        &[
            "match",
            "games/shatranj.lud",
            "--engine",
            "/nonexistent/engine",
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("cannot use the engine `/nonexistent/engine`"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("help: "), "{}", r.stderr);
    // A bad openings file: its file and line, and a hint.
    let dir = scratch("match-bad-openings");
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# two openings\nmoves e2e3 e7e6\n\nmoves e2e3 e2e4\n",
    )
    .unwrap();
    let r = lud(
        &[
            "match",
            "games/shatranj.lud",
            "--openings",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("openings.txt:4: move 2 (`e2e4`) cannot be played"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("help: "), "{}", r.stderr);
    std::fs::write(&file, "8/8/8 w\n").unwrap();
    let r = lud(
        &[
            "match",
            "games/shatranj.lud",
            "--openings",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("openings.txt:1: this is not a position of Shatranj"),
        "{}",
        r.stderr
    );
    // Usage (2): an unknown flag, an engine player without an engine, a
    // bad SPRT, an engine option without `=`, a quote left open.
    for args in [
        &["match", "games/shatranj.lud", "--bogus"][..],
        &["match", "games/shatranj.lud", "--black", "engine"],
        &["match", "games/shatranj.lud", "--sprt", "10", "0"],
        &[
            "match",
            "games/shatranj.lud",
            "--engine",
            "x",
            "--engine-option",
            "Hash",
        ],
        &["match", "games/shatranj.lud", "--engine", "x 'y"],
        &[
            "match",
            "games/shatranj.lud",
            "--depth",
            "2",
            "--nodes",
            "3",
        ],
    ] {
        let r = lud(args, "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.starts_with("error: "), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn lud_against_itself_through_uci_in_games_of_placing_stones() {
    // Reversi's first player is Black: a FEN's `w` (the first player, as a
    // GUI writes it) once read as White, and the engine answered for the
    // wrong side. Connect6's turns are two stones after the first: a random
    // opening once ended inside a turn, and the engine played a whole turn
    // where one stone was left. Every game must end by the rules, with no
    // illegal move and no disagreement.
    let lud_bin = env!("CARGO_BIN_EXE_lud");
    for file in ["games/reversi.lud", "games/connect6.lud"] {
        let engine = format!("{lud_bin} uci {file}");
        let r = lud(
            &[
                "match",
                file,
                "--engine",
                &engine,
                "--engine-nodes",
                "300",
                "--nodes",
                "300",
                "--games",
                "2",
                "--random-plies",
                "2",
            ],
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let t = &r.stdout;
        assert_eq!(endings(t), 2, "{t}");
        assert_eq!(count(t, "illegal moves"), 0, "{file}: {t}");
        assert_eq!(count(t, "engine disagreements"), 0, "{file}: {t}");
        assert!(!t.contains("illegal move  "), "{file}: {t}");
    }
}

#[test]
fn a_peer_that_sees_its_bared_king_lost_a_ply_early_loses_by_the_rules() {
    if !std::path::Path::new(FAIRY_STOCKFISH).exists() {
        eprintln!("skipped: {FAIRY_STOCKFISH} is not installed (apt-get install fairy-stockfish)");
        return;
    }
    // White has only the king and cannot bare Black's in one move: every
    // move loses by the rules. Fairy-Stockfish, playing White in the second
    // game, says it has no move; a move is played for it, and the game ends
    // by bare king (not by a forfeit), as the first game does with lud
    // playing White.
    let dir = scratch("match-bared");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "3k4/8/3K4/3r4/8/8/1qqb4/8 w - - 0 70\n").unwrap();
    let r = against_fairy_stockfish(&["--openings", file.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert!(t.contains("  bare king                          2"), "{t}");
    assert_eq!(row(t, "player 1", 1), 1, "{t}");
    assert_eq!(row(t, "player 1", 3), 1, "{t}");
    assert!(t.contains("each losing by the rules, and plays `"), "{t}");
}

#[test]
fn lud_against_itself_through_uci_in_a_game_with_an_opening_phase() {
    // Parsi chess (Murray) opens with a phase of four moves each: its start
    // as a FEN alone is a position of normal play, and the engine once
    // alternated sides there and refused White's second opening move. The
    // start is sent as `startpos`.
    let lud_bin = env!("CARGO_BIN_EXE_lud");
    let file = "games/parsi-chess.lud";
    let engine = format!("{lud_bin} uci {file}");
    let r = lud(
        &[
            "match",
            file,
            "--engine",
            &engine,
            "--engine-nodes",
            "200",
            "--nodes",
            "200",
            "--games",
            "2",
            "--max-plies",
            "30",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    assert_eq!(count(t, "illegal moves"), 0, "{t}");
    assert_eq!(count(t, "engine disagreements"), 0, "{t}");
}
