//! The game on the table: the position, the plies played (to take back and
//! play again), the pieces taken, and how each ply reads to a player.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::draw::View;
use crate::game::Position;
use crate::moves::Move;
use crate::notation::{move_text, san};
use crate::record::MoveNumbers;

/// A piece taken off the board by a ply: its kind, its owner, its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Taken {
    /// The kind of piece.
    pub(super) piece: usize,
    /// Its owner (0 for the first player).
    pub(super) owner: usize,
    /// Where it stood.
    pub(super) square: Sq,
}

/// One ply played.
#[derive(Clone)]
pub(super) struct Ply {
    /// The position before it.
    pub(super) before: Position,
    /// The move.
    pub(super) m: Move,
    /// How it reads: "12. White plays exd5 (e4d5; takes the Pawn on d5)".
    pub(super) line: String,
    /// The pieces of other players it took.
    pub(super) taken: Vec<Taken>,
    /// The move numbers before it.
    numbers: MoveNumbers,
}

/// The game being played.
pub(super) struct Table {
    /// Where the game stands.
    pub(super) pos: Position,
    /// The plies played here, oldest first.
    pub(super) played: Vec<Ply>,
    /// Plies taken back, the last taken back at the end (played again by
    /// `redo`, forgotten when another move is made).
    pub(super) undone: Vec<Ply>,
    /// The board is drawn from the second player's side.
    pub(super) flipped: bool,
    /// The move numbers, as the record counts them, after the plies played.
    numbers: MoveNumbers,
}

impl Table {
    /// A table at `pos`, whose next move is numbered after `numbers`.
    pub(super) fn new(pos: Position, numbers: MoveNumbers, flipped: bool) -> Table {
        Table {
            numbers,
            pos,
            played: Vec::new(),
            undone: Vec::new(),
            flipped,
        }
    }

    /// The number of the move to play now, as the record will number it.
    pub(super) fn move_number(&self) -> u32 {
        self.numbers.peek(self.pos.side_to_move())
    }

    /// How the board is drawn now: the side it is seen from, the last move.
    pub(super) fn view(&self) -> View {
        View {
            flipped: self.flipped,
            last: self
                .played
                .last()
                .map(|p| (p.m.from().map(|f| f as Sq), p.m.to)),
        }
    }

    /// Plays a legal move; returns its line. Plies taken back are forgotten.
    pub(super) fn play(&mut self, m: Move) -> String {
        self.undone.clear();
        self.push(m)
    }

    fn push(&mut self, m: Move) -> String {
        let before = self.pos.clone();
        let numbers = self.numbers;
        let number = self.numbers.count(before.side_to_move());
        let (text, coords) = written(&before, m);
        self.pos.play_unchecked(m);
        let taken = taken_by(&before, &self.pos);
        let line = ply_line(&before, number, &text, coords, &self.pos, &taken);
        self.played.push(Ply {
            before,
            m,
            line: line.clone(),
            taken,
            numbers,
        });
        line
    }

    /// Takes back one ply; `None` if none was played here.
    pub(super) fn take_back(&mut self) -> Option<&Ply> {
        let ply = self.played.pop()?;
        self.pos.clone_from(&ply.before);
        self.numbers = ply.numbers;
        self.undone.push(ply);
        self.undone.last()
    }

    /// Plays again the last ply taken back; its line.
    pub(super) fn play_again(&mut self) -> Option<String> {
        let ply = self.undone.pop()?;
        Some(self.push(ply.m))
    }

    /// The pieces each player has taken so far, as letters in their owners'
    /// case (capitals for the first player's), one string per player.
    pub(super) fn taken_by_player(&self) -> Vec<String> {
        let model = self.pos.model();
        let mut by = vec![String::new(); model.players.len()];
        for ply in &self.played {
            let mover = ply.before.side_to_move();
            for t in &ply.taken {
                if let Some(s) = by.get_mut(mover) {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    s.push(letter(model, t.piece, t.owner));
                }
            }
        }
        by
    }
}

/// A piece's letter as the board shows it: capital for the first player.
fn letter(model: &crate::compile::model::Model, piece: usize, owner: usize) -> char {
    let l = model.pieces[piece].letter;
    if owner == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The pieces of players other than the mover that a ply took off the board
/// (a piece that changes its kind, as in a promotion, is not taken).
fn taken_by(before: &Position, after: &Position) -> Vec<Taken> {
    let mover = before.side_to_move();
    let n = before.model().board.len();
    let mut gone = Vec::new();
    for sq in 0..n {
        if let Some((piece, owner)) = before.piece_at(sq) {
            if owner != mover && after.piece_at(sq) != Some((piece, owner)) {
                gone.push(Taken {
                    piece,
                    owner,
                    square: sq as Sq,
                });
            }
        }
    }
    // A piece that only moved (pieces of others move in some games) is
    // not taken: match each vanished piece with one that appeared.
    let mut appeared: Vec<(usize, usize)> = (0..n)
        .filter_map(|sq| {
            let now = after.piece_at(sq)?;
            (now.1 != mover && before.piece_at(sq) != Some(now)).then_some(now)
        })
        .collect();
    gone.retain(|t| {
        if let Some(i) = appeared.iter().position(|&a| a == (t.piece, t.owner)) {
            appeared.swap_remove(i);
            false
        } else {
            true
        }
    });
    gone
}

/// A move as the lines write it: SAN where the game has it, and then the
/// coordinates a player types, where they differ.
pub(super) fn written(before: &Position, m: Move) -> (String, Option<String>) {
    let coords = move_text(before, m);
    match san(before, m) {
        Some(san) if san != coords => (san, Some(coords)),
        _ => (coords, None),
    }
}

/// "12. White plays e4 (e2e4)", "12... Black plays Qxd1+ (d8d1; takes the
/// Queen on d1; check)": SAN where the game has it, with the coordinates;
/// "4. Yellow plays @d1" where it has not.
fn ply_line(
    before: &Position,
    number: u32,
    text: &str,
    coords: Option<String>,
    after: &Position,
    taken: &[Taken],
) -> String {
    let model = before.model();
    let side = before.side_to_move();
    let dots = if side == 0 { "." } else { "..." };
    let mut s = format!("{number}{dots} {} plays {text}", model.players[side].name);
    let mut notes: Vec<String> = coords.into_iter().collect();
    if !taken.is_empty() {
        let each: Vec<String> = taken
            .iter()
            .map(|t| {
                format!(
                    "the {} on {}",
                    model.pieces[t.piece].name,
                    model.board.name(t.square)
                )
            })
            .collect();
        notes.push(format!("takes {}", and_list(&each)));
    }
    if after.outcome().is_none() && model.has_royal() && after.in_check() {
        notes.push("check".to_string());
    }
    if !notes.is_empty() {
        let _ = write!(s, " ({})", notes.join("; "));
    }
    s
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
