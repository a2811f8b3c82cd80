//! The board as SVG, drawn from the compiled board: squares (in two
//! shades), hexagons, or points and the lines between them on a board with
//! holes (a mill board); marked squares tinted (a palace, the goose-foot
//! squares); pieces as discs in their owner's colour with their letter; the
//! last move's squares and a royal piece in check picked out. For the
//! browser playground and for documents: the picture is self-contained
//! (its style inside), each square a `<g data-sq="N">` with classes a page
//! can restyle (`cell`, `light`/`dark`/`hex`/`point`, `marked`, `last`,
//! `check`), and its numbers have at most three decimals, so that the same
//! position always gives the same text.

use std::fmt::Write as _;

use crate::compile::board::{Board, Sq, Tiling};
use crate::draw::View;
use crate::game::Position;

/// A cell's size, in the picture's units.
const CELL: f64 = 40.0;
/// The room around the board for the coordinates.
const MARGIN: f64 = 24.0;

/// The players' colours: fill, then the letter's colour; players past the
/// last take the colours again.
const COLOURS: [(&str, &str); 6] = [
    ("#fafafa", "#111"),
    ("#222", "#fafafa"),
    ("#c0392b", "#fff"),
    ("#2e86c1", "#fff"),
    ("#27ae60", "#fff"),
    ("#8e44ad", "#fff"),
];

const STYLE: &str = "\
.light{fill:#f0d9b5}.dark{fill:#b58863}.hex{fill:#e9d3a6;stroke:#7a6040;stroke-width:1}\
.point{fill:#5a4630}.line{stroke:#5a4630;stroke-width:2;fill:none}\
.marked>.light{fill:#d9c9ee}.marked>.dark{fill:#a98fc9}.marked>.hex{fill:#c8b6e2}.marked>.point{fill:#7d3c98}\
.last>.light{fill:#f4e869}.last>.dark{fill:#d6c43f}.last>.hex{fill:#f4e869}.last>.point{fill:#c9a800}\
.check .disc{stroke:#e00;stroke-width:3}\
.disc{stroke:#111;stroke-width:1.5}\
.letter{font:bold 18px sans-serif;text-anchor:middle;pointer-events:none}\
.coord{font:12px sans-serif;fill:#555;text-anchor:middle}";

/// A player's colours in the picture: the disc's fill, then the letter's
/// colour (players past the sixth take the colours again).
pub fn colours(player: usize) -> (&'static str, &'static str) {
    COLOURS[player % COLOURS.len()]
}

/// A number with at most three decimals, without trailing zeros.
fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Text made safe inside XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Where cells are drawn: the centre of each, and the box around the
/// board's cells with room for the coordinates.
struct Layout {
    hexes: bool,
    points: bool,
    flipped: bool,
    width: u32,
    height: u32,
    centres: Vec<(f64, f64)>,
    /// The picture's box: left, top, width, height.
    view_box: (f64, f64, f64, f64),
}

impl Layout {
    /// The centre of the cell at file `x`, rank `y` (which may lie off the
    /// board: where the coordinates go).
    fn centre(&self, x: i64, y: i64) -> (f64, f64) {
        let (col, up) = if self.flipped {
            (
                i64::from(self.width) - 1 - x,
                i64::from(self.height) - 1 - y,
            )
        } else {
            (x, y)
        };
        let row = i64::from(self.height) - 1 - up;
        let (shift, row_step) = if self.hexes {
            (up as f64 / 2.0, CELL * 3f64.sqrt() / 2.0)
        } else {
            (0.0, CELL)
        };
        (
            CELL * (col as f64 + shift) + CELL / 2.0,
            row_step * row as f64 + CELL / 2.0,
        )
    }
}

fn layout(b: &Board, flipped: bool) -> Layout {
    let mut l = Layout {
        hexes: b.tiling == Tiling::Hexes,
        points: false,
        flipped,
        width: b.width,
        height: b.height,
        centres: Vec::new(),
        view_box: (0.0, 0.0, 0.0, 0.0),
    };
    l.centres = (0..b.len())
        .map(|sq| {
            let c = b.cell(sq as Sq);
            l.centre(i64::from(c.x), i64::from(c.y))
        })
        .collect();
    let present = || {
        (0..b.len())
            .filter(|&q| b.is_present(q as Sq))
            .map(|q| l.centres[q])
    };
    let fold = |f: fn(f64, f64) -> f64, start: f64, pick: fn((f64, f64)) -> f64| {
        present().map(pick).fold(start, f)
    };
    let (x0, x1) = (
        fold(f64::min, f64::MAX, |c| c.0),
        fold(f64::max, f64::MIN, |c| c.0),
    );
    let (y0, y1) = (
        fold(f64::min, f64::MAX, |c| c.1),
        fold(f64::max, f64::MIN, |c| c.1),
    );
    let pad = CELL / 2.0 + MARGIN;
    l.view_box = if x0 > x1 {
        (0.0, 0.0, 2.0 * pad, 2.0 * pad)
    } else {
        (x0 - pad, y0 - pad, x1 - x0 + 2.0 * pad, y1 - y0 + 2.0 * pad)
    };
    l
}

/// The position as an SVG picture, drawn as `view` says (flipped: the
/// second player's side at the bottom; the last move's squares).
pub fn board(pos: &Position, view: View) -> String {
    let model = pos.model();
    let b = &model.board;
    let mut l = layout(b, view.flipped);
    l.points = !l.hexes && !model.lines.is_empty() && b.has_holes();
    let mut s = String::new();
    let (left, top, w, h) = l.view_box;
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lud-board\" viewBox=\"{} {} {} {}\" width=\"{}\" height=\"{}\"><style>{STYLE}</style>",
        num(left),
        num(top),
        num(w),
        num(h),
        num(w),
        num(h)
    );
    if l.points {
        s.push_str("<g class=\"lines\">");
        for line in &model.lines {
            let pts: Vec<String> = line
                .iter()
                .map(|&q| {
                    let (x, y) = l.centres[q as usize];
                    format!("{},{}", num(x), num(y))
                })
                .collect();
            let _ = write!(s, "<polyline class=\"line\" points=\"{}\"/>", pts.join(" "));
        }
        s.push_str("</g>\n");
    }
    let (last_from, last_to) = match view.last {
        Some((from, to)) => (from, Some(to)),
        None => (None, None),
    };
    for sq in 0..b.len() {
        let q = sq as Sq;
        if !b.is_present(q) {
            continue;
        }
        let (cx, cy) = l.centres[sq];
        let c = b.cell(q);
        let shade = if l.points {
            "point"
        } else if l.hexes {
            "hex"
        } else if (c.x + c.y).is_multiple_of(2) {
            "dark"
        } else {
            "light"
        };
        let mut class = format!("cell {shade}");
        if b.marked[sq] {
            class.push_str(" marked");
        }
        if Some(q) == last_from || Some(q) == last_to {
            class.push_str(" last");
        }
        let piece = pos.piece_at(sq);
        if let Some((p, owner)) = piece {
            if model.pieces[p].royal && pos.is_checked(owner) {
                class.push_str(" check");
            }
        }
        let name = b.name(q);
        let _ = write!(
            s,
            "<g data-sq=\"{sq}\" data-name=\"{}\" class=\"{class}\">",
            escape(&name)
        );
        let half = CELL / 2.0;
        if l.points {
            let _ = write!(
                s,
                "<circle class=\"{shade}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(cx),
                num(cy),
                num(CELL / 6.0)
            );
            // Room to click around the point.
            let _ = write!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"transparent\"/>",
                num(cx),
                num(cy),
                num(half)
            );
        } else if l.hexes {
            let r = CELL / 3f64.sqrt();
            let pts: Vec<String> = (0..6)
                .map(|i| {
                    let a = std::f64::consts::PI / 3.0 * f64::from(i) + std::f64::consts::PI / 6.0;
                    format!("{},{}", num(cx + r * a.cos()), num(cy + r * a.sin()))
                })
                .collect();
            let _ = write!(
                s,
                "<polygon class=\"{shade}\" points=\"{}\"/>",
                pts.join(" ")
            );
        } else {
            let _ = write!(
                s,
                "<rect class=\"{shade}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                num(cx - half),
                num(cy - half),
                num(CELL),
                num(CELL)
            );
        }
        if let Some((p, owner)) = piece {
            let def = &model.pieces[p];
            let (fill, ink) = COLOURS[owner % COLOURS.len()];
            let player = model.players.get(owner).map_or("", |pl| pl.name.as_str());
            let letter = if owner == 0 {
                def.letter
            } else {
                def.letter.to_ascii_lowercase()
            };
            let _ = write!(
                s,
                "<g class=\"piece\" data-piece=\"{p}\" data-owner=\"{owner}\"><title>{} {}</title><circle class=\"disc\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"/><text class=\"letter\" x=\"{}\" y=\"{}\" dy=\"0.35em\" fill=\"{ink}\">{}</text></g>",
                escape(player),
                escape(&def.name),
                num(cx),
                num(cy),
                num(CELL * 0.4),
                num(cx),
                num(cy),
                escape(&letter.to_string())
            );
        }
        s.push_str("</g>\n");
    }
    coordinates(&mut s, b, &l);
    s.push_str("</svg>");
    s
}

/// Each file's letter below it and each rank's number beside it (as the
/// picture is turned), where the cell one step further would be drawn,
/// drawn a little nearer: on squares, below the board's lowest rank and
/// left of its first file; on hexagons, below each file's lowest cell and
/// right of each rank's last (the lower left edge holds both a file's
/// lowest cell and a rank's first).
fn coordinates(s: &mut String, b: &Board, l: &Layout) {
    let near =
        |(ax, ay): (f64, f64), (bx, by): (f64, f64)| (ax + (bx - ax) * 0.8, ay + (by - ay) * 0.8);
    let present = |x: u32, y: u32| b.at(x, y).is_some_and(|q| b.is_present(q));
    // Down the picture, and left along it, in files and ranks.
    let down: i64 = if l.flipped { 1 } else { -1 };
    for x in 0..b.width {
        let y = if l.hexes {
            let mut cells = (0..b.height).filter(|&y| present(x, y));
            let lowest = if l.flipped {
                cells.next_back()
            } else {
                cells.next()
            };
            let Some(y) = lowest else { continue };
            y
        } else if l.flipped {
            b.height - 1
        } else {
            0
        };
        let (x, y) = (i64::from(x), i64::from(y));
        label(
            s,
            near(l.centre(x, y), l.centre(x, y + down)),
            Board::file_name(x as u32),
        );
    }
    for y in 0..b.height {
        let (x, step) = if l.hexes {
            let mut cells = (0..b.width).filter(|&x| present(x, y));
            let last = if l.flipped {
                cells.next()
            } else {
                cells.next_back()
            };
            let Some(x) = last else { continue };
            (x, -down)
        } else if l.flipped {
            (b.width - 1, down)
        } else {
            (0, down)
        };
        let (x, y) = (i64::from(x), i64::from(y));
        label(s, near(l.centre(x, y), l.centre(x + step, y)), y + 1);
    }
    s.push('\n');
}

/// A coordinate's text at a point.
fn label(s: &mut String, (x, y): (f64, f64), text: impl std::fmt::Display) {
    let _ = write!(
        s,
        "<text class=\"coord\" x=\"{}\" y=\"{}\" dy=\"0.35em\">{text}</text>",
        num(x),
        num(y)
    );
}
