//! The tutorial (`docs/tutorial.md`) and its files (`docs/tutorial/*.lud`).
//!
//! * Every step file checks without errors.
//! * The tutorial's code blocks are the files: a ```` ```lisp ```` block whose
//!   first line is `// docs/tutorial/stepN.lud` is that whole file, byte for
//!   byte; one whose first line is `// from docs/tutorial/stepN.lud` is a run
//!   of whole lines of it, in order.
//! * The finished game (the last step) counts the move trees the tutorial
//!   prints, and a seeded game of the computer against the random player ends
//!   with a result.

use std::path::{Path, PathBuf};

use lud::compile::options::Config;
use lud::{Game, Outcome};

const FINAL: &str = "docs/tutorial/step9.lud";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The step files, in order: step1.lud, step2.lud, ...
fn step_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("docs/tutorial"))
        .expect("docs/tutorial exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "lud"))
        .collect();
    files.sort_by_key(|p| {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        let n: u32 = stem.trim_start_matches("step").parse().unwrap_or(u32::MAX);
        (n, stem)
    });
    files
}

fn load(path: &str, ruleset: Option<&str>) -> Game {
    let src = lud::compile::read_source(&root().join(path)).unwrap_or_else(|e| panic!("{e}"));
    let config = Config {
        ruleset: ruleset.map(str::to_string),
        options: Vec::new(),
    };
    lud::build::compile_with(&src, &config).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

fn perft_at(game: &Game, fen: Option<&str>, depth: u32) -> u64 {
    let pos = match fen {
        Some(f) => game.position(f).unwrap_or_else(|e| panic!("{f}: {e:?}")),
        None => game.start(),
    };
    lud::perft::perft(&pos, depth)
}

#[test]
fn every_step_checks_without_errors() {
    let files = step_files();
    assert!(
        files.len() >= 6,
        "the tutorial has too few steps: {files:?}"
    );
    for (i, path) in files.iter().enumerate() {
        let want = format!("step{}.lud", i + 1);
        assert_eq!(
            path.file_name().unwrap().to_string_lossy(),
            want,
            "the steps are numbered from 1 without gaps"
        );
        let src = lud::compile::read_source(path).unwrap_or_else(|e| panic!("{e}"));
        let d = lud::build::check(&src);
        assert!(!d.has_errors(), "{}:\n{}", path.display(), d.render_plain());
    }
    assert_eq!(
        files
            .last()
            .map(|p| p.strip_prefix(root()).unwrap().to_path_buf()),
        Some(PathBuf::from(FINAL)),
        "the last step is the finished game"
    );
}

/// The ```` ```lisp ```` blocks of a Markdown text, each as its lines.
fn lisp_blocks(markdown: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line.trim_end() == "```lisp" => current = Some(Vec::new()),
            None => {}
            Some(_) if line.trim_end() == "```" => blocks.push(current.take().unwrap()),
            Some(lines) => lines.push(line),
        }
    }
    assert!(current.is_none(), "a ```lisp block is never closed");
    blocks
}

#[test]
fn the_code_blocks_are_the_step_files() {
    let text = std::fs::read_to_string(root().join("docs/tutorial.md")).expect("readable");
    let mut whole = Vec::new();
    let mut parts = 0;
    for block in lisp_blocks(&text) {
        let Some(first) = block.first() else {
            continue;
        };
        if let Some(name) = first.strip_prefix("// docs/tutorial/") {
            let name = name.trim();
            let file = std::fs::read_to_string(root().join("docs/tutorial").join(name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let shown = block.join("\n") + "\n";
            assert!(
                shown == file,
                "the block headed `{first}` differs from docs/tutorial/{name}"
            );
            whole.push(name.to_string());
        } else if let Some(name) = first.strip_prefix("// from docs/tutorial/") {
            let name = name.trim();
            let file = std::fs::read_to_string(root().join("docs/tutorial").join(name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let lines: Vec<&str> = file.lines().collect();
            let excerpt = &block[1..];
            assert!(!excerpt.is_empty(), "the block headed `{first}` is empty");
            assert!(
                lines.windows(excerpt.len()).any(|w| w == excerpt),
                "the block headed `{first}` is not a run of lines of docs/tutorial/{name}:\n{}",
                excerpt.join("\n")
            );
            parts += 1;
        }
    }
    // The first and the last step are shown whole.
    assert!(
        whole.contains(&"step1.lud".to_string()),
        "step1 is not shown whole"
    );
    assert!(
        whole.contains(&FINAL.trim_start_matches("docs/tutorial/").to_string()),
        "the finished game is not shown whole"
    );
    assert!(parts >= 3, "only {parts} excerpts");
}

// How the counts below were established.
//
// Depth 1 from the start, by hand: no piece of the back rank (Rook, Scout,
// Queen, King, Scout, Rook on a1-f1) can move except the Scouts' knight
// leaps, b1a3 b1c3 e1d3 e1f3 (their other leaps land on their own pawns, and
// their diagonal steps on squares their pawns hold); each of the six pawns
// steps to the third rank, and none can capture: 4 + 6 = 10.
//
// Depth 2: Black's position is White's turned round, and no move of White's
// reaches Black's pieces or the squares they go to (ranks 3 and 4 are
// distinct, and nothing can check), so each of White's 10 moves has 10
// replies: 100.
//
// Depth 3 and beyond, and the two positions: `docs/tutorial/mesa_perft.py`
// counts them too. It was written from the rules as the tutorial states them,
// in plain Python, without reading lud's source, and it agrees with lud at
// the start position to depth 6 under both promotion rules (3,416,299 with
// promotion=lost, 3,410,489 with promotion=any), at the positions below to
// depth 4, and at 200 random positions reached by walks that prefer
// captures and promotions (`python3 docs/tutorial/mesa_perft.py --compare 200
// target/release/lud`).
//
// Depth 1 of the position "r4s/1P2p1/3k2/2K3/6/Q4R w", by hand: the King on
// c3 has b2 c2 d2 b3 d3 (b4 c4 d4 lie in Black's half; d3, next to Black's
// King on d4, is not attacked, since that King may not step out of its half
// either): 5. The Queen on a1: b1-e1, a2-a6 (taking the Rook), b2: 10. The
// Rook on f1: e1-b1, f2-f6 (taking the Scout): 9. The Pawn on b5 to b6, or
// taking on a6, becomes a Rook or a Scout, the kinds White has lost (the
// Queen is still on a1): 4. In all 28. With promotion=any it may also become
// a Queen, on both squares: 30.
//
// Depth 1 of "rsqksr/1pPppp/p5/6/PPP1PP/RSQKSR b" (after 1. d2d3 c5c4
// 2. d3c4 a5a4 3. c4c5), by hand: under promotion=any the Pawn on c5 checks
// the King on d6 (it could take there and promote), and Black's only answers
// are to take it with the King, the Queen or the Scout from e6: 3. Under
// promotion=lost White has lost nothing a pawn could become, so the Pawn
// could not move to d6 and gives no check; Black has 13 moves (listed in the
// tutorial, step 9).

const TEST_POSITION: &str = "r4s/1P2p1/3k2/2K3/6/Q4R w - - 0 1";
const PAWN_CHECK: &str = "rsqksr/1pPppp/p5/6/PPP1PP/RSQKSR b - - 0 3";

#[test]
fn the_finished_game_counts_from_the_start() {
    let mesa = load(FINAL, None);
    let counts: Vec<u64> = (1..=4).map(|d| perft_at(&mesa, None, d)).collect();
    assert_eq!(counts, [10, 100, 1_304, 16_279]);
    // The promotion rule makes no difference this early.
    let open = load(FINAL, Some("Open"));
    assert_eq!(perft_at(&open, None, 3), 1_304);
}

#[test]
fn the_finished_game_counts_where_its_own_rules_matter() {
    let mesa = load(FINAL, Some("Mesa"));
    let open = load(FINAL, Some("Open"));
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft_at(&mesa, Some(TEST_POSITION), d))
        .collect();
    assert_eq!(counts, [28, 304, 6_371]);
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft_at(&open, Some(TEST_POSITION), d))
        .collect();
    assert_eq!(counts, [30, 314, 6_956]);
    assert_eq!(perft_at(&mesa, Some(PAWN_CHECK), 1), 13);
    assert_eq!(perft_at(&open, Some(PAWN_CHECK), 1), 3);
}

#[test]
fn a_bare_king_has_lost() {
    // Black to move with only the King left: the game is over (step 8).
    let mesa = load(FINAL, None);
    let pos = mesa.position("k5/6/6/6/6/1KQ3 b - - 0 1").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::win(0, "bare king")));
    assert_eq!(lud::perft::perft(&pos, 1), 0);
}

#[test]
fn a_seeded_game_of_the_computer_against_the_random_player_ends() {
    let mesa = load(FINAL, None);
    let mut pos = mesa.start();
    let mut rng = fastrand::Rng::with_seed(1);
    let settings = lud::ai::Settings {
        max_depth: 3,
        max_nodes: 3_000,
        ..lud::ai::Settings::default()
    };
    let ai_side = 0;
    for _ in 0..400 {
        if pos.outcome().is_some() {
            break;
        }
        let m = if pos.side_to_move() == ai_side {
            lud::ai::choose(&pos, settings, &mut rng).expect("a move while the game goes on")
        } else {
            let moves = pos.legal_moves();
            moves[rng.usize(..moves.len())]
        };
        pos.play(m).unwrap();
    }
    let outcome = pos.outcome();
    assert!(outcome.is_some(), "no result after 400 plies: {pos}");
}

/// The tutorial's transcripts of seeded games (`$ lud play ... --seed N`,
/// then `...` and the end of what it prints) are what the binary prints
/// now: the computer's search is bounded by nodes, so a seeded game is the
/// same on every machine, and a change to the search or to the listing's
/// order shows here rather than in a reader's terminal.
#[test]
fn the_tutorials_seeded_games_are_what_lud_plays() {
    let text = std::fs::read_to_string(root().join("docs/tutorial.md")).unwrap();
    let mut checked = 0;
    for block in text.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        let mut lines = block.lines();
        let Some(command) = lines.next().and_then(|l| l.strip_prefix("$ lud ")) else {
            continue;
        };
        if !(command.starts_with("play ") && command.contains("--seed")) {
            continue;
        }
        assert_eq!(lines.next(), Some("..."), "{command}: `...` before the end");
        let shown: Vec<&str> = lines.collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lud"))
            .args(command.split_whitespace())
            .current_dir(root())
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&out.stdout);
        let printed: Vec<&str> = printed.trim_end().lines().collect();
        let tail = &printed[printed.len().saturating_sub(shown.len())..];
        assert_eq!(
            tail,
            &shown[..],
            "lud {command} prints another end than the tutorial shows"
        );
        checked += 1;
    }
    assert_eq!(checked, 2, "the tutorial's seeded games");
}
