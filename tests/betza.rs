//! Betza notation against the move ludemes: every piece of every shipped
//! game is written again in Betza notation, and the two games must have the
//! same legal moves, under every ruleset and option value, in every position
//! of seeded random games, and the same move-tree counts.

#[path = "support/common.rs"]
mod common;

use lud::compile::options::Config;
use lud::{Game, Position};

/// Each move ludeme of the shipped games, and the same moves in Betza
/// notation. Longer patterns first: a pattern may be the head of a form
/// whose other arguments (conditions, effects) stay as they are.
const BETZA: &[(&str, &str)] = &[
    ("(step All to:Enemy", "(betza \"cK\""),
    ("(slide All to:Empty", "(betza \"mQ\""),
    ("(slide Orthogonal to:Empty", "(betza \"mR\""),
    (
        "(step {ForwardLeft ForwardRight} to:NotFriend)",
        "(betza \"fF\")",
    ),
    ("(step All)", "(betza \"K\")"),
    ("(step Diagonal)", "(betza \"F\")"),
    ("(step Diagonal to:Empty)", "(betza \"mF\")"),
    ("(step Orthogonal to:Empty)", "(betza \"mW\")"),
    ("(slide Diagonal to:Empty)", "(betza \"mB\")"),
    ("(step {Forward Sideways} to:Empty)", "(betza \"fsmW\")"),
    (
        "(step {ForwardLeft ForwardRight} to:Empty)",
        "(betza \"fmF\")",
    ),
    ("(step Diagonal if:", "(betza \"F\" if:"),
    ("(step Orthogonal if:", "(betza \"W\" if:"),
    ("(slide Forward to:Enemy if:", "(betza \"fcR\" if:"),
    ("(step Forward)", "(betza \"fW\")"),
    ("(step {Left Right} if:", "(betza \"sW\" if:"),
    ("(leap 2 2)", "(betza \"A\")"),
    ("(leap 0 2 to:Empty", "(betza \"mD\""),
    ("(leap 2 2 to:Empty", "(betza \"mA\""),
    ("(leap 1 2 to:Empty", "(betza \"mN\""),
    ("(leap 1 2 if:", "(betza \"N\" if:"),
    ("(leap 1 2)", "(betza \"N\")"),
    ("(slide Orthogonal)", "(betza \"R\")"),
    ("(slide Diagonal)", "(betza \"B\")"),
    ("(slide All)", "(betza \"Q\")"),
    ("(step Forward to:Empty)", "(betza \"fmW\")"),
    (
        "(step {ForwardLeft ForwardRight} to:Enemy)",
        "(betza \"fcF\")",
    ),
    ("(slide Forward min:2 max:2 to:Empty", "(betza \"fmnD\""),
    (
        "(step {ForwardLeft ForwardRight} to:EnPassant)",
        "(betza \"feF\")",
    ),
];

fn in_betza(text: &str) -> String {
    let mut out = text.to_string();
    for (from, to) in BETZA {
        out = out.replace(from, to);
    }
    for ludeme in ["(step ", "(slide ", "(leap "] {
        assert!(
            !out.contains(ludeme),
            "a {ludeme}...) is left: add its Betza form to the table"
        );
    }
    out
}

fn compile(name: &str, text: &str, config: &Config) -> Game {
    let src = lud::source::SourceFile::new(name, text);
    lud::build::compile_with(&src, config).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn sorted_moves(p: &Position) -> Vec<String> {
    common::legal(p)
}

#[test]
fn every_shipped_piece_moves_the_same_in_betza() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "lud") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let base = compile(&name, &text, &Config::default());
        // Betza's moves are defined on squares, not on hexagons.
        if base.model().board.tiling == lud::compile::board::Tiling::Hexes {
            continue;
        }
        games += 1;
        let betza = in_betza(&text);
        for config in base.model().options.all_configs() {
            let a = compile(&name, &text, &config);
            let b = compile(&name, &betza, &config);
            // Three plies, or two where a level is a whole turn of parts or
            // the board is large (the counts run to billions).
            let depth = if a.start().has_parts() || a.model().board.len() > 64 {
                2
            } else {
                3
            };
            assert_eq!(
                lud::perft::perft(&a.start(), depth),
                lud::perft::perft(&b.start(), depth),
                "{name} {config:?}: perft {depth}"
            );
            for seed in 0..6u64 {
                let mut rng = fastrand::Rng::with_seed(seed);
                let (mut pa, mut pb) = (a.start(), b.start());
                for ply in 0..80 {
                    let ma = sorted_moves(&pa);
                    assert_eq!(
                        ma,
                        sorted_moves(&pb),
                        "{name} {config:?} seed {seed} ply {ply}: {pa}"
                    );
                    if ma.is_empty() {
                        break;
                    }
                    let text = &ma[rng.usize(..ma.len())];
                    common::play(&mut pa, text);
                    common::play(&mut pb, text);
                }
            }
        }
    }
    assert!(games >= 3);
}

#[test]
fn betza_pieces_move_as_their_notation_says() {
    // A small board of new pieces: a nightrider, a cannon, a grasshopper, a
    // xiangqi horse and elephant; each piece's moves from one square.
    let text = r#"(game "Betza"
        (players {(player "White" N) (player "Black" S)})
        (equipment {
            (board (square 8))
            (piece "King" "K" royal:True (betza "K"))
            (piece "Nightrider" "X" (betza "NN"))
            (piece "Cannon" "C" (betza "mRcpR"))
            (piece "Grasshopper" "G" (betza "gQ"))
            (piece "Horse" "H" (betza "nN"))
            (piece "Elephant" "E" (betza "nA"))
            (piece "Shogi" "S" (betza "fN"))
        })
        (rules
            (start {(place White "King" a1) (place Black "King" h8)})
            (play (forbid (inCheck Mover)))
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = compile("betza.lud", text, &Config::default());
    let from = |fen: &str, sq: &str| common::moves_from(&common::pos(&g, fen), sq);
    // Nightrider on b1: a3; c3 then d5 (a piece: captured, and the ride
    // stops before e7); d2 f3 h4.
    assert_eq!(
        from("7k/8/8/3e4/8/8/8/KX6 w - - 0 1", "b1"),
        ["b1a3", "b1c3", "b1d2", "b1d5", "b1f3", "b1h4"]
    );
    // Cannon on d1: moves like a rook to empty squares; captures only over a screen.
    let c = from("3e3k/8/8/3E4/8/8/8/K2C1e1e w - - 0 1", "d1");
    assert!(c.contains(&"d1d4".to_string()) && !c.contains(&"d1d5".to_string()));
    assert!(
        c.contains(&"d1d8".to_string()),
        "captures over the screen on d5: {c:?}"
    );
    assert!(c.contains(&"d1e1".to_string()) && !c.contains(&"d1f1".to_string()));
    assert!(
        c.contains(&"d1h1".to_string()),
        "captures h1 over f1: {c:?}"
    );
    // Grasshopper on d4 with pieces on d6 and f4: lands right behind them only.
    assert_eq!(
        from("7k/8/3e4/8/3G1E2/8/8/K7 w - - 0 1", "d4"),
        ["d4d7", "d4g4"]
    );
    // Xiangqi horse on d4, blocked to the north by d5.
    let h = from("7k/8/8/3E4/3H4/8/8/K7 w - - 0 1", "d4");
    assert_eq!(h.len(), 6, "{h:?}");
    assert!(!h.contains(&"d4c6".to_string()) && !h.contains(&"d4e6".to_string()));
    // Elephant on d4, blocked at e5.
    let e = from("7k/8/8/4S3/3E4/8/8/K7 w - - 0 1", "d4");
    assert_eq!(e, ["d4b2", "d4b6", "d4f2"]);
    // Shogi knight: forward only, and forward is down the board for Black.
    assert_eq!(
        from("7k/8/8/8/3S4/8/8/K7 w - - 0 1", "d4"),
        ["d4c6", "d4e6"]
    );
    assert_eq!(
        from("7k/8/8/3s4/8/8/8/K7 b - - 0 1", "d5"),
        ["d5c3", "d5e3"]
    );
}
