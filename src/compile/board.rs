//! The board graph: one node per square, edges labelled by direction. Boards
//! of other shapes only need another constructor; everything else (rays,
//! leaps, regions) is derived from the graph.

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

/// A square's number: square `i` is file `i % width`, rank `i / width`.
pub type Sq = u16;

/// The most squares a board may have (the widest square set holds 640).
pub const MAX_SQUARES: usize = 640;

/// One of the eight directions of a square board, clockwise from North:
/// 0 = N, 1 = NE, 2 = E, 3 = SE, 4 = S, 5 = SW, 6 = W, 7 = NW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir(pub u8);

impl Dir {
    /// East.
    pub const E: Dir = Dir(2);
    /// West.
    pub const W: Dir = Dir(6);

    /// All eight, from North clockwise.
    pub const ALL: [Dir; 8] = [
        Dir(0),
        Dir(1),
        Dir(2),
        Dir(3),
        Dir(4),
        Dir(5),
        Dir(6),
        Dir(7),
    ];

    /// The direction `eighths` steps of 45° clockwise from this one.
    #[must_use]
    pub fn rotate(self, eighths: i32) -> Dir {
        Dir(((i32::from(self.0) + eighths).rem_euclid(8)) as u8)
    }

    /// The opposite direction.
    #[must_use]
    pub fn opposite(self) -> Dir {
        self.rotate(4)
    }

    /// The change in (file, rank) of one step.
    pub fn delta(self) -> (i32, i32) {
        [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ][self.0 as usize]
    }

    /// Whether it is one of N, E, S, W.
    pub fn is_orthogonal(self) -> bool {
        self.0.is_multiple_of(2)
    }

    /// Its compass name.
    pub fn name(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self.0 as usize]
    }

    /// The direction with this compass name.
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// The cells a board is made of, which sets how each is joined to its
/// neighbours and how the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tiling {
    /// Squares in ranks and files, each joined to its eight neighbours.
    #[default]
    Squares,
    /// Hexagons in ranks and files, each rank drawn half a cell to the
    /// right of the one below (a rhombus), each joined to
    /// its six neighbours: E and W along its rank, NE and NW on the rank
    /// above (same file, and the file to the left), SE and SW on the rank
    /// below (the file to the right, and the same file). N and S join
    /// nothing.
    Hexes,
}

impl Tiling {
    /// The change in (file, rank) of one step in `d`, if `d` joins cells.
    pub fn delta(self, d: Dir) -> Option<(i32, i32)> {
        match self {
            Tiling::Squares => Some(d.delta()),
            Tiling::Hexes => match d.0 {
                1 => Some((0, 1)),
                2 => Some((1, 0)),
                3 => Some((1, -1)),
                5 => Some((0, -1)),
                6 => Some((-1, 0)),
                7 => Some((-1, 1)),
                _ => None,
            },
        }
    }

    /// The directions that join cells, from North clockwise.
    pub fn dirs(self) -> impl Iterator<Item = Dir> {
        Dir::ALL
            .into_iter()
            .filter(move |&d| self.delta(d).is_some())
    }
}

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// File, 0 for a.
    pub x: u32,
    /// Rank, 0 for 1.
    pub y: u32,
}

/// The board: its squares as a graph, and a neighbour table derived from it.
#[derive(Clone, Debug)]
pub struct Board {
    /// Files.
    pub width: u32,
    /// Ranks.
    pub height: u32,
    /// Squares or hexagons.
    pub tiling: Tiling,
    /// Squares and their direction-labelled links; node `i` is square `i`.
    pub graph: DiGraph<Cell, Dir>,
    /// `next[sq][dir]`: the neighbour of `sq` in `dir`, derived from the graph.
    next: Vec<[Option<Sq>; 8]>,
    /// Squares carrying a mark (drawn with the board).
    pub marked: Vec<bool>,
    /// Which squares exist: a board with holes (a cross, a hexagon cut from
    /// its rhombus) keeps its numbering, its missing squares joined to
    /// nothing, holding nothing, named by nothing.
    pub present: Vec<bool>,
    /// The region that marks them, where the file names one.
    pub mark_name: Option<String>,
}

impl Board {
    /// A rectangular board of `width` × `height` squares, each linked to its
    /// (up to) eight neighbours. Square `i` is file `i % width`, rank `i / width`.
    pub fn rectangle(width: u32, height: u32) -> Board {
        Board::new(Tiling::Squares, width, height)
    }

    /// A board of `width` × `height` cells of the tiling, each linked to
    /// its neighbours. Cell `i` is file `i % width`, rank `i / width`.
    pub fn new(tiling: Tiling, width: u32, height: u32) -> Board {
        Board::shaped(tiling, width, height, |_, _| true)
    }

    /// A regular hexagon of hexagons, `side` cells a side: the rhombus of
    /// `2 side - 1` cells a side without its two far corners (the cells
    /// whose file and rank add up to less than `side - 1` or more than
    /// `3 (side - 1)`).
    pub fn hexagon(side: u32) -> Board {
        let n = side.max(1) - 1;
        Board::shaped(Tiling::Hexes, 2 * n + 1, 2 * n + 1, |x, y| {
            (n..=3 * n).contains(&(x + y))
        })
    }

    /// A six-pointed star of hexagons: a hexagon of `points + 1` cells a
    /// side with a triangle of `points` cells a side on each of its edges,
    /// cut from a rhombus of `4 × points + 1` cells a side (121 cells for 4).
    #[must_use]
    pub fn star(points: u32) -> Board {
        let m = points.max(1);
        Board::shaped(Tiling::Hexes, 4 * m + 1, 4 * m + 1, |x, y| in_star(m, x, y))
    }

    /// This board without the squares `holes`.
    #[must_use]
    pub fn without(&self, holes: &[Sq]) -> Board {
        let gone = |x: u32, y: u32| {
            holes
                .iter()
                .any(|&q| self.cell(q).x == x && self.cell(q).y == y)
        };
        let mut b = Board::shaped(self.tiling, self.width, self.height, |x, y| {
            let i = (y * self.width + x) as usize;
            self.present[i] && !gone(x, y)
        });
        b.marked.clone_from(&self.marked);
        b.mark_name.clone_from(&self.mark_name);
        b
    }

    /// A board of `width` × `height` cells of the tiling, of which those
    /// where `present` holds exist, each linked to its neighbours.
    pub fn shaped(
        tiling: Tiling,
        width: u32,
        height: u32,
        present: impl Fn(u32, u32) -> bool,
    ) -> Board {
        let mut graph = DiGraph::new();
        let mut there = Vec::new();
        for y in 0..height {
            for x in 0..width {
                graph.add_node(Cell { x, y });
                there.push(present(x, y));
            }
        }
        for y in 0..height {
            for x in 0..width {
                if !there[(y * width + x) as usize] {
                    continue;
                }
                for d in Dir::ALL {
                    let Some((dx, dy)) = tiling.delta(d) else {
                        continue;
                    };
                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                    if nx >= 0
                        && ny >= 0
                        && (nx as u32) < width
                        && (ny as u32) < height
                        && there[(ny as u32 * width + nx as u32) as usize]
                    {
                        let a = NodeIndex::new((y * width + x) as usize);
                        let b = NodeIndex::new((ny as u32 * width + nx as u32) as usize);
                        graph.add_edge(a, b, d);
                    }
                }
            }
        }
        let mut board = Board {
            width,
            height,
            tiling,
            next: Vec::new(),
            marked: vec![false; graph.node_count()],
            mark_name: None,
            present: there,
            graph,
        };
        board.next = board.derive_neighbours();
        board
    }

    fn derive_neighbours(&self) -> Vec<[Option<Sq>; 8]> {
        let mut next = vec![[None; 8]; self.graph.node_count()];
        for e in self.graph.edge_references() {
            next[e.source().index()][e.weight().0 as usize] = Some(e.target().index() as Sq);
        }
        next
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// How many squares exist (the number of squares less the holes).
    pub fn cells(&self) -> usize {
        self.present.iter().filter(|&&p| p).count()
    }

    /// Whether square `sq` exists (not a hole).
    #[inline]
    pub fn is_present(&self, sq: Sq) -> bool {
        self.present.get(sq as usize).copied().unwrap_or(false)
    }

    /// Whether some square is a hole.
    pub fn has_holes(&self) -> bool {
        self.present.iter().any(|&p| !p)
    }

    /// Whether the board has no squares.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `sq`, one per direction (`None` off the board).
    #[inline]
    pub fn neighbours(&self, sq: Sq) -> &[Option<Sq>; 8] {
        &self.next[sq as usize]
    }

    /// The neighbour of `sq` in `dir`.
    pub fn step(&self, sq: Sq, dir: Dir) -> Option<Sq> {
        self.next[sq as usize][dir.0 as usize]
    }

    /// The row a push in `dir` from `from` moves: the squares of the unbroken
    /// run of pieces (`full` tells which squares hold one) starting next to
    /// `from`, and the square beyond its last piece (`None` off the board).
    pub fn push_row(&self, from: Sq, dir: Dir, full: impl Fn(Sq) -> bool) -> (Vec<Sq>, Option<Sq>) {
        let mut row = Vec::new();
        let mut cur = self.step(from, dir);
        while let Some(q) = cur.filter(|&q| full(q)) {
            row.push(q);
            cur = self.step(q, dir);
        }
        (row, cur)
    }

    /// Walks `n` steps in `dir` from `sq`, if every step stays on the board.
    pub fn walk(&self, mut sq: Sq, dir: Dir, n: u32) -> Option<Sq> {
        for _ in 0..n {
            sq = self.step(sq, dir)?;
        }
        Some(sq)
    }

    /// The squares from `sq` in `dir`, nearest first, to the edge.
    pub fn ray(&self, sq: Sq, dir: Dir) -> Vec<Sq> {
        let mut out = Vec::new();
        let mut cur = sq;
        while let Some(n) = self.step(cur, dir) {
            out.push(n);
            cur = n;
        }
        out
    }

    /// File and rank of a square.
    pub fn cell(&self, sq: Sq) -> Cell {
        self.graph[NodeIndex::new(sq as usize)]
    }

    /// The square at file `x`, rank `y`.
    pub fn at(&self, x: u32, y: u32) -> Option<Sq> {
        (x < self.width && y < self.height).then(|| (y * self.width + x) as Sq)
    }

    /// The square's name: `a1`.
    pub fn name(&self, sq: Sq) -> String {
        let c = self.cell(sq);
        format!("{}{}", char::from(b'a' + c.x as u8), c.y + 1)
    }

    /// The square named `s` (none for a hole).
    pub fn parse(&self, s: &str) -> Option<Sq> {
        let (x, y) = super::decls::parse_square(s)?;
        self.at(x, y).filter(|&q| self.is_present(q))
    }

    /// The name of file `x`: `a`.
    pub fn file_name(x: u32) -> char {
        char::from(b'a' + x as u8)
    }
}

/// Whether cell (x, y) of the rhombus a star with points of `m` cells a side
/// is cut from belongs to the star: to one of its two great triangles.
pub fn in_star(m: u32, x: u32, y: u32) -> bool {
    (x >= m && y >= m && x + y <= 5 * m) || (x <= 3 * m && y <= 3 * m && x + y >= 3 * m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_graph() {
        let b = Board::rectangle(8, 8);
        assert_eq!(b.len(), 64);
        let a1 = b.parse("a1").unwrap();
        assert_eq!(b.step(a1, Dir(0)).map(|s| b.name(s)), Some("a2".into()));
        assert_eq!(b.step(a1, Dir(1)).map(|s| b.name(s)), Some("b2".into()));
        assert_eq!(b.step(a1, Dir(6)), None);
        assert_eq!(b.ray(a1, Dir(2)).len(), 7);
        assert_eq!(b.graph.edge_count(), 4 * 7 * 8 + 2 * 7 * 7 * 2);
    }

    #[test]
    fn hexes_have_six_neighbours_joined_both_ways() {
        let b = Board::new(Tiling::Hexes, 11, 11);
        let c3 = b.parse("c3").unwrap();
        let mut around: Vec<String> = Dir::ALL
            .into_iter()
            .filter_map(|d| b.step(c3, d))
            .map(|q| b.name(q))
            .collect();
        around.sort();
        assert_eq!(around, ["b3", "b4", "c2", "c4", "d2", "d3"]);
        for q in 0..b.len() as Sq {
            for d in Dir::ALL {
                if let Some(r) = b.step(q, d) {
                    assert_eq!(b.step(r, d.opposite()), Some(q));
                }
            }
        }
        // Corners: a1 and k11 have two neighbours, k1 and a11 three.
        let n = |s: &str| {
            Dir::ALL
                .into_iter()
                .filter(|&d| b.step(b.parse(s).unwrap(), d).is_some())
                .count()
        };
        assert_eq!((n("a1"), n("k11"), n("k1"), n("a11")), (2, 2, 3, 3));
    }
}
