//! The names a game file declares (pieces, players, regions) and its board
//! size, gathered once for the checks and the lowering.

use std::collections::HashMap;

use super::bind::{bind, forms_of};
use super::ludemes::{lookup, Cat};
use crate::source::Span;
use crate::syntax::ast::Node;

/// One declared name.
#[derive(Clone, Debug)]
pub struct Decl {
    /// The name.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
}

/// Everything the file declares.
#[derive(Clone, Debug, Default)]
pub struct Decls {
    /// Pieces, in order.
    pub pieces: Vec<Decl>,
    /// Players, in turn order.
    pub players: Vec<Decl>,
    /// Regions.
    pub regions: Vec<Decl>,
    /// The board's width and height, if the board form is readable.
    pub board: Option<(u32, u32)>,
    /// The squares of the board's rectangle that are holes (a hexagon's
    /// corners, the board's `holes:`), as (file, rank).
    pub holes: Vec<(u32, u32)>,
    /// Where the board's `holes:` names them (those names are not checked as squares).
    pub hole_spans: Vec<crate::source::Span>,
    /// Its cells: squares or hexagons.
    pub tiling: crate::compile::board::Tiling,
    /// The names of the file's macros (for a hint where one is written
    /// as a name).
    pub macros: Vec<String>,
    /// Each name's first declaration, by kind (0 pieces, 1 players, 2
    /// regions): found by hashing, however many names a file declares.
    index: [HashMap<String, usize>; 3],
}

impl Decls {
    /// Gathers the declarations under the `(game ...)` node.
    pub fn collect(game: &Node) -> Decls {
        let mut d = Decls::default();
        for (cat, list) in [
            (Cat::Piece, &mut d.pieces),
            (Cat::Player, &mut d.players),
            (Cat::Region, &mut d.regions),
        ] {
            for (form, _) in forms_of(game, cat) {
                let Some(l) = lookup(&form.head) else {
                    continue;
                };
                let (b, _) = bind(form, l);
                if let Some(n) = b.one("name") {
                    if let Some(s) = n.as_str() {
                        list.push(Decl {
                            name: s.to_string(),
                            span: n.span,
                        });
                    }
                }
            }
        }
        for (index, list) in d.index.iter_mut().zip([&d.pieces, &d.players, &d.regions]) {
            for (i, decl) in list.iter().enumerate() {
                index.entry(decl.name.clone()).or_insert(i);
            }
        }
        for (form, _) in forms_of(game, Cat::Shape) {
            let Some(l) = lookup(&form.head) else {
                continue;
            };
            let (b, _) = bind(form, l);
            let dims = match form.head.as_str() {
                "square" => b.one("size").and_then(Node::as_int).map(|s| (s, s)),
                "rectangle" => b
                    .one("width")
                    .and_then(Node::as_int)
                    .zip(b.one("height").and_then(Node::as_int)),
                "hexHexagon" => {
                    d.tiling = crate::compile::board::Tiling::Hexes;
                    b.one("side")
                        .and_then(Node::as_int)
                        .map(|s| (2 * s - 1, 2 * s - 1))
                }
                "hexStar" => {
                    d.tiling = crate::compile::board::Tiling::Hexes;
                    b.one("points")
                        .and_then(Node::as_int)
                        .filter(|m| (1..=6).contains(m))
                        .map(|m| (4 * m + 1, 4 * m + 1))
                }
                "hexRhombus" => {
                    d.tiling = crate::compile::board::Tiling::Hexes;
                    b.one("width")
                        .and_then(Node::as_int)
                        .map(|w| (w, b.one("height").and_then(Node::as_int).unwrap_or(w)))
                }
                _ => None,
            };
            if let Some((w, h)) = dims {
                if (1..=26).contains(&w)
                    && (1..=26).contains(&h)
                    && w * h <= crate::compile::board::MAX_SQUARES as i64
                {
                    d.board = Some((w as u32, h as u32));
                    if form.head == "hexHexagon" {
                        let n = (w - 1) as u32 / 2;
                        for y in 0..h as u32 {
                            for x in 0..w as u32 {
                                if !(n..=3 * n).contains(&(x + y)) {
                                    d.holes.push((x, y));
                                }
                            }
                        }
                    }
                    if form.head == "hexStar" {
                        let m = (w - 1) as u32 / 4;
                        for y in 0..h as u32 {
                            for x in 0..w as u32 {
                                if !crate::compile::board::in_star(m, x, y) {
                                    d.holes.push((x, y));
                                }
                            }
                        }
                    }
                }
            }
        }
        for (form, _) in forms_of(game, Cat::Board) {
            let Some(l) = lookup(&form.head) else {
                continue;
            };
            let (b, _) = bind(form, l);
            for h in b.all("holes") {
                if let Some(xy) = h.as_ident().and_then(parse_square) {
                    d.holes.push(xy);
                    d.hole_spans.push(h.span);
                }
            }
        }
        d
    }

    /// The index of the piece named `name`.
    pub fn piece(&self, name: &str) -> Option<usize> {
        self.index[0].get(name).copied()
    }

    /// The index of the player named `name`.
    pub fn player(&self, name: &str) -> Option<usize> {
        self.index[1].get(name).copied()
    }

    /// The index of the region named `name`.
    pub fn region(&self, name: &str) -> Option<usize> {
        self.index[2].get(name).copied()
    }
}

/// Parses a square name such as `a1` or `c10` into (file, rank), 0-based.
pub fn parse_square(s: &str) -> Option<(u32, u32)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let r: u32 = rest.parse().ok()?;
    Some((f as u32 - 'a' as u32, r - 1))
}

/// Whether an identifier has the shape of a square name (a letter, then digits).
pub fn looks_like_square(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f.is_ascii_lowercase())
        && s.len() > 1
        && s[1..].chars().all(|c| c.is_ascii_digit())
}
