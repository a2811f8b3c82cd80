//! The board as SVG: every shipped game's start position drawn whole (a
//! group per square, a disc per piece, balanced tags), and the pictures of
//! a few kept as reviewed snapshots: squares, hexagons, a mill board's
//! points and lines, a palace's marks, the last move, a king in check,
//! flipped.

use lud::draw::View;

fn game(path: &str) -> lud::Game {
    let text = std::fs::read_to_string(path).unwrap();
    lud::compile_str(path, &text).unwrap_or_else(|d| panic!("{path}: {}", d.render_plain()))
}

fn played(g: &lud::Game, moves: &[&str]) -> (lud::Position, View) {
    let mut pos = g.start();
    let mut last = None;
    for t in moves {
        let m = lud::notation::parse_move(&pos, t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        let sq = |q: usize| q as lud::compile::board::Sq;
        last = Some((m.from().map(sq), sq(m.to())));
        pos.play(m).unwrap();
    }
    (
        pos,
        View {
            flipped: false,
            last,
        },
    )
}

#[test]
fn every_game_is_drawn_whole() {
    let mut files: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let path = f.to_str().unwrap();
        let g = game(path);
        let pos = g.start();
        for flipped in [false, true] {
            let svg = lud::svg::board(
                &pos,
                View {
                    flipped,
                    last: None,
                },
            );
            let b = &g.model().board;
            assert!(
                svg.starts_with("<svg ") && svg.ends_with("</svg>"),
                "{path}"
            );
            assert_eq!(
                svg.matches("<g data-sq=").count(),
                b.cells(),
                "{path}: a group per square"
            );
            let pieces = (0..b.len()).filter(|&q| pos.piece_at(q).is_some()).count();
            assert_eq!(
                svg.matches("<g class=\"piece\"").count(),
                pieces,
                "{path}: a disc per piece"
            );
            assert_eq!(
                svg.matches("<g").count(),
                svg.matches("</g>").count(),
                "{path}: balanced"
            );
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{path}");
        }
    }
}

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn pictures_of_each_kind_of_board() {
    // Squares: a move made, then a check (the king's square picked out).
    let chess = game("games/chess.lud");
    let (pos, view) = played(&chess, &["e2e4", "f7f6", "d1h5"]);
    snap!("svg_chess_check", lud::svg::board(&pos, view));
    snap!(
        "svg_chess_flipped",
        lud::svg::board(
            &pos,
            View {
                flipped: true,
                ..view
            }
        )
    );
    // A board of another size; marked squares.
    let xiangqi = game("games/xiangqi.lud");
    snap!(
        "svg_xiangqi",
        lud::svg::board(&xiangqi.start(), View::default())
    );
    let marked = game("games/nilakantha.lud");
    snap!(
        "svg_marked",
        lud::svg::board(&marked.start(), View::default())
    );
    // Points and lines.
    let morris = game("games/morris.lud");
    snap!(
        "svg_morris",
        lud::svg::board(&morris.start(), View::default())
    );
    // Hexagons.
    let yavalath = game("games/yavalath.lud");
    let (pos, view) = played(&yavalath, &["@e5"]);
    snap!("svg_yavalath", lud::svg::board(&pos, view));
}
