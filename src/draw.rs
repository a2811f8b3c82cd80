//! Drawing a position for the terminal, and results in words.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::compile::model::Model;
use crate::eval::Outcome;
use crate::game::Position;

/// How a board is drawn: from which side, and which move to show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Drawn from the second player's side: the first rank at the top and
    /// the files from right to left.
    pub flipped: bool,
    /// The last move's squares: where it came from (none for a move that
    /// puts a piece down or removes one) and where it went.
    pub last: Option<(Option<Sq>, Sq)>,
}

/// The board as text: ranks from the last down, files lettered below. Each
/// square is three characters: ` R ` for a piece (capitals for the first
/// player), ` . ` for an empty square; a marked square is bracketed: `[R]`, `[ ]`.
/// On hexagons, cells stand a space apart and each rank half a cell (two
/// characters) right of the one below.
pub fn board(pos: &Position) -> String {
    board_view(pos, View::default())
}

/// The board as text, drawn as `view` says: flipped or not, and the last
/// move's squares in parentheses, `(R)` where it went and `( )` where it
/// came from (the parentheses take the place of a mark's brackets).
pub fn board_view(pos: &Position, view: View) -> String {
    let model = pos.model();
    let b = &model.board;
    let mut s = String::new();
    let label_w = b.height.to_string().len();
    let ranks: Vec<u32> = if view.flipped {
        (0..b.height).collect()
    } else {
        (0..b.height).rev().collect()
    };
    let files: Vec<u32> = if view.flipped {
        (0..b.width).rev().collect()
    } else {
        (0..b.width).collect()
    };
    let (last_from, last_to) = match view.last {
        Some((from, to)) => (from, Some(to)),
        None => (None, None),
    };
    // Hexagons: each rank drawn half a cell right of the one below it
    // (left, flipped), so that a cell's six neighbours touch it.
    let hexes = b.tiling == crate::compile::board::Tiling::Hexes;
    let indent = |y: u32| {
        let up = if view.flipped { b.height - 1 - y } else { y };
        if hexes {
            " ".repeat(2 * up as usize)
        } else {
            String::new()
        }
    };
    let gap = if hexes { " " } else { "" };
    let strokes = if hexes { None } else { strokes(model) };
    for &y in &ranks {
        let _ = write!(s, "{:>label_w$} {}", y + 1, indent(y));
        for &x in &files {
            let sq = b.at(x, y).unwrap_or(0);
            if !b.is_present(sq) {
                // A hole: blank, or the line drawn through it.
                match strokes.as_ref().and_then(|k| k.through[sq as usize]) {
                    Some('-') => s.push_str("---"),
                    Some(c) => {
                        let _ = write!(s, " {c} ");
                    }
                    None => s.push_str("   "),
                }
                s.push_str(gap);
                continue;
            }
            let marked = b.marked[sq as usize];
            let last = Some(sq) == last_from || Some(sq) == last_to;
            let ch = match pos.piece_at(sq as usize) {
                Some((piece, owner)) => {
                    let l = model.pieces[piece].letter;
                    if owner == 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
                None if marked || last => ' ',
                None => '.',
            };
            if last {
                let _ = write!(s, "({ch})");
            } else if marked {
                let _ = write!(s, "[{ch}]");
            } else if let Some(k) = &strokes {
                // A line leaving the point sideways joins the next cell.
                let (e, w) = (k.east[sq as usize], k.west[sq as usize]);
                let (left, right) = if view.flipped { (e, w) } else { (w, e) };
                let side = |on: bool| if on { '-' } else { ' ' };
                let _ = write!(s, "{}{ch}{}", side(left), side(right));
            } else {
                let _ = write!(s, " {ch} ");
            }
            s.push_str(gap);
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    // The files' letters under the lowest rank's cells.
    let lowest = if view.flipped { b.height - 1 } else { 0 };
    let _ = write!(s, "{:label_w$} {}", "", indent(lowest));
    for &x in &files {
        let _ = write!(s, " {} {gap}", crate::compile::board::Board::file_name(x));
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s.push_str(&hands(pos));
    s.push_str(&scores(pos));
    s
}

/// The lines of a board with holes, as drawn: whether a line leaves each
/// point east and west, and the stroke a line leaves through each hole.
struct Strokes {
    east: Vec<bool>,
    west: Vec<bool>,
    through: Vec<Option<char>>,
}

/// [`Strokes`] for a board whose lines run through its holes (a mill board's
/// points on their grid); none for others.
fn strokes(model: &Model) -> Option<Strokes> {
    let b = &model.board;
    if model.lines.is_empty() || !b.has_holes() {
        return None;
    }
    let n = b.len();
    let mut k = Strokes {
        east: vec![false; n],
        west: vec![false; n],
        through: vec![None; n],
    };
    for line in &model.lines {
        for pair in line.windows(2) {
            let (p, q) = (pair[0], pair[1]);
            let (a, c) = (b.cell(p), b.cell(q));
            let (dx, dy) = (
                i64::from(c.x) - i64::from(a.x),
                i64::from(c.y) - i64::from(a.y),
            );
            // Only straight lines: along a rank, a file or a diagonal.
            if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
                continue;
            }
            let (sx, sy) = (dx.signum(), dy.signum());
            let stroke = match (sx, sy) {
                (_, 0) => '-',
                (0, _) => '|',
                (1, 1) | (-1, -1) => '/',
                _ => '\\',
            };
            let (mut x, mut y) = (i64::from(a.x) + sx, i64::from(a.y) + sy);
            while (x, y) != (i64::from(c.x), i64::from(c.y)) {
                if let Some(h) = b.at(x as u32, y as u32).filter(|&h| !b.is_present(h)) {
                    k.through[h as usize] = Some(stroke);
                }
                x += sx;
                y += sy;
            }
            if sy == 0 {
                let (e, w) = if sx > 0 { (p, q) } else { (q, p) };
                k.east[e as usize] = true;
                k.west[w as usize] = true;
            }
        }
    }
    Some(k)
}

/// Each player's score, a line under the board ("Score: White 3; Black 1"),
/// in games whose moves add to scores; empty in other games.
pub fn scores(pos: &Position) -> String {
    use crate::compile::model::Effect;
    let model = pos.model();
    let scored = model
        .moves
        .iter()
        .flat_map(|m| &m.effects)
        .any(|e| matches!(e, Effect::AddScore(..)));
    if !scored {
        return String::new();
    }
    let each: Vec<String> = model
        .players
        .iter()
        .enumerate()
        .map(|(p, pl)| format!("{} {}", pl.name, pos.score(p)))
        .collect();
    format!("Score: {}\n", each.join("; "))
}

/// The pieces each player holds in hand, a line under the board ("In hand:
/// White 9 Man; Black 8 Man"), in games where pieces start in hand; empty
/// in other games.
pub fn hands(pos: &Position) -> String {
    let model = pos.model();
    if model.hands.is_empty() {
        return String::new();
    }
    let each: Vec<String> = model
        .players
        .iter()
        .enumerate()
        .map(|(p, pl)| {
            let held: Vec<String> = model
                .pieces
                .iter()
                .enumerate()
                .filter_map(|(k, d)| {
                    let n = pos.in_hand(p, k);
                    (n > 0).then(|| format!("{n} {}", d.name))
                })
                .collect();
            if held.is_empty() {
                format!("{} none", pl.name)
            } else {
                format!("{} {}", pl.name, held.join(", "))
            }
        })
        .collect();
    format!("In hand: {}\n", each.join("; "))
}

/// The key to the board in the game's own names: each piece's letter and
/// name, whose pieces are capitals, and what bracketed squares are.
pub fn legend(model: &Model) -> String {
    let mut s = String::new();
    let pieces: Vec<String> = model
        .pieces
        .iter()
        .map(|p| format!("{} {}", p.letter, p.name))
        .collect();
    let _ = writeln!(s, "Pieces: {}.", pieces.join(", "));
    let names: Vec<&str> = model.players.iter().map(|p| p.name.as_str()).collect();
    match names.as_slice() {
        [first, second] => {
            let _ = writeln!(
                s,
                "Capitals are {first}'s pieces, small letters {second}'s; `.` is an empty square."
            );
        }
        [first, ..] => {
            let _ = writeln!(
                s,
                "Capitals are {first}'s pieces, small letters the others'; `.` is an empty square."
            );
        }
        [] => {}
    }
    if model.board.marked.iter().any(|&m| m) {
        match model.board.mark_name.as_deref() {
            Some(n) => {
                let _ = writeln!(s, "Squares in [brackets] are the region {n}.");
            }
            None => {
                let _ = writeln!(s, "Squares in [brackets] are marked.");
            }
        }
    }
    s
}

/// The board, then whose turn it is (and check), or the result.
pub fn position(pos: &Position) -> String {
    let mut s = board(pos);
    let model = pos.model();
    match pos.outcome() {
        Some(o) => {
            let _ = writeln!(s, "{}", outcome_text(model, &o));
        }
        None => {
            let _ = write!(s, "{} to move", model.players[pos.side_to_move()].name);
            if model.has_royal() && pos.in_check() {
                s.push_str(" (in check)");
            }
            s.push('\n');
        }
    }
    s
}

/// A result in words: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(model: &Model, o: &Outcome) -> String {
    match o {
        Outcome::Win {
            winner,
            kind,
            worth,
        } => format!(
            "{} wins {}by {kind}",
            model
                .players
                .get(*winner)
                .map_or_else(|| format!("player {}", winner + 1), |p| p.name.clone()),
            if *worth == crate::compile::model::Worth::HalfWin {
                "a half-win "
            } else {
                ""
            }
        ),
        Outcome::Draw { kind } => format!("Draw by {kind}"),
    }
}
