//! `lud selfplay` and `lud analyze`, run as a user runs them: studies the
//! same whatever the threads and shards, every game's line replayed move by
//! move through the library (its legal moves counted there, its ending
//! judged there), a stopped study resumed, the analysis's figures worked out
//! again here from the lines, and bad input of every kind refused.

#[path = "support/cli_run.rs"]
mod cli_run;

use std::collections::BTreeMap;
use std::path::Path;

use cli_run::{assert_ok, assert_refused, lud, scratch};
use serde_json::Value;

/// The lines of a results file, without their times, by game number.
fn games(path: &Path) -> BTreeMap<u64, Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut v: Value = serde_json::from_str(line).unwrap();
        let seconds = v.as_object_mut().unwrap().remove("seconds").unwrap();
        assert!(seconds.as_f64().unwrap() >= 0.0);
        let index = v["index"].as_u64().unwrap();
        assert!(out.insert(index, v).is_none(), "game {index} twice");
    }
    out
}

fn selfplay(file: &str, out: &Path, extra: &[&str]) {
    let mut args = vec!["selfplay", file, "--out", out.to_str().unwrap(), "--quiet"];
    args.extend_from_slice(extra);
    assert_ok(&lud(&args, b""));
}

#[test]
fn threads_and_shards_play_the_same_games() {
    let dir = scratch("selfplay-shards");
    for (file, players) in [
        ("games/connect-four.lud", ["random", "random"]),
        ("games/chess.lud", ["alphabeta:200", "mcts:100"]),
    ] {
        let n = if players[0] == "random" { "90" } else { "6" };
        let common = [
            "-n",
            n,
            "--white",
            players[0],
            "--black",
            players[1],
            "--seed",
            "11",
            "--max-plies",
            "80",
        ];
        let whole = dir.join("whole.jsonl");
        let _ = std::fs::remove_file(&whole);
        selfplay(file, &whole, &[&common[..], &["--threads", "1"]].concat());
        let mut parts = BTreeMap::new();
        for i in 1..=3 {
            let part = dir.join(format!("part{i}.jsonl"));
            let _ = std::fs::remove_file(&part);
            let shard = format!("{i}/3");
            selfplay(
                file,
                &part,
                &[&common[..], &["--threads", "2", "--shard", &shard]].concat(),
            );
            let got = games(&part);
            assert!(!got.is_empty(), "{file}: shard {shard} played nothing");
            for k in got.keys() {
                assert!(!parts.contains_key(k), "{file}: game {k} in two shards");
            }
            parts.extend(got);
        }
        let whole = games(&whole);
        assert_eq!(whole.len(), n.parse::<usize>().unwrap());
        assert_eq!(
            parts, whole,
            "{file}: three shards on two threads differ from one run on one"
        );
        // Another seed plays other games.
        let other = dir.join("other.jsonl");
        let _ = std::fs::remove_file(&other);
        let mut common2 = common;
        common2[7] = "12";
        selfplay(file, &other, &common2);
        let other = games(&other);
        let differ = whole
            .values()
            .zip(other.values())
            .filter(|(a, b)| a["branching"] != b["branching"])
            .count();
        assert!(differ > 0, "{file}: seeds 11 and 12 played the same games");
    }
}

#[test]
fn random_plies_first_make_games_between_searchers_differ() {
    // Two alpha-beta players choose alike from alike positions: every game
    // of Connect Four between them opens with the same four plies (they
    // part later only where the search breaks a tie at random). With the
    // first four plies random (seeded by the game's number), the openings
    // differ, and the line says so.
    let dir = scratch("selfplay-random-plies");
    let players = [
        "--white",
        "alphabeta:300",
        "--black",
        "alphabeta:300",
        "--moves",
    ];
    let distinct = |extra: &[&str]| {
        let out = dir.join(format!("games{}.jsonl", extra.len()));
        let mut args = vec!["-n", "6"];
        args.extend_from_slice(&players);
        args.extend_from_slice(extra);
        selfplay("games/connect-four.lud", &out, &args);
        let lines = games(&out);
        assert_eq!(lines.len(), 6);
        let first: std::collections::BTreeSet<String> = lines
            .values()
            .map(|g| {
                g["moves"].as_array().unwrap()[..4]
                    .iter()
                    .map(ToString::to_string)
                    .collect::<String>()
            })
            .collect();
        let whole: std::collections::BTreeSet<String> =
            lines.values().map(|g| g["moves"].to_string()).collect();
        (first.len(), whole.len(), lines)
    };
    let (first, whole, lines) = distinct(&[]);
    assert_eq!(
        first, 1,
        "searchers alone open alike ({whole} games in all)"
    );
    assert!(lines.values().all(|g| g.get("random_plies").is_none()));
    let (first, whole, lines) = distinct(&["--random-plies", "4"]);
    assert!(
        first > 1 && whole >= first,
        "{first} openings, {whole} games"
    );
    assert!(lines.values().all(|g| g["random_plies"] == 4));
    // Another number of random plies is another study.
    let b = dir.join("games2.jsonl");
    let mut again = vec![
        "selfplay",
        "games/connect-four.lud",
        "-n",
        "6",
        "--out",
        b.to_str().unwrap(),
    ];
    again.extend_from_slice(&players);
    again.extend_from_slice(&["--random-plies", "5"]);
    assert_refused(&lud(&again, b""), 1, "a game of another study");
    // lud analyze tells the two studies apart.
    let (a, b) = (dir.join("games0.jsonl"), dir.join("games2.jsonl"));
    let r = lud(&["analyze", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("alphabeta:300 v alphabeta:300, 4 random plies first"),
        "{}",
        r.stdout
    );
    // Random players: random plies first change nothing, and the study is
    // the one without them.
    let out = dir.join("random.jsonl");
    selfplay(
        "games/connect-four.lud",
        &out,
        &["-n", "2", "--random-plies", "3"],
    );
    assert!(games(&out)
        .values()
        .all(|g| g.get("random_plies").is_none()));
}

#[test]
fn first_and_second_are_the_players_white_and_black_name() {
    // In draughts Black moves first: `--first` names the player who moves
    // first, as `--white` does, in every game whatever its sides are called.
    let dir = scratch("selfplay-first");
    let mut runs = Vec::new();
    for (one, two) in [("--first", "--second"), ("--white", "--black")] {
        let out = dir.join(format!("{}.jsonl", &one[2..]));
        let _ = std::fs::remove_file(&out);
        let args = [
            "-n",
            "3",
            one,
            "alphabeta:30",
            two,
            "random",
            "--seed",
            "5",
            "--max-plies",
            "40",
            "--threads",
            "1",
        ];
        selfplay("games/draughts.lud", &out, &args);
        runs.push(games(&out));
    }
    assert_eq!(runs[0].len(), 3);
    assert_eq!(runs[0], runs[1], "--first/--second played other games");
    for line in runs[0].values() {
        assert_eq!(
            line["players"],
            serde_json::json!(["alphabeta:30", "random"])
        );
        assert_eq!(line["sides"][0], "Black", "{line}");
    }
}

/// Replays every game of a results file written with `--moves` through the
/// library: each move is legal where it was played, each position had as
/// many legal moves as its line says, and the game ends (or does not) as
/// its line says.
fn replay_lines(file: &str, path: &Path) -> usize {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let game = lud::build::compile_str(file, &source).unwrap();
    let lines = games(path);
    for (i, l) in &lines {
        let moves: Vec<&str> = l["moves"].as_array().map_or_else(Vec::new, |m| {
            m.iter().map(|t| t.as_str().unwrap()).collect()
        });
        let branching: Vec<u64> = l["branching"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap())
            .collect();
        let plies = l["plies"].as_u64().unwrap() as usize;
        assert_eq!(
            (moves.len(), branching.len()),
            (plies, plies),
            "{file} game {i}"
        );
        let mut pos = game.start();
        for (k, text) in moves.iter().enumerate() {
            assert_eq!(
                pos.legal_moves().len() as u64,
                branching[k],
                "{file} game {i}, ply {k}: legal moves"
            );
            let m = lud::notation::parse_move(&pos, text)
                .unwrap_or_else(|e| panic!("{file} game {i}, ply {k}: {text}: {}", e.message));
            pos.play(m).unwrap();
        }
        let sides: Vec<&str> = l["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        match (l["result"].as_str().unwrap(), pos.outcome()) {
            ("win", Some(o)) => {
                assert_eq!(
                    Some(sides[o.winner().unwrap()]),
                    l["winner"].as_str(),
                    "{file} game {i}"
                );
                assert_eq!(Some(o.kind()), l["ending"].as_str(), "{file} game {i}");
            }
            ("draw", Some(o)) => {
                assert_eq!(o.winner(), None, "{file} game {i}");
                assert_eq!(Some(o.kind()), l["ending"].as_str(), "{file} game {i}");
            }
            ("capped", None) => assert_eq!(plies as u64, l["max_plies"].as_u64().unwrap()),
            ("stuck", None) => assert!(pos.legal_moves().is_empty(), "{file} game {i}"),
            (r, o) => panic!("{file} game {i}: the line says {r}, the rules say {o:?}"),
        }
    }
    lines.len()
}

#[test]
fn every_game_replays_by_the_rules_as_its_line_says() {
    let dir = scratch("selfplay-replay");
    for (file, players, n) in [
        ("games/shatranj.lud", ["random", "random"], "12"),
        ("games/draughts.lud", ["random", "random"], "12"),
        ("games/reversi.lud", ["random", "random"], "12"),
        ("games/morris.lud", ["random", "random"], "12"),
        ("games/connect-four.lud", ["alphabeta:300", "random"], "6"),
        ("games/breakthrough.lud", ["random", "mcts:200"], "4"),
    ] {
        let out = dir.join("r.jsonl");
        let _ = std::fs::remove_file(&out);
        selfplay(
            file,
            &out,
            &[
                "-n",
                n,
                "--white",
                players[0],
                "--black",
                players[1],
                "--moves",
                "--max-plies",
                "300",
            ],
        );
        assert_eq!(
            replay_lines(file, &out),
            n.parse::<usize>().unwrap(),
            "{file}"
        );
    }
}

/// `lud replay GAME results.jsonl` checks every game of a results file
/// kept with `--moves`, and `--game N` shows the N-th: its last position
/// is the one the moves of that line reach in the library. A line whose
/// result was changed, a study without `--moves` and a last line cut short
/// are each told.
#[test]
fn lud_replay_checks_the_games_of_a_results_file() {
    let dir = scratch("selfplay-lud-replay");
    let file = "games/go.lud";
    let out = dir.join("go.jsonl");
    selfplay(file, &out, &["-n", "4", "--option", "size=9", "--moves"]);
    let path = out.to_str().unwrap();
    let r = lud(&["replay", file, path], b"");
    assert_ok(&r);
    assert_eq!(
        r.stdout.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("4 games, every move and result by the rules"),
        "{}",
        r.stdout
    );
    // The third line's game, shown: its position string is where its
    // moves lead (the ruleset's options come from the line).
    let text = std::fs::read_to_string(&out).unwrap();
    // The same file on the standard input (`-`), as a stream.
    let piped = lud(&["replay", file, "-"], text.as_bytes());
    assert_ok(&piped);
    assert_eq!(piped.stdout, r.stdout);
    let third: Value = serde_json::from_str(text.lines().nth(2).unwrap()).unwrap();
    let game = common_game(file, &[("size", "9")]);
    let mut pos = game.start();
    for m in third["moves"].as_array().unwrap() {
        let m = lud::notation::parse_move(&pos, m.as_str().unwrap()).unwrap();
        pos.play(m).unwrap();
    }
    let shown = lud(&["replay", file, path, "--game", "3"], b"");
    assert_ok(&shown);
    assert_eq!(
        shown.stdout.lines().last(),
        Some(pos.to_string().as_str()),
        "{}",
        shown.stdout
    );
    assert_refused(
        &lud(&["replay", file, path, "--game", "5"], b""),
        2,
        "--game takes 1 to 4",
    );
    // A result changed on one line: that game is refused, at its line.
    let winner = third["winner"].as_str().unwrap();
    let other = if winner == "Black" { "White" } else { "Black" };
    let changed: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 2 {
                l.replace(
                    &format!("\"winner\":\"{winner}\""),
                    &format!("\"winner\":\"{other}\""),
                )
            } else {
                l.to_string()
            }
        })
        .collect();
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, changed.join("\n") + "\n").unwrap();
    let r = lud(&["replay", file, bad.to_str().unwrap()], b"");
    assert_refused(&r, 1, "game 3 (line 3");
    assert!(
        r.stderr.contains("1 of 4 games does not replay"),
        "{}",
        r.stderr
    );
    // A line's count of legal moves changed at its fifth ply (one more
    // than the rules give there): refused, naming the ply and both counts.
    let mut counted: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let legal = counted["branching"][4].as_u64().unwrap();
    counted["branching"][4] = Value::from(legal + 1);
    let recount = dir.join("branching.jsonl");
    std::fs::write(&recount, counted.to_string() + "\n").unwrap();
    let r = lud(&["replay", file, recount.to_str().unwrap()], b"");
    assert_refused(
        &r,
        1,
        &format!(
            "`branching` says ply 5 was played from a position of {} legal moves, but the rules give {legal} there",
            legal + 1
        ),
    );
    // A last line cut short is left out, and said.
    let torn = dir.join("torn.jsonl");
    std::fs::write(&torn, &text[..text.len() - 20]).unwrap();
    let r = lud(&["replay", file, torn.to_str().unwrap()], b"");
    assert_ok(&r);
    assert!(r.stderr.contains("cut short"), "{}", r.stderr);
    assert!(r.stdout.contains("3 games, every move"), "{}", r.stdout);
    // What a line says of the end is checked too: a made-up kind of
    // ending, a game cut short said to be stuck; a line that is not one
    // stops the check there, the games before it counted.
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut ending = lines[0].clone();
    ending["ending"] = Value::from("made up");
    let mut stuck = lines[1].clone();
    for (key, keep) in [("moves", 3), ("branching", 3)] {
        let cut: Vec<Value> = stuck[key].as_array().unwrap()[..keep].to_vec();
        stuck[key] = Value::from(cut);
    }
    stuck["plies"] = Value::from(3);
    stuck["result"] = Value::from("stuck");
    let o = stuck.as_object_mut().unwrap();
    o.remove("winner");
    o.remove("ending");
    let claims = dir.join("claims.jsonl");
    let joined: Vec<String> = [&ending, &stuck].iter().map(ToString::to_string).collect();
    std::fs::write(
        &claims,
        joined.join("\n") + "\n{}\n" + text.lines().nth(3).unwrap() + "\n",
    )
    .unwrap();
    let r = lud(&["replay", file, claims.to_str().unwrap()], b"");
    assert_refused(&r, 1, "(made up), but after its");
    assert!(
        r.stderr.contains(
            "the line says stuck, but after its 3 moves the player to move has legal moves"
        ),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("line 3, column 2: missing field `game`"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("stopped there; of the 2 games before, 2 did not replay"),
        "{}",
        r.stderr
    );
    // A command that takes one record says how to get one.
    let r = lud(&["explain", file, "--record", path], b"");
    assert_refused(&r, 1, "--game N --pgn > game.txt");
    // Without the moves there is nothing to replay.
    let bare = dir.join("bare.jsonl");
    selfplay(file, &bare, &["-n", "1", "--option", "size=9"]);
    assert_refused(
        &lud(&["replay", file, bare.to_str().unwrap()], b""),
        1,
        "none of its games kept its moves",
    );
    assert_refused(
        &lud(
            &["replay", file, bare.to_str().unwrap(), "--game", "1"],
            b"",
        ),
        1,
        "`lud selfplay --moves` keeps them",
    );
}

/// Two studies of one game whose file was edited between them are two
/// columns that say which file each is (its fingerprint), not two columns
/// alike; one file's study says nothing of it.
#[test]
fn analyze_tells_two_versions_of_a_game_file_apart() {
    let dir = scratch("selfplay-two-versions");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/connect-four.lud"),
    )
    .unwrap();
    let (a, b) = (dir.join("a.lud"), dir.join("b.lud"));
    std::fs::write(&a, &text).unwrap();
    std::fs::write(&b, text.clone() + "// edited\n").unwrap();
    let (ra, rb) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    selfplay(a.to_str().unwrap(), &ra, &["-n", "3"]);
    selfplay(b.to_str().unwrap(), &rb, &["-n", "3"]);
    let fingerprint = |p: &Path| -> String {
        let first = std::fs::read_to_string(p).unwrap();
        let v: Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
        v["rules"].as_str().unwrap()[..8].to_string()
    };
    let (fa, fb) = (fingerprint(&ra), fingerprint(&rb));
    assert_ne!(fa, fb);
    let both = lud(
        &["analyze", ra.to_str().unwrap(), rb.to_str().unwrap()],
        b"",
    );
    assert_ok(&both);
    let head = both.stdout.lines().next().unwrap();
    assert!(
        head.contains(&format!("Connect Four (file {fa})"))
            && head.contains(&format!("Connect Four (file {fb})")),
        "{}",
        both.stdout
    );
    let one = lud(&["analyze", ra.to_str().unwrap()], b"");
    assert_ok(&one);
    assert!(!one.stdout.contains("(file "), "{}", one.stdout);
}

/// A run that adds to a file's study sums up the whole study: its results
/// and mean length are those of every game in the file, as `lud analyze`
/// finds them; its speed is of its own games.
#[test]
fn a_run_that_adds_to_a_study_sums_up_all_its_games() {
    let dir = scratch("selfplay-summary-all");
    let out = dir.join("r.jsonl");
    let file = "games/connect-four.lud";
    let first = lud(
        &["selfplay", file, "-n", "5", "--out", out.to_str().unwrap()],
        b"",
    );
    assert_ok(&first);
    let more = lud(
        &["selfplay", file, "-n", "12", "--out", out.to_str().unwrap()],
        b"",
    );
    assert_ok(&more);
    assert!(
        more.stdout.contains(
            "7 games played (5 already in the file: the results and length below are of all 12)"
        ),
        "{}",
        more.stdout
    );
    let analyzed = lud(&["analyze", out.to_str().unwrap()], b"");
    assert_ok(&analyzed);
    let share = |text: &str, side: &str| -> String {
        let at = text.find(&format!("{side} wins")).unwrap();
        text[at..]
            .split_whitespace()
            .nth(2)
            .unwrap()
            .trim_end_matches(',')
            .to_string()
    };
    for side in ["Yellow", "Red"] {
        assert_eq!(
            share(&more.stdout, side),
            share(&analyzed.stdout, side),
            "{side}\n{}\n{}",
            more.stdout,
            analyzed.stdout
        );
    }
    let mean = |text: &str| -> f64 {
        let at = text.find("mean length").unwrap();
        text[at..]
            .split_whitespace()
            .nth(2)
            .unwrap()
            .parse()
            .unwrap()
    };
    let lines = games(&out);
    let plies: u64 = lines.values().map(|l| l["plies"].as_u64().unwrap()).sum();
    assert_eq!(lines.len(), 12);
    assert!(
        (mean(&more.stdout) - plies as f64 / 12.0).abs() < 0.051,
        "{}",
        more.stdout
    );
}

/// Two studies of games whose sides are named differently: each row of
/// wins names the side's number and both names, not the first study's.
#[test]
fn analyze_names_sides_by_number_where_two_games_name_them_apart() {
    let dir = scratch("selfplay-two-games");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    selfplay("games/connect-four.lud", &a, &["-n", "3"]);
    selfplay("games/breakthrough.lud", &b, &["-n", "3"]);
    let r = lud(&["analyze", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_ok(&r);
    assert!(
        r.stdout.contains("player 1 (Yellow / White) wins"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("player 2 (Red / Black) wins"),
        "{}",
        r.stdout
    );
}

/// A shipped game file under options.
fn common_game(file: &str, options: &[(&str, &str)]) -> lud::Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let src = lud::compile::read_source(&path).unwrap();
    let config = lud::compile::options::Config {
        ruleset: None,
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect(),
    };
    lud::build::compile_with(&src, &config).unwrap()
}

#[test]
fn a_stopped_study_resumes_where_it_stopped() {
    let dir = scratch("selfplay-resume");
    let file = "games/connect-four.lud";
    let full = dir.join("full.jsonl");
    selfplay(file, &full, &["-n", "40"]);
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Killed while writing the sixteenth line.
    let torn = dir.join("torn.jsonl");
    let head = lines[..15].join("\n");
    std::fs::write(
        &torn,
        format!("{head}\n{}", &lines[15][..lines[15].len() / 2]),
    )
    .unwrap();
    let r = lud(
        &[
            "selfplay",
            file,
            "-n",
            "40",
            "--out",
            torn.to_str().unwrap(),
            "--quiet",
        ],
        b"",
    );
    assert_ok(&r);
    assert!(r.stderr.contains("unfinished last line"), "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "25 games played (15 already in the file: the results and length below are of all 40)"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(games(&torn), games(&full));
    // A whole last line without its newline is kept, and the next one
    // starts on a line of its own.
    let short = dir.join("short.jsonl");
    std::fs::write(&short, lines[..10].join("\n")).unwrap();
    selfplay(file, &short, &["-n", "40"]);
    assert_eq!(games(&short), games(&full));
    // Run again, nothing is left to play.
    let r = lud(
        &[
            "selfplay",
            file,
            "-n",
            "40",
            "--out",
            full.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        r.stdout.contains(
            "0 games played (40 already in the file: the results and length below are of all 40)"
        ),
        "{}",
        r.stdout
    );
    // More games of the same study go on from there.
    selfplay(file, &full, &["-n", "50"]);
    assert_eq!(games(&full).len(), 50);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_games_played_and_the_same_command_goes_on() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = scratch("selfplay-interrupt");
    let out = dir.join("r.jsonl");
    let args = [
        "selfplay",
        "games/chess.lud",
        "-n",
        "400",
        "--white",
        "alphabeta:2000",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    let mut child = cli_run::command(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = cli_run::collect(child.stderr.take().unwrap());
    let t = Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |s| s.lines().count()) < 2 {
        assert!(t.elapsed() < Duration::from_secs(30), "no game written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let code = cli_run::wait(child, "selfplay");
    cli_run::closed(&err);
    let stderr = cli_run::text(&err);
    assert_eq!(code, 130, "{stderr}");
    assert!(
        stderr.contains("the same command goes on from there"),
        "{stderr}"
    );
    let kept = games(&out).len();
    assert!((2..400).contains(&kept), "{kept} games kept");
    let r = lud(&args[..args.len() - 1], b"");
    assert_ok(&r);
    assert!(
        r.stdout.contains(&format!(
            "({kept} already in the file: the results and length below are of all 400)"
        )),
        "{}",
        r.stdout
    );
    assert_eq!(games(&out).len(), 400);
}

#[cfg(unix)]
#[test]
fn sigterm_leaves_games_too_long_to_wait_for() {
    use std::process::Stdio;
    // Games of Go at two million nodes a move last minutes: the run is not
    // kept waiting for them past its grace, and says they are left.
    let dir = scratch("selfplay-sigterm");
    let out = dir.join("r.jsonl");
    let args = [
        "selfplay",
        "games/go.lud",
        "-n",
        "2",
        "--white",
        "mcts:2000000",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    let mut child = cli_run::command(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = cli_run::collect(child.stderr.take().unwrap());
    // The results file is opened just before the signals are caught.
    let t = std::time::Instant::now();
    while !out.exists() {
        assert!(t.elapsed().as_secs() < 30, "the results file never came");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let code = cli_run::wait(child, "selfplay");
    cli_run::closed(&err);
    let stderr = cli_run::text(&err);
    assert_eq!(code, 130, "{stderr}");
    assert!(stderr.contains("the same command plays them"), "{stderr}");
    assert_eq!(games(&out).len(), 0);
}

#[test]
fn bad_arguments_and_files_are_refused_with_a_hint() {
    let dir = scratch("selfplay-refusals");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    let c4 = "games/connect-four.lud";
    for (args, code, needle) in [
        (
            vec!["--white", "wizard"],
            2,
            "is not a player: use random, alphabeta[:NODES]",
        ),
        (
            vec!["--white", "random:5"],
            2,
            "the random player takes no budget",
        ),
        (vec!["--black", "mcts:lots"], 2, "is not a number of nodes"),
        (vec!["--black", "mcts:0"], 2, "at least 1 node"),
        (vec!["--shard", "0/3"], 2, "is not a shard"),
        (vec!["--shard", "4/3"], 2, "is not a shard"),
        (vec!["--shard", "two"], 2, "is not a shard"),
        (vec!["--max-plies", "0"], 2, "is not between 1 and 100000"),
        (vec!["--threads", "100000"], 2, "more than the"),
    ] {
        let mut a = vec!["selfplay", c4, "-n", "2"];
        a.extend(args);
        assert_refused(&lud(&a, b""), code, needle);
    }
    assert_refused(&lud(&["selfplay", "no-such.lud"], b""), 1, "cannot read");
    assert_refused(
        &lud(&["selfplay", c4, "--out", dir.to_str().unwrap()], b""),
        1,
        "is a folder",
    );
    // A file of another study, of something else, of bytes.
    selfplay(c4, &out, &["-n", "3"]);
    for (other, needle) in [
        (vec!["--seed", "2"], "a game of another study"),
        (vec!["--white", "alphabeta:10"], "a game of another study"),
        (vec!["--max-plies", "9"], "a game of another study"),
    ] {
        let mut a = vec!["selfplay", c4, "-n", "3", "--out", o];
        a.extend(other);
        let r = lud(&a, b"");
        assert_refused(&r, 1, needle);
        assert!(
            r.stderr.contains(":1:") && r.stderr.contains("write it to another file"),
            "{}",
            r.stderr
        );
    }
    let before = std::fs::read(&out).unwrap();
    assert_refused(
        &lud(&["selfplay", "games/chess.lud", "-n", "3", "--out", o], b""),
        1,
        "another study",
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        before,
        "a refused run changed the file"
    );
    for (bytes, needle) in [
        (b"{\"game\": 1}\n{}\n".to_vec(), "line 1, column"),
        (b"not json at all\nmore\n".to_vec(), "line 1, column"),
        // Not a results file, and no newline at its end: refused, never
        // cut as a torn line.
        (b"my notes".to_vec(), "line 1, column"),
        (
            vec![0xff, 0xfe, 0x00, 0x10, b'\n', b'x', b'\n'],
            "line 1 is not UTF-8 text",
        ),
    ] {
        std::fs::write(&out, &bytes).unwrap();
        assert_refused(
            &lud(&["selfplay", c4, "-n", "3", "--out", o], b""),
            1,
            needle,
        );
        assert_refused(&lud(&["analyze", o], b""), 1, needle);
        assert_eq!(std::fs::read(&out).unwrap(), bytes);
    }
    std::fs::write(&out, b"").unwrap();
    assert_refused(&lud(&["analyze", o], b""), 1, "no games in");
    assert_refused(&lud(&["analyze", "no-such.jsonl"], b""), 1, "cannot read");
    assert_refused(
        &lud(&["analyze", dir.to_str().unwrap()], b""),
        1,
        "it is a directory",
    );
    assert_refused(&lud(&["analyze"], b""), 2, "required");
}

fn near(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} is not {b}");
}

/// A share as `lud analyze --json` writes it.
fn share(v: &Value) -> (f64, f64, f64) {
    (
        v["value"].as_f64().unwrap(),
        v["low"].as_f64().unwrap(),
        v["high"].as_f64().unwrap(),
    )
}

#[test]
fn the_analysis_adds_up_the_lines() {
    let dir = scratch("selfplay-analyze");
    let murray = dir.join("murray.jsonl");
    let shastree = dir.join("shastree.jsonl");
    let shastree9 = dir.join("shastree9.jsonl");
    let file = "games/parsi-chess.lud";
    selfplay(
        file,
        &murray,
        &[
            "-n",
            "60",
            "--ruleset",
            "Murray",
            "--eval",
            "--max-plies",
            "400",
        ],
    );
    // Two seeds of one study are one sample.
    selfplay(
        file,
        &shastree,
        &["-n", "30", "--ruleset", "Shastree", "--max-plies", "400"],
    );
    selfplay(
        file,
        &shastree9,
        &[
            "-n",
            "30",
            "--ruleset",
            "Shastree",
            "--max-plies",
            "400",
            "--seed",
            "9",
        ],
    );
    let r = lud(
        &[
            "analyze",
            murray.to_str().unwrap(),
            shastree.to_str().unwrap(),
            shastree9.to_str().unwrap(),
            "--json",
        ],
        b"",
    );
    assert_ok(&r);
    let report: Value = serde_json::from_str(&r.stdout).unwrap();
    let studies = report["studies"].as_array().unwrap();
    assert_eq!(studies.len(), 2);
    for (study, paths, seeds) in [
        (&studies[0], vec![&murray], 1),
        (&studies[1], vec![&shastree, &shastree9], 2),
    ] {
        let text: String = paths
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let n = lines.len() as f64;
        assert_eq!(study["games"].as_u64(), Some(60));
        assert_eq!(study["seeds"].as_array().unwrap().len(), seeds);
        let count = |f: &dyn Fn(&Value) -> bool| lines.iter().filter(|l| f(l)).count() as f64;
        let white = count(&|l| l["winner"] == "White");
        let black = count(&|l| l["winner"] == "Black");
        let draws = count(&|l| l["result"] == "draw");
        let capped = count(&|l| l["result"] == "capped");
        near(white + black + draws + capped, n);
        let m = &study["metrics"];
        near(share(&m["wins"][0]).0, white / n);
        near(share(&m["wins"][1]).0, black / n);
        near(share(&m["drawishness"]).0, draws / n);
        near(share(&m["timeouts"]).0, capped / n);
        near(share(&m["completion"]).0, (white + black) / n);
        let (v, lo, hi) = share(&m["first_player_score"]);
        assert!((v - (white + draws / 2.0) / (white + black + draws)).abs() < 1e-12);
        assert!(lo <= v && v <= hi && lo >= 0.0 && hi <= 1.0);
        assert!((m["balance"].as_f64().unwrap() - (1.0 - (white - black).abs() / n)).abs() < 1e-12);
        let plies: Vec<f64> = lines.iter().map(|l| l["plies"].as_f64().unwrap()).collect();
        let mean = plies.iter().sum::<f64>() / n;
        assert!((m["length_mean"].as_f64().unwrap() - mean).abs() < 1e-9);
        let mut sorted = plies.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(
            m["length_p10_p50_p90"][1].as_f64(),
            Some(sorted[29]),
            "the median by nearest rank"
        );
        assert_eq!(m["length_min_max"][0].as_f64(), Some(sorted[0]));
        assert_eq!(m["length_min_max"][1].as_f64(), Some(sorted[59]));
        let all: Vec<f64> = lines
            .iter()
            .flat_map(|l| {
                l["branching"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b.as_f64().unwrap())
            })
            .collect();
        assert!(
            (m["branching"].as_f64().unwrap() - all.iter().sum::<f64>() / all.len() as f64).abs()
                < 1e-9
        );
        // Ludii's per-game averages.
        let per_game = |f: &dyn Fn(&[f64]) -> f64| {
            lines
                .iter()
                .map(|l| {
                    let b: Vec<f64> = l["branching"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| b.as_f64().unwrap())
                        .collect();
                    f(&b)
                })
                .sum::<f64>()
                / n
        };
        let decisions =
            per_game(&|b| b.iter().filter(|&&x| x > 1.0).count() as f64 / b.len() as f64);
        assert!((m["decision_moves"].as_f64().unwrap() - decisions).abs() < 1e-9);
        let tree = per_game(&|b| b.len() as f64 * (b.iter().sum::<f64>() / b.len() as f64).log10());
        assert!((m["game_tree_log10"].as_f64().unwrap() - tree).abs() < 1e-6);
        let endings: u64 = study["endings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["games"].as_u64().unwrap())
            .sum();
        assert_eq!(endings, 60);
    }
    // Decisiveness only where the evaluations were kept.
    let d = studies[0]["metrics"]["decisiveness"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&d));
    assert!(studies[1]["metrics"]["decisiveness"].is_null());
    // The table sets the studies side by side, with their differences; the
    // report holds the table and three plots; the plots are SVG files.
    let html = dir.join("report.html");
    let svg = dir.join("plots");
    let r = lud(
        &[
            "analyze",
            murray.to_str().unwrap(),
            shastree.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    assert_ok(&r);
    assert!(
        r.stdout.contains("Parsi Chess (Murray)") && r.stdout.contains("Parsi Chess (Shastree)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("difference, points"), "{}", r.stdout);
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<svg").count(), 3);
    assert!(page.contains("Drawishness") && page.contains("Newcombe"));
    for name in ["results.svg", "lengths.svg", "branching.svg"] {
        let s = std::fs::read_to_string(svg.join(name)).unwrap();
        assert!(
            s.starts_with("<svg") && s.trim_end().ends_with("</svg>"),
            "{name}"
        );
    }
    // The same games twice are counted once.
    let r = lud(
        &[
            "analyze",
            murray.to_str().unwrap(),
            murray.to_str().unwrap(),
            "--json",
        ],
        b"",
    );
    let twice: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(twice["studies"][0]["games"].as_u64(), Some(60));
    assert_eq!(twice["studies"][0]["duplicates"].as_u64(), Some(60));
}

#[test]
fn lines_stream_to_stdout_and_analyze_reads_stdin() {
    let r = lud(
        &[
            "selfplay",
            "games/connect-four.lud",
            "-n",
            "25",
            "--out",
            "-",
            "--quiet",
        ],
        b"",
    );
    assert_ok(&r);
    assert_eq!(r.stdout.lines().count(), 25);
    assert!(r.stderr.contains("25 games played"), "{}", r.stderr);
    let a = lud(&["analyze", "-", "--json"], r.stdout.as_bytes());
    assert_ok(&a);
    let v: Value = serde_json::from_str(&a.stdout).unwrap();
    assert_eq!(v["studies"][0]["games"].as_u64(), Some(25));
}

#[test]
fn a_study_is_its_file_its_settings_in_any_order_and_one_run_at_a_time() {
    let dir = scratch("selfplay-identity");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    // The same options in another order are the same study.
    let nila = "games/nilakantha.lud";
    let first = ["--option", "king-file=d", "--option", "transpose=a-file"];
    let second = ["--option", "transpose=a-file", "--option", "king-file=d"];
    assert_ok(&lud(
        &[&["selfplay", nila, "-n", "4", "--out", o][..], &first].concat(),
        b"",
    ));
    let r = lud(
        &[&["selfplay", nila, "-n", "6", "--out", o][..], &second].concat(),
        b"",
    );
    assert_ok(&r);
    assert!(
        r.stdout.contains(
            "2 games played (4 already in the file: the results and length below are of all 6)"
        ),
        "{}",
        r.stdout
    );
    // A game file changed since is another study, whatever its name.
    let game = dir.join("c4.lud");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/connect-four.lud"),
    )
    .unwrap();
    std::fs::write(&game, &text).unwrap();
    let g = game.to_str().unwrap();
    let out2 = dir.join("c4.jsonl");
    let o2 = out2.to_str().unwrap();
    assert_ok(&lud(&["selfplay", g, "-n", "3", "--out", o2], b""));
    std::fs::write(&game, format!("{text}\n// a comment\n")).unwrap();
    assert_refused(
        &lud(&["selfplay", g, "-n", "3", "--out", o2], b""),
        1,
        "a game file changed since is another study",
    );
    // Not a plain file: written to, not read back.
    assert_ok(&lud(
        &[
            "selfplay",
            "games/connect-four.lud",
            "-n",
            "3",
            "--out",
            "/dev/null",
        ],
        b"",
    ));
}

#[cfg(unix)]
#[test]
fn a_second_run_on_the_same_file_is_refused_while_the_first_writes() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = scratch("selfplay-lock");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    let args = [
        "selfplay",
        "games/chess.lud",
        "-n",
        "1000",
        "--white",
        "alphabeta:2000",
        "--threads",
        "1",
        "--out",
        o,
        "--quiet",
    ];
    let mut child = cli_run::command(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |s| s.lines().count()) < 1 {
        assert!(t.elapsed() < Duration::from_secs(30), "no game written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = lud(&args, b"");
    let _ = child.kill();
    let _ = child.wait();
    assert_refused(&r, 1, "another run is writing to");
}

#[test]
fn lines_that_do_not_hold_together_are_refused_at_their_line() {
    let dir = scratch("selfplay-lines");
    let out = dir.join("r.jsonl");
    selfplay("games/connect-four.lud", &out, &["-n", "2"]);
    let good = std::fs::read_to_string(&out).unwrap();
    let first: Value = serde_json::from_str(good.lines().next().unwrap()).unwrap();
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut v = first.clone();
        f(&mut v);
        format!("{good}{v}\n")
    };
    for (text, needle) in [
        (
            broken(&|v| v["plies"] = 4_000_000_000u64.into()),
            "line 3, column 1: 4000000000 plies",
        ),
        (
            broken(&|v| v["branching"] = Value::Array(Vec::new())),
            "0 entries in `branching`",
        ),
        (
            broken(&|v| v["max_plies"] = 1_000_000.into()),
            "not a game of `lud selfplay`",
        ),
        (
            broken(&|v| {
                v["result"] = "win".into();
                v["winner"] = "Nobody".into();
            }),
            "a win without a winner among the sides",
        ),
        (
            broken(&|v| v["result"] = "lost".into()),
            "`lost` is not a result",
        ),
    ] {
        std::fs::write(&out, &text).unwrap();
        assert_refused(&lud(&["analyze", out.to_str().unwrap()], b""), 1, needle);
    }
}

/// A results file of `n` games of `file` with their moves (and `extra`
/// arguments), its lines as JSON values.
fn study_lines(dir: &Path, file: &str, n: &str, extra: &[&str]) -> Vec<Value> {
    let out = dir.join("study.jsonl");
    let _ = std::fs::remove_file(&out);
    selfplay(file, &out, &[&["-n", n, "--moves"][..], extra].concat());
    let text = std::fs::read_to_string(&out).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Writes `lines` as a results file and runs `lud` with `args` before it
/// and `after` after it.
fn on_lines(path: &Path, lines: &[Value], args: &[&str], after: &[&str]) -> cli_run::Run {
    let text: String = lines.iter().map(|l| l.to_string() + "\n").collect();
    std::fs::write(path, text).unwrap();
    lud(&[args, &[path.to_str().unwrap()], after].concat(), b"")
}

/// The first line of a won game.
fn a_win(lines: &[Value]) -> Value {
    lines
        .iter()
        .find(|l| l["result"] == "win")
        .expect("a won game")
        .clone()
}

#[test]
fn an_evaluation_at_the_ends_of_an_i32_is_analyzed_without_overflow() {
    let dir = scratch("selfplay-eval-extremes");
    let out = dir.join("r.jsonl");
    let lines = study_lines(&dir, "games/connect-four.lud", "4", &["--eval"]);
    let mut won = a_win(&lines);
    for v in [i32::MIN, i32::MAX] {
        won["eval"][0] = v.into();
        let r = on_lines(&out, &[won.clone()], &["analyze"], &[]);
        assert_ok(&r);
        assert!(
            r.stdout.contains("decisiveness") && !r.stdout.contains("(no --eval)"),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn replay_and_analyze_refuse_sides_that_are_not_the_games_players() {
    let dir = scratch("selfplay-sides");
    let out = dir.join("r.jsonl");
    let c4 = "games/connect-four.lud";
    let won = a_win(&study_lines(&dir, c4, "4", &[]));
    let winner = won["winner"].as_str().unwrap().to_string();
    let mut twice = won.clone();
    twice["sides"] = serde_json::json!([winner, winner]);
    for args in [&["replay", c4][..], &["analyze"]] {
        let r = on_lines(&out, &[twice.clone()], args, &[]);
        assert_refused(&r, 1, &format!("`sides` names {winner} twice"));
    }
    let mut swapped = won.clone();
    swapped["sides"] = serde_json::json!(["Red", "Yellow"]);
    let r = on_lines(&out, &[swapped], &["replay", c4], &[]);
    assert_refused(
        &r,
        1,
        "the line's sides are Red, Yellow, but Connect Four's players in their order of play are Yellow, Red",
    );
    assert!(!r.stderr.contains("the rules end it"), "{}", r.stderr);
    let mut three = won.clone();
    three["sides"] = serde_json::json!(["Yellow", "Red", "Green"]);
    three["players"] = serde_json::json!(["random", "random", "random"]);
    let r = on_lines(&out, &[three], &["replay", c4], &[]);
    assert_refused(
        &r,
        1,
        "the line names 3 sides (Yellow, Red, Green), but Connect Four has 2 players",
    );
}

#[test]
fn replay_skips_lines_without_moves_and_game_n_reads_only_its_line() {
    let dir = scratch("selfplay-replay-skips");
    let out = dir.join("r.jsonl");
    let file = "games/connect-four.lud";
    selfplay(file, &out, &["-n", "2"]);
    selfplay(file, &out, &["-n", "4", "--moves"]);
    let o = out.to_str().unwrap();
    let r = lud(&["replay", file, o, "--game", "3"], b"");
    assert_ok(&r);
    let r = lud(&["replay", file, o], b"");
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("2 games, every move and result by the rules"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains(
            "2 lines without moves skipped: their games were played without `lud selfplay --moves`"
        ),
        "{}",
        r.stderr
    );
    let only = dir.join("only.jsonl");
    selfplay(file, &only, &["-n", "1"]);
    assert_refused(
        &lud(&["replay", file, only.to_str().unwrap()], b""),
        1,
        "none of its games kept its moves",
    );
}

/// The word after `label` in a summary or report (a share, a mean).
fn figure(text: &str, label: &str) -> String {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("{label}: {text}"));
    text[at + label.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',')
        .to_string()
}

#[test]
fn a_resumed_run_or_shard_sums_up_every_game_of_the_study_in_the_file() {
    let dir = scratch("selfplay-summary-every");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    let file = "games/connect-four.lud";
    let same = |summary: &str| {
        let analyzed = lud(&["analyze", o], b"");
        assert_ok(&analyzed);
        for label in ["Yellow wins", "Red wins"] {
            assert_eq!(
                figure(summary, label),
                figure(&analyzed.stdout, &format!("{label} ")),
                "{summary}\n{}",
                analyzed.stdout
            );
        }
        let mean: f64 = figure(summary, "mean length").parse().unwrap();
        let theirs: f64 = figure(&analyzed.stdout, "mean").parse().unwrap();
        assert!(
            (mean - theirs).abs() < 0.051,
            "{summary}\n{}",
            analyzed.stdout
        );
    };
    selfplay(file, &out, &["-n", "12"]);
    let r = lud(
        &["selfplay", file, "-n", "3", "--out", o, "--threads", "1"],
        b"",
    );
    assert_ok(&r);
    assert!(
        r.stdout.contains(
            "0 games played (12 already in the file: the results and length below are of all 12)"
        ),
        "{}",
        r.stdout
    );
    same(&r.stdout);
    std::fs::remove_file(&out).unwrap();
    selfplay(file, &out, &["-n", "10", "--shard", "1/2"]);
    let r = lud(
        &["selfplay", file, "-n", "10", "--shard", "2/2", "--out", o],
        b"",
    );
    assert_ok(&r);
    assert!(
        r.stdout.contains(
            "5 games played (5 already in the file: the results and length below are of all 10)"
        ),
        "{}",
        r.stdout
    );
    same(&r.stdout);
}

#[test]
fn replay_checks_a_lines_half_win_against_the_rules() {
    let dir = scratch("selfplay-half");
    let out = dir.join("r.jsonl");
    let parsi = "games/parsi-chess.lud";
    let lines = study_lines(&dir, parsi, "6", &["--ruleset", "Shastree"]);
    let half = lines
        .iter()
        .find(|l| l["half"] == true)
        .expect("a half-win among the 6 games")
        .clone();
    assert_ok(&on_lines(
        &out,
        std::slice::from_ref(&half),
        &["replay", parsi],
        &[],
    ));
    let mut full = half;
    full.as_object_mut().unwrap().remove("half");
    assert_refused(
        &on_lines(&out, &[full], &["replay", parsi], &[]),
        1,
        "wins a half-win",
    );
    let mut added = a_win(&study_lines(&dir, "games/connect-four.lud", "3", &[]));
    added["half"] = true.into();
    assert_refused(
        &on_lines(&out, &[added], &["replay", "games/connect-four.lud"], &[]),
        1,
        "won a half-win",
    );
}

#[test]
fn analyze_warns_of_one_game_read_twice_with_different_contents() {
    let dir = scratch("selfplay-conflict");
    let out = dir.join("r.jsonl");
    let lines = study_lines(&dir, "games/connect-four.lud", "3", &[]);
    let mut other = lines[0].clone();
    other["ending"] = "another ending".into();
    let mut all = lines.clone();
    all.push(lines[0].clone());
    let r = on_lines(&out, &all, &["analyze"], &[]);
    assert_ok(&r);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
    all.push(other);
    let r = on_lines(&out, &all, &["analyze"], &[]);
    assert_ok(&r);
    // The games of a run with threads reach the file in any order: the
    // first line's game is not always game 0.
    let first = lines[0]["index"].as_u64().unwrap();
    assert!(
        r.stderr.contains(&format!(
            "line 5: game {first} of seed 1 was read before, at"
        )) && r.stderr.contains("r.jsonl: line 1, with another result"),
        "{}",
        r.stderr
    );
}

#[test]
fn no_score_for_the_first_player_where_the_rules_ended_no_game() {
    let dir = scratch("selfplay-no-score");
    let out = dir.join("r.jsonl");
    selfplay(
        "games/connect-four.lud",
        &out,
        &["-n", "3", "--max-plies", "3"],
    );
    let r = lud(&["analyze", out.to_str().unwrap()], b"");
    assert_ok(&r);
    assert!(
        r.stdout.contains("first player's score   –\n"),
        "{}",
        r.stdout
    );
    let r = lud(&["analyze", "--json", out.to_str().unwrap()], b"");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v.to_string().contains("\"first_player_score\":null"), "{v}");
}

#[test]
fn a_move_after_the_end_is_told_that_the_game_had_ended() {
    let dir = scratch("selfplay-after-end");
    let out = dir.join("r.jsonl");
    let c4 = "games/connect-four.lud";
    let mut won = a_win(&study_lines(&dir, c4, "3", &[]));
    let plies = won["plies"].as_u64().unwrap();
    won["moves"].as_array_mut().unwrap().push("@g1".into());
    won["branching"].as_array_mut().unwrap().push(7.into());
    won["plies"] = (plies + 1).into();
    assert_refused(
        &on_lines(&out, &[won], &["replay", c4], &[]),
        1,
        &format!("cannot be played: the game is over at ply {plies}: "),
    );
}

#[test]
fn results_files_are_read_and_told_plainly() {
    let dir = scratch("selfplay-messages");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    let c4 = "games/connect-four.lud";
    let r = lud(&["selfplay", c4, "-n", "1", "--moves", "--out", o], b"");
    assert_ok(&r);
    assert!(r.stdout.contains("1 game played"), "{}", r.stdout);
    // A byte order mark first.
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, format!("\u{feff}{text}")).unwrap();
    assert_ok(&lud(&["analyze", o], b""));
    let r = lud(&["replay", c4, o], b"");
    assert_ok(&r);
    assert!(r.stdout.contains("1 game, every move"), "{}", r.stdout);
    // A JSON array.
    for text in [format!("[{}]", text.trim()), "[]\n".to_string()] {
        std::fs::write(&out, &text).unwrap();
        for args in [&["analyze"][..], &["replay", c4]] {
            let r = lud(&[args, &[o]].concat(), b"");
            assert_refused(&r, 1, "not a results file: each line is one JSON object");
            assert!(!r.stderr.contains("struct Line"), "{}", r.stderr);
        }
    }
    // Control characters from the file are shown escaped.
    let mut v: Value = serde_json::from_str(text.trim()).unwrap();
    v["ending"] = "\u{1b}[31mred\u{0}\u{202e}".into();
    let r = on_lines(&out, &[v], &["analyze"], &[]);
    assert_ok(&r);
    assert!(
        r.stdout.contains("\\u{1b}[31mred\\u{0}\\u{202e}") && !r.stdout.contains('\u{1b}'),
        "{}",
        r.stdout
    );
}

#[test]
fn lines_whose_fields_disagree_are_refused_at_their_line_and_field() {
    let dir = scratch("selfplay-fields");
    let out = dir.join("r.jsonl");
    let lines = study_lines(&dir, "games/connect-four.lud", "2", &[]);
    let first = lines[0].clone();
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut v = first.clone();
        f(&mut v);
        vec![lines[1].clone(), v]
    };
    for (lines, needle) in [
        (
            broken(&|v| v["branching"][0] = 0.into()),
            "line 2, column 1: `branching` has 0 at ply 1",
        ),
        (broken(&|v| v["seconds"] = (-1).into()), "`seconds` is -1"),
        (
            broken(&|v| v["seconds"] = 1e308.into()),
            "`seconds` is 1e308",
        ),
        (
            broken(&|v| {
                v["result"] = "capped".into();
                v.as_object_mut().unwrap().remove("winner");
                v.as_object_mut().unwrap().remove("ending");
            }),
            "a game `capped` at 5000 plies, but `plies` is",
        ),
        (
            broken(&|v| v["players"] = serde_json::json!(["random"])),
            "`players` has 1 entry for 2 sides",
        ),
        (
            broken(&|v| {
                v["result"] = "draw".into();
                v.as_object_mut().unwrap().remove("winner");
                v["half"] = true.into();
            }),
            "`half` (a half-win) on a game that ended `draw`",
        ),
    ] {
        assert_refused(&on_lines(&out, &lines, &["analyze"], &[]), 1, needle);
    }
}

/// A game whose players run out of moves with no end rule saying what that
/// means: two pawns facing each other on a board of three.
const STUCK: &str = r#"(game "Stuck" (players {(player "White" N) (player "Black" S)})
    (equipment {(board (square 3)) (piece "Pawn" "P" (step Forward to:Empty))})
    (rules (start {(place White "Pawn" a1) (place Black "Pawn" a3)})
        (end {(if (> 1 2) (loss Next "no moves"))})))"#;

#[test]
fn reports_never_write_over_their_results_and_options_are_given_once() {
    let dir = scratch("selfplay-outputs");
    let out = dir.join("r.jsonl");
    let o = out.to_str().unwrap();
    let c4 = "games/connect-four.lud";
    selfplay(c4, &out, &["-n", "4"]);
    let before = std::fs::read(&out).unwrap();
    // The report onto the results file, or through a link to it, or a
    // plot onto it: refused, the file as it was.
    let link = dir.join("link.html");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&out, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(&out, &link).unwrap();
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots).unwrap();
    let as_plot = plots.join("results.svg");
    std::fs::copy(&out, &as_plot).unwrap();
    let mut targets = vec![vec!["--html", o], vec!["--svg", plots.to_str().unwrap()]];
    if cfg!(unix) {
        targets.push(vec!["--html", link.to_str().unwrap()]);
    }
    for target in targets {
        let input = if target[0] == "--svg" {
            as_plot.to_str().unwrap()
        } else {
            o
        };
        let r = lud(&[&["analyze", input][..], &target].concat(), b"");
        assert_refused(&r, 2, "would be written over the results file");
        assert_eq!(std::fs::read(&out).unwrap(), before);
    }
    // A plot folder that is a file.
    assert_refused(&lud(&["analyze", o, "--svg", o], b""), 1, "is not a folder");
    // An option given twice: alike, it is one setting (the same study as
    // given once); with two values, refused.
    let go = "games/go.lud";
    let r = lud(
        &[
            "selfplay", go, "--option", "size=9", "--option", "size=13", "-n", "1",
        ],
        b"",
    );
    assert_refused(&r, 2, "--option size is given twice, as size=9 and size=13");
    let twice = dir.join("twice.jsonl");
    selfplay(
        go,
        &twice,
        &["-n", "1", "--option", "size=9", "--option", "size=9"],
    );
    selfplay(go, &twice, &["-n", "2", "--option", "size=9"]);
    let lines = games(&twice);
    assert_eq!(lines.len(), 2);
    assert!(
        lines
            .values()
            .all(|l| l["options"] == serde_json::json!(["size=9"])),
        "{lines:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stuck_games_and_caps_are_told_apart_in_the_analysis() {
    let dir = scratch("selfplay-stuck");
    let game = dir.join("stuck.lud");
    std::fs::write(&game, STUCK).unwrap();
    let g = game.to_str().unwrap();
    let out = dir.join("r.jsonl");
    selfplay(g, &out, &["-n", "5"]);
    let r = lud(&["analyze", out.to_str().unwrap()], b"");
    assert_ok(&r);
    assert!(
        figure(&r.stdout, "stuck (no legal move, no end rule)").starts_with("100.0%"),
        "{}",
        r.stdout
    );
    assert!(
        figure(&r.stdout, "capped (timeouts)").starts_with("0.0%"),
        "{}",
        r.stdout
    );
    let r = lud(&["analyze", out.to_str().unwrap(), "--json"], b"");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["studies"][0]["metrics"]["stuck"]["value"], 1.0, "{v}");
    // bench counts them apart from the capped, and play says why it stops.
    let r = lud(&["bench", g, "--games", "6", "--json"], b"");
    assert_ok(&r);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        (v["stuck"].as_u64(), v["capped"].as_u64()),
        (Some(6), Some(0)),
        "{v}"
    );
    let r = lud(&["play", g, "--white", "random", "--black", "random"], b"");
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("has no legal move, and no end rule of the game says what that means")
            && r.stdout.contains("[Termination \"no legal move\"]"),
        "{}",
        r.stdout
    );
    // Two studies apart only by their cap are named with it.
    let c4 = "games/connect-four.lud";
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    selfplay(c4, &a, &["-n", "2"]);
    selfplay(c4, &b, &["-n", "2", "--max-plies", "10"]);
    let r = lud(&["analyze", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_ok(&r);
    let head = r.stdout.lines().next().unwrap_or_default();
    assert!(
        head.contains("at most 5000 plies") && head.contains("at most 10 plies"),
        "{head}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A FIFO no program reads from or writes to is refused at once, never
/// waited on: as the results file written, as the report, as a results
/// file read.
#[cfg(unix)]
#[test]
fn a_fifo_with_nobody_at_the_other_end_is_refused_at_once() {
    let dir = scratch("selfplay-fifo");
    let fifo = dir.join("ff");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let f = fifo.to_str().unwrap();
    let out = dir.join("r.jsonl");
    selfplay("games/connect-four.lud", &out, &["-n", "2"]);
    let o = out.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["selfplay", "games/connect-four.lud", "-n", "2", "--out", f],
            "no program reads from",
        ),
        (vec!["analyze", o, "--html", f], "no program reads from"),
        (vec!["analyze", f], "it is a FIFO"),
    ] {
        assert_refused(&lud(&args, b""), 1, needle);
    }
    std::fs::remove_dir_all(&dir).ok();
}
