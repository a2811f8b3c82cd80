//! Every shipped game: its rule-graph listing, its rules in plain English
//! (`lud describe`), its start board, the board
//! after a few scripted moves, and seeded games (computer against the random
//! player, with a move cap) that must end with a result.

use std::path::Path;

use lud::notation::move_text;
use lud::{Game, Outcome};

fn load(path: &Path) -> Game {
    let src = lud::compile::read_source(path).unwrap();
    lud::compile(&src).unwrap_or_else(|d| panic!("{}", d.render_plain()))
}

macro_rules! snap {
    ($value:expr) => {
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($value);
        });
    };
}

#[test]
fn rule_graph_listing() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            snap!(load(path).graph().listing());
        }
    );
}

#[test]
fn described_in_plain_english() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            snap!(lud::describe::describe(&load(path)));
        }
    );
}

#[test]
fn start_board() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            let g = load(path);
            let start = g.start();
            snap!(format!("{}{}\n", lud::draw::position(&start), start));
        }
    );
}

#[test]
fn board_after_scripted_moves() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games"),
        "*.lud",
        |path| {
            let g = load(path);
            let mut pos = g.start();
            let mut played = Vec::new();
            let mut rng = fastrand::Rng::with_seed(11);
            for _ in 0..12 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.usize(..moves.len())];
                played.push(move_text(&pos, m));
                pos.play(m).unwrap();
            }
            snap!(format!(
                "{}\n{}{}\n",
                played.join(" "),
                lud::draw::position(&pos),
                pos
            ));
        }
    );
}

/// Plays a game between the computer (as `ai_side`) and the random player.
fn ai_against_random(g: &Game, ai_side: usize, seed: u64, cap: u32) -> Option<Outcome> {
    let mut pos = g.start();
    let mut rng = fastrand::Rng::with_seed(seed);
    let settings = lud::ai::Settings {
        max_depth: 3,
        max_nodes: 3_000,
        ..lud::ai::Settings::default()
    };
    for _ in 0..cap {
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let m = if pos.side_to_move() == ai_side {
            lud::ai::choose(&pos, settings, &mut rng)?
        } else {
            let moves = pos.legal_moves();
            moves[rng.usize(..moves.len())]
        };
        pos.play(m).unwrap();
    }
    pos.outcome()
}

#[test]
fn the_computer_beats_the_random_player() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "lud") {
            continue;
        }
        let mut g = load(&path);
        // A game whose option `size` sets the board plays on its smallest
        // (Go's 9x9): the computer's strength is the point, not the board.
        if let Some(o) = g.model().options.options.iter().find(|o| o.name == "size") {
            let smallest = o
                .values
                .iter()
                .filter_map(|v| v.to_string().parse::<u32>().ok())
                .min()
                .expect("a numeric size");
            let src = lud::compile::read_source(&path).unwrap();
            let config = lud::compile::options::Config {
                ruleset: None,
                options: vec![("size".into(), smallest.to_string())],
            };
            g = lud::build::compile_with(&src, &config).unwrap();
        }
        let mut wins = 0;
        let games = 6;
        for seed in 0..games {
            let side = (seed % 2) as usize;
            let o = ai_against_random(&g, side, seed, 400);
            if o.as_ref().and_then(Outcome::winner) == Some(side) {
                wins += 1;
            }
        }
        assert!(
            wins >= games - 1,
            "{}: the computer won {wins} of {games}",
            path.display()
        );
    }
}
