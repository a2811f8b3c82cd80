//! An independent reference implementation of Nīlakaṇṭha's Intellectual
//! Game (RULES.md NI-1 .. NI-12 and G-1 .. G-5), written from RULES.md and
//! seed 002 alone, as a test oracle for `lud` (differential testing). The
//! pieces and the board are in `old_chess_ref.rs` (Nīlakaṇṭha's Camel moves
//! as `Kind::Alfil`, its Elephant as `Kind::Rook`), squares and the game
//! driven by its moves as text in `ref_core.rs`; this file adds the setup,
//! promotion, the stalemated king's slaying, legality and the ends of the
//! game.
//!
//! Readings where RULES.md leaves room:
//! * NI-5: the pieces advanced before play keep the squares they stood on in
//!   the array (d2 for the counsellor's pawn) as their start squares, so a
//!   pawn advanced before play goes back to rank 2 (NI-8); with the choice
//!   (the decision), White's and then Black's setup turn is part of the
//!   game: its phase counts in a position (G-5), and G-1 judges it;
//! * NI-8: "the nearest empty square on that rank" is the nearest by file
//!   distance on the rank of the square the pawn started on, judged after
//!   the pawn has left its square and taken what stood on the promotion
//!   square; the counsellor may give check from where it lands;
//! * NI-12: the slaying move is offered only when the player has no other
//!   legal move and is not in check; it takes any enemy piece on one of the
//!   eight squares next to the king and must not leave the king attacked
//!   (G-1); it is written `e1xd2` (king square, `x`, the piece's square);
//! * the ends of the game are judged before each turn, on the position the
//!   last move made, in this order: isolation (NI-10: the player to move has
//!   only his king; the last mover wins a half-victory), checkmate (NI-9),
//!   perpetual check (NI-11), stalemate with no piece to slay (NI-12, a
//!   draw), threefold repetition (G-4, a draw);
//! * NI-11: the position (board, side to move, phase: G-5) after a checking
//!   move has occurred three times, and every move of the checking player
//!   since its first occurrence gave check.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

#[path = "old_chess_ref.rs"]
mod old_chess_ref;

use crate::ref_core::{file_of, forward, last_rank, parse_square, rank_of, square, square_name};
pub use crate::ref_core::{Result, Rules};
pub use old_chess_ref::Kind;
use old_chess_ref::{bare, board_fen, destinations, in_check, key, parse_board, Board, Key, Piece};

/// NI-3: where the kings stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingFile {
    /// King e1/e8, Counsellor d1/d8 (the decision).
    E,
    /// King d1/d8, Counsellor e1/e8.
    D,
}

/// NI-4: the king exchanged with an elephant before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transpose {
    None,
    AFile,
    HFile,
}

/// NI-5: the other pawn advanced before play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupPawn {
    /// Each player chooses in a setup turn, White first (the decision).
    Choose,
    /// The other central pawn (the king's).
    Centre,
    /// The pawn of this file (0 = a .. 7 = h) for both sides.
    File(i32),
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub king_file: KingFile,
    pub transpose: Transpose,
    pub setup_pawn: SetupPawn,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            king_file: KingFile::E,
            transpose: Transpose::None,
            setup_pawn: SetupPawn::Choose,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    /// A piece moves `from` -> `to` (a setup turn's pawn: two squares); a
    /// pawn arriving on its last rank becomes a Counsellor (NI-7, NI-8),
    /// written with a `q`.
    Go { from: usize, to: usize },
    /// NI-12: the king on `king` slays the enemy piece on `sq` and stays.
    Slay { king: usize, sq: usize },
}

/// NI-1: the marked files a, d, e, h (the marks of the last ranks).
fn marked_file(file: i32) -> bool {
    matches!(file, 0 | 3 | 4 | 7)
}

/// NI-3, NI-4, NI-5: the array before play, every piece's origin the square
/// it stands on before the advances of NI-5 (the transposition of NI-4
/// happens "before the start of the game" and so moves origins with it).
fn start_board(o: &Options) -> Board {
    // Rank 1, files a..h; the king and counsellor on d/e.
    let (king, counsellor) = match o.king_file {
        KingFile::E => (4, 3),
        KingFile::D => (3, 4),
    };
    let mut back = [
        Kind::Rook,
        Kind::Horse,
        Kind::Alfil,
        Kind::King,
        Kind::King,
        Kind::Alfil,
        Kind::Horse,
        Kind::Rook,
    ];
    back[king] = Kind::King;
    back[counsellor] = Kind::Counsellor;
    // NI-4: the king exchanged with the elephant of the a- or h-file.
    match o.transpose {
        Transpose::None => {}
        Transpose::AFile => back.swap(king, 0),
        Transpose::HFile => back.swap(king, 7),
    }
    let mut b: Board = [None; 64];
    for color in 0..2 {
        let (r1, r2) = if color == 0 { (0, 1) } else { (7, 6) };
        for f in 0..8 {
            let s1 = square(f, r1).expect("rank 1/8");
            let s2 = square(f, r2).expect("rank 2/7");
            b[s1] = Some(Piece {
                color,
                kind: back[f as usize],
                origin: s1,
            });
            b[s2] = Some(Piece {
                color,
                kind: Kind::Pawn,
                origin: s2,
            });
        }
    }
    // NI-5: the counsellor's pawn and the counsellor, two squares each
    // (pawn first: the counsellor passes over the square it left).
    let advance = |b: &mut Board, file: i32, from_rank: [i32; 2]| {
        for (color, r) in from_rank.into_iter().enumerate() {
            let from = square(file, r).expect("on the board");
            let to = square(file, r + 2 * forward(color)).expect("on the board");
            b[to] = b[from].take();
        }
    };
    advance(&mut b, counsellor as i32, [1, 6]);
    advance(&mut b, counsellor as i32, [0, 7]);
    match o.setup_pawn {
        SetupPawn::Choose => {}
        SetupPawn::Centre => advance(&mut b, king as i32, [1, 6]),
        SetupPawn::File(f) => advance(&mut b, f, [1, 6]),
    }
    b
}

/// A position: the board, the side to move and the setup turns left.
#[derive(Clone, Debug)]
struct Pos {
    board: Board,
    side: usize,
    /// NI-5 with the choice: setup turns still to come (2: White's, 1:
    /// Black's, 0: normal play).
    setup_left: u8,
}

impl Pos {
    /// The board after a move (no legality test).
    fn apply(&self, m: Mv) -> Pos {
        let mut b = self.board;
        match m {
            Mv::Slay { sq, .. } => b[sq] = None,
            Mv::Go { from, to } => {
                let p = b[from].take().expect("a piece to move");
                let setup = self.setup_left > 0;
                if !setup && p.kind == Kind::Pawn && rank_of(to) == last_rank(p.color) {
                    let q = Piece {
                        kind: Kind::Counsellor,
                        ..p
                    };
                    b[to] = None; // taken, if anything stood there
                    let lands = if marked_file(file_of(to)) {
                        to // NI-7
                    } else {
                        nearest_empty(&b, p.origin).unwrap_or(to) // NI-8
                    };
                    b[lands] = Some(q);
                } else {
                    b[to] = Some(p);
                }
            }
        }
        Pos {
            board: b,
            side: 1 - self.side,
            setup_left: self.setup_left.saturating_sub(1),
        }
    }

    /// The moves of the pieces' rules (NI-2, NI-6 .. NI-8), or in a setup
    /// turn the pawn advances of NI-5, leaving the own king attacked or not.
    fn pseudo_moves(&self) -> Vec<Mv> {
        let c = self.side;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.color != c {
                continue;
            }
            if self.setup_left > 0 {
                // NI-5: one more pawn of the second rank, two squares
                // forward over an empty square to an empty square.
                let home = if c == 0 { 1 } else { 6 };
                let d = forward(c);
                let (f, r) = (file_of(from), rank_of(from));
                if p.kind == Kind::Pawn && r == home {
                    let one = square(f, r + d).expect("on the board");
                    let two = square(f, r + 2 * d).expect("on the board");
                    if self.board[one].is_none() && self.board[two].is_none() {
                        out.push(Mv::Go { from, to: two });
                    }
                }
                continue;
            }
            for to in destinations(&self.board, from) {
                out.push(Mv::Go { from, to });
            }
        }
        out
    }

    /// G-1: the moves of `pseudo_moves` that do not leave the own king
    /// attacked.
    fn moves(&self) -> Vec<Mv> {
        let mut legal: Vec<Mv> = self
            .pseudo_moves()
            .into_iter()
            .filter(|&m| !in_check(&self.apply(m).board, self.side))
            .collect();
        // NI-12: a stalemated king slays an enemy piece next to him.
        if legal.is_empty() && self.setup_left == 0 && !in_check(&self.board, self.side) {
            if let Some(k) = old_chess_ref::king_square(&self.board, self.side) {
                for sq in 0..64 {
                    let next_to = (file_of(sq) - file_of(k))
                        .abs()
                        .max((rank_of(sq) - rank_of(k)).abs())
                        == 1;
                    if next_to && matches!(self.board[sq], Some(p) if p.color != self.side) {
                        let m = Mv::Slay { king: k, sq };
                        if !in_check(&self.apply(m).board, self.side) {
                            legal.push(m);
                        }
                    }
                }
            }
        }
        legal
    }

    fn key(&self) -> Key {
        key(&self.board, self.side, self.setup_left)
    }
}

/// NI-8's decision: the square the promoted pawn goes back to: its start
/// square, else the nearest empty square on that rank (by file distance; on
/// a tie the one nearer the centre), else none (it stays).
fn nearest_empty(b: &Board, origin: usize) -> Option<usize> {
    let (of, r) = (file_of(origin), rank_of(origin));
    let mut files: Vec<i32> = (0..8).collect();
    // Twice the distance from the centre line between d and e: 1 for d and
    // e, 7 for a and h.
    files.sort_by_key(|&f| ((f - of).abs(), (2 * f - 7).abs()));
    files
        .into_iter()
        .map(|f| square(f, r).expect("on the board"))
        .find(|&s| b[s].is_none())
}

fn move_text(m: Mv, p: &Pos) -> String {
    match m {
        Mv::Go { from, to } => {
            let mut s = format!("{}{}", square_name(from), square_name(to));
            let pawn = p.board[from].is_some_and(|q| q.kind == Kind::Pawn);
            if p.setup_left == 0 && pawn && rank_of(to) == last_rank(p.side) {
                s.push('q');
            }
            s
        }
        Mv::Slay { king, sq } => format!("{}x{}", square_name(king), square_name(sq)),
    }
}

/// A game of Nīlakaṇṭha: the position and the history the repetition rules
/// need.
#[derive(Clone, Debug)]
pub struct RefGame {
    pos: Pos,
    /// keys[i]: the position after i plies (keys[0]: the start).
    keys: Vec<Key>,
    /// movers[i], checks[i] (i >= 1): who made move i, and whether it left
    /// the other player in check. Index 0 is a placeholder.
    movers: Vec<usize>,
    checks: Vec<bool>,
}

impl RefGame {
    /// The start of the game under these options.
    pub fn new(o: Options) -> RefGame {
        let setup_left = if o.setup_pawn == SetupPawn::Choose {
            2
        } else {
            0
        };
        RefGame::at(Pos {
            board: start_board(&o),
            side: 0,
            setup_left,
        })
    }

    fn at(pos: Pos) -> RefGame {
        RefGame {
            keys: vec![pos.key()],
            pos,
            movers: vec![usize::MAX],
            checks: vec![false],
        }
    }

    /// A position written as lud writes one: `board side - - clock
    /// move-number`, then `phase=setup:N` (N setup turns left for this
    /// player: 1 means White's and Black's are to come if White is to move)
    /// and `origin=sq:start,...` (a piece's start square, where it differs
    /// from the square it stands on). No history before it.
    pub fn from_fen(text: &str) -> RefGame {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut board = parse_board(f[0]).unwrap_or_else(|e| panic!("{e}"));
        let side = match f.get(1).copied().unwrap_or("w") {
            "w" => 0,
            "b" => 1,
            s => panic!("{text}: side {s}?"),
        };
        let mut setup_left = 0;
        for field in f.iter().skip(2) {
            if let Some(v) = field.strip_prefix("phase=setup:") {
                assert_eq!(v, "1", "{text}: one setup turn each");
                setup_left = if side == 0 { 2 } else { 1 };
            } else if let Some(v) = field.strip_prefix("origin=") {
                for pair in v.split(',') {
                    let (at, start) = pair.split_once(':').expect("sq:start");
                    let at = parse_square(at).expect("a square");
                    let start = parse_square(start).expect("a square");
                    board[at].as_mut().expect("a piece there").origin = start;
                }
            } else if field.contains('=') {
                panic!("{text}: field {field} not known here");
            }
        }
        RefGame::at(Pos {
            board,
            side,
            setup_left,
        })
    }

    pub fn side_to_move(&self) -> usize {
        self.pos.side
    }

    pub fn board_fen(&self) -> String {
        board_fen(&self.pos.board)
    }

    /// NI-11: the last move checked, produced a position for the third time,
    /// and every move of its player since that position's first occurrence
    /// gave check.
    fn perpetual(&self) -> bool {
        let n = self.keys.len() - 1;
        let mover = 1 - self.pos.side;
        if n == 0 || !in_check(&self.pos.board, self.pos.side) {
            return false;
        }
        let occ: Vec<usize> = (0..=n).filter(|&i| self.keys[i] == self.keys[n]).collect();
        occ.len() >= 3 && ((occ[0] + 1)..=n).all(|j| self.movers[j] != mover || self.checks[j])
    }

    /// The piece on a square, as its FEN letter, and its start square.
    pub fn piece_on(&self, sq: &str) -> Option<(char, String)> {
        let s = parse_square(sq).expect("a square");
        self.pos.board[s].map(|p| (p.letter(), square_name(p.origin)))
    }
}

impl Rules for RefGame {
    type Move = Mv;

    fn evaluate(&self) -> (Option<Result>, Vec<Mv>) {
        let p = &self.pos;
        let next = p.side;
        let mover = 1 - next;
        // NI-10, judged before checkmate.
        if bare(&p.board, next) {
            return (Some(Result::half_win(mover, "isolation")), Vec::new());
        }
        let moves = p.moves();
        // NI-9.
        if moves.is_empty() && in_check(&p.board, next) {
            return (Some(Result::win(mover, "checkmate")), Vec::new());
        }
        // NI-11.
        if self.perpetual() {
            return (Some(Result::win(mover, "perpetual check")), Vec::new());
        }
        // NI-12: no piece to slay.
        if moves.is_empty() {
            return (Some(Result::draw("stalemate")), Vec::new());
        }
        // G-4.
        let here = self.keys.last().expect("the current position");
        if self.keys.iter().filter(|k| *k == here).count() >= 3 {
            return (Some(Result::draw("repetition")), Vec::new());
        }
        (None, moves)
    }

    fn move_text(&self, m: Mv) -> String {
        move_text(m, &self.pos)
    }

    fn play_move(&mut self, m: Mv) {
        let mover = self.pos.side;
        self.pos = self.pos.apply(m);
        self.keys.push(self.pos.key());
        self.movers.push(mover);
        self.checks.push(in_check(&self.pos.board, self.pos.side));
    }

    fn forget_history(&mut self) {
        *self = RefGame::at(self.pos.clone());
    }
}
