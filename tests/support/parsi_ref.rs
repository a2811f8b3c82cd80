//! An independent reference implementation of Parsi Chess (RULES.md PA-1 ..
//! PA-19 and G-1 .. G-5), written from RULES.md and the seeds alone, to be used
//! as a test oracle for `lud` (differential testing).
//!
//! It is deliberately plain: a mailbox 8x8 board, every move made on a clone,
//! every rule checked by brute force. Nothing here is shared with the
//! interpreter; the squares, the board as text and the game driven by its
//! moves as text are `ref_core.rs`'s (shared with the other references).
//!
//! Readings of the rules where RULES.md and the brief leave room (several
//! are also marked `Reading:` where the code applies them):
//! * the extra leap of a freshly promoted horse (PA-13) is never an attack and
//!   never captures a king;
//! * a pawn's attack on the last rank (PA-12) asks only whether some piece
//!   type is available there, not PA-13 Murray's no-check rule (the attacked
//!   king would be taken, so the horse could not check it);
//! * Shastree's "has been in check" (PA-8): after any move, the player to
//!   move who is in check has been in check from then on;
//! * PA-17 "gave check": after the move the mover's opponent is attacked; a
//!   player left without a move by PA-17 is mated if in check, else
//!   stalemated;
//! * the legality of a move with an extra leap is judged on the position after
//!   the leap only;
//! * the confiscation moves of PA-16 are judged by G-1 alone;
//! * end conditions are judged in the order PA-19, PA-18, checkmate /
//!   stalemate (PA-15, PA-16), threefold repetition (G-4); a move after which
//!   the game ends by PA-19 or PA-18 is never "stalemating";
//! * PA-16's exception applies only if every move that passes every rule but
//!   PA-16 and PA-17 stalemates (so a move barred by PA-17 keeps it shut);
//! * PA-11 Murray on c8/f8 (c1/f1): fewer camels on the square's colour than
//!   started there (one) *and* fewer camels in all than two, so a camel of
//!   the other colour made on the king's square blocks it;
//! * the opening (PA-14) applies whenever `opening > 0`, whatever the ruleset.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]
// `&Options` everywhere reads more plainly than a by-value copy.
#![allow(clippy::trivially_copy_pass_by_ref)]

use crate::ref_core::{
    board_fen, fen_letter, file_of, forward, last_rank, parse_board, parse_square, rank_of, square,
    square_name,
};
pub use crate::ref_core::{Result, Rules};

/// Which account of a rule where the sources differ (RULES.md: PA-8, PA-10,
/// PA-11, PA-13); the rulesets take one account for all four.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    /// Seed 000, after Murray.
    Murray,
    /// Seed 001, after Shastree (1817).
    Shastree,
}

/// What capturing all enemy pieces but the king does (PA-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boorj {
    /// The capturer wins (kind "Boorj").
    HalfWin,
    /// The game is drawn (kind "Boorj").
    Draw,
    /// Nothing happens (Murray's reading).
    NotAnEnd,
}

/// What happens around stalemate (PA-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// Stalemating is illegal unless every move stalemates; then it is a draw.
    Draw,
    /// As `Draw`, but the stalemated player removes an enemy piece instead.
    Confiscate,
    /// Stalemating is legal; the stalemated player removes an enemy piece.
    AllowedConfiscate,
}

/// The options of one game.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// PA-8: the king's leap.
    pub king_leap: Ruleset,
    /// PA-10: the guard of the double step.
    pub double_step: Ruleset,
    /// PA-11 / PA-11S (and PA-12, which follows from it): promotion.
    pub promotion: Ruleset,
    /// PA-13: the promoted horse.
    pub horse_leap: Ruleset,
    /// PA-14: moves in a row for each side at the start; 0 = no opening.
    pub opening: u32,
    pub boorj: Boorj,
    pub stalemate: Stalemate,
}

impl Options {
    /// Murray's ruleset with its defaults.
    pub fn murray() -> Options {
        Options {
            king_leap: Ruleset::Murray,
            double_step: Ruleset::Murray,
            promotion: Ruleset::Murray,
            horse_leap: Ruleset::Murray,
            opening: 4,
            boorj: Boorj::NotAnEnd,
            stalemate: Stalemate::Draw,
        }
    }

    /// Shastree's ruleset with its defaults.
    pub fn shastree() -> Options {
        Options {
            king_leap: Ruleset::Shastree,
            double_step: Ruleset::Shastree,
            promotion: Ruleset::Shastree,
            horse_leap: Ruleset::Shastree,
            opening: 0,
            boorj: Boorj::HalfWin,
            stalemate: Stalemate::Draw,
        }
    }
}

// ---------------------------------------------------------------------------
// Pieces and squares
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    King,
    Vizier,
    Rook,
    Horse,
    Camel,
    Pawn,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Vizier => 'q',
            Kind::Rook => 'r',
            Kind::Horse => 'n',
            Kind::Camel => 'b',
            Kind::Pawn => 'p',
        }
    }

    /// How many of this type a player starts with (PA-2).
    fn start_count(self) -> usize {
        match self {
            Kind::King => 1,
            Kind::Vizier => 1,
            Kind::Rook => 2,
            Kind::Horse => 2,
            Kind::Camel => 2,
            Kind::Pawn => 8,
        }
    }
}

/// "No start square": a piece made by a Murray promotion.
const NO_START: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    color: usize,
    kind: Kind,
    /// The square this piece (its identity) started the game on.
    start: usize,
    /// Whether this piece has ever moved.
    moved: bool,
}

impl Piece {
    /// Its FEN letter.
    fn letter(self) -> char {
        fen_letter(self.kind.letter(), self.color)
    }
}

/// Square colour: (file + rank) parity. Camels never change it.
fn colour_of(sq: usize) -> i32 {
    (file_of(sq) + rank_of(sq)) % 2
}

/// The rank index of `color`'s back rank.
fn first_rank(color: usize) -> i32 {
    if color == 0 {
        0
    } else {
        7
    }
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn is_knight_step(a: usize, b: usize) -> bool {
    let df = (file_of(a) - file_of(b)).abs();
    let dr = (rank_of(a) - rank_of(b)).abs();
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// The type that starts on a square (PA-2), if any piece does.
fn initial_kind(sq: usize) -> Option<Kind> {
    let white = [
        Kind::Rook,
        Kind::Horse,
        Kind::Camel,
        Kind::Vizier,
        Kind::King,
        Kind::Camel,
        Kind::Horse,
        Kind::Rook,
    ];
    let black = [
        Kind::Rook,
        Kind::Horse,
        Kind::Camel,
        Kind::King,
        Kind::Vizier,
        Kind::Camel,
        Kind::Horse,
        Kind::Rook,
    ];
    match rank_of(sq) {
        0 => Some(white[file_of(sq) as usize]),
        1 | 6 => Some(Kind::Pawn),
        7 => Some(black[file_of(sq) as usize]),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    /// A piece moves `from` -> `to`; a pawn may promote; a promoted horse
    /// may then leap on (PA-13).
    Step {
        from: usize,
        to: usize,
        promo: Option<Kind>,
        leap: Option<usize>,
    },
    /// PA-16 confiscation: remove the enemy piece on `sq`.
    Remove { sq: usize },
}

fn move_text(m: Mv) -> String {
    match m {
        Mv::Step {
            from,
            to,
            promo,
            leap,
        } => {
            let mut s = format!("{}{}", square_name(from), square_name(to));
            if let Some(k) = promo {
                s.push(k.letter());
            }
            if let Some(l) = leap {
                s.push(',');
                s.push_str(&square_name(l));
            }
            s
        }
        Mv::Remove { sq } => format!("x{}", square_name(sq)),
    }
}

// ---------------------------------------------------------------------------
// Positions (board + per-piece and per-player flags, no history)
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Pos {
    board: [Option<Piece>; 64],
    /// Plies played so far (the turn order of PA-14 follows from it).
    ply: u32,
    /// PA-8: the king's knight leap has been used.
    leap_used: [bool; 2],
    /// PA-8 Shastree: the player has been in check at some time.
    been_checked: [bool; 2],
}

fn start_pos() -> Pos {
    let board: [Option<Piece>; 64] = std::array::from_fn(|sq| {
        initial_kind(sq).map(|kind| Piece {
            // Ranks 1-2 are White's, ranks 7-8 Black's.
            color: usize::from(rank_of(sq) > 1),
            kind,
            start: sq,
            moved: false,
        })
    });
    Pos {
        board,
        ply: 0,
        leap_used: [false; 2],
        been_checked: [false; 2],
    }
}

/// PA-14: White makes N moves, then Black N, then they alternate.
fn side_to_move_at(o: &Options, ply: u32) -> usize {
    let n = o.opening;
    if ply < n {
        0
    } else if ply < 2 * n {
        1
    } else {
        ((ply - 2 * n) % 2) as usize
    }
}

fn in_opening(o: &Options, ply: u32) -> bool {
    ply < 2 * o.opening
}

/// Opening-phase progress, part of a position for repetition (G-5).
fn phase_progress(o: &Options, ply: u32) -> u32 {
    ply.min(2 * o.opening)
}

/// A square in `color`'s opponent's half (PA-14).
fn in_enemy_half(color: usize, sq: usize) -> bool {
    if color == 0 {
        rank_of(sq) >= 4
    } else {
        rank_of(sq) <= 3
    }
}

impl Pos {
    fn stm(&self, o: &Options) -> usize {
        side_to_move_at(o, self.ply)
    }

    fn king_sq(&self, color: usize) -> Option<usize> {
        (0..64).find(
            |&sq| matches!(self.board[sq], Some(p) if p.color == color && p.kind == Kind::King),
        )
    }

    fn count_kind(&self, color: usize, kind: Kind) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.color == color && p.kind == kind)
            .count()
    }

    /// Only the king is left (PA-18, PA-19).
    fn bare(&self, color: usize) -> bool {
        self.board
            .iter()
            .flatten()
            .all(|p| p.color != color || p.kind == Kind::King)
    }

    /// The piece types a pawn of `color` could become on `to` (PA-11 /
    /// PA-11S), ignoring PA-13's check restriction. Empty: it cannot promote
    /// there (PA-12).
    fn promo_kinds(&self, o: &Options, color: usize, to: usize) -> Vec<Kind> {
        let f = file_of(to);
        let mut out = Vec::new();
        match o.promotion {
            Ruleset::Murray => {
                let lost = |k: Kind| self.count_kind(color, k) < k.start_count();
                // The opposing king's start square: d8 for White, e1 for Black.
                let enemy_king_file = if color == 0 { 3 } else { 4 };
                if f == enemy_king_file {
                    for k in [Kind::Rook, Kind::Horse, Kind::Camel, Kind::Vizier] {
                        if lost(k) {
                            out.push(k);
                        }
                    }
                } else {
                    let k = initial_kind(to).expect("a last-rank square");
                    match k {
                        Kind::Camel => {
                            // The camel of the promotion square's colour must
                            // be missing (one camel per colour at the start),
                            // and (Reading) no more than two camels ever: a
                            // camel of the other colour made on the king's
                            // square fills the place of the lost one.
                            let on_colour = (0..64)
                                .filter(|&s| {
                                    matches!(self.board[s], Some(p) if p.color == color
                                        && p.kind == Kind::Camel
                                        && colour_of(s) == colour_of(to))
                                })
                                .count();
                            if on_colour < 1 && lost(Kind::Camel) {
                                out.push(Kind::Camel);
                            }
                        }
                        k => {
                            if lost(k) {
                                out.push(k);
                            }
                        }
                    }
                }
            }
            Ruleset::Shastree => {
                let master = shastree_master(color, to);
                let alive = self
                    .board
                    .iter()
                    .flatten()
                    .any(|p| p.color == color && p.start == master);
                if !alive {
                    out.push(initial_kind(master).expect("a back-rank square"));
                }
            }
        }
        out
    }

    /// Is `sq` attacked by a piece of `by`? (Pins are ignored, as always.)
    fn attacked(&self, o: &Options, sq: usize, by: usize) -> bool {
        !self.attackers(o, sq, by, true).is_empty()
    }

    /// The squares of `by`'s pieces that attack `sq`. With `first_only` the
    /// search stops at the first one.
    fn attackers(&self, o: &Options, sq: usize, by: usize, first_only: bool) -> Vec<usize> {
        let mut out = Vec::new();
        let (tf, tr) = (file_of(sq), rank_of(sq));
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if p.color != by || s == sq {
                continue;
            }
            let (sf, sr) = (file_of(s), rank_of(s));
            let (df, dr) = (tf - sf, tr - sr);
            let hits = match p.kind {
                Kind::Pawn => {
                    if dr == forward(by) && df.abs() == 1 {
                        // PA-12: a capture onto the last rank is an attack
                        // only if the pawn could promote there.
                        if tr == last_rank(by) {
                            !self.promo_kinds(o, by, sq).is_empty()
                        } else {
                            true
                        }
                    } else {
                        false
                    }
                }
                Kind::Horse => is_knight_step(s, sq),
                Kind::King => {
                    let adjacent = df.abs() <= 1 && dr.abs() <= 1;
                    // PA-8 Murray: the unused leap is an attack.
                    let leap = o.king_leap == Ruleset::Murray
                        && !self.leap_used[by]
                        && is_knight_step(s, sq);
                    adjacent || leap
                }
                Kind::Rook => self.ray_hits(s, sq, &ORTHO),
                Kind::Camel => self.ray_hits(s, sq, &DIAG),
                Kind::Vizier => self.ray_hits(s, sq, &ORTHO) || self.ray_hits(s, sq, &DIAG),
            };
            if hits {
                out.push(s);
                if first_only {
                    return out;
                }
            }
        }
        out
    }

    /// A slider on `from` reaches `to` along one of `dirs`.
    fn ray_hits(&self, from: usize, to: usize, dirs: &[(i32, i32)]) -> bool {
        for &(dx, dy) in dirs {
            let (mut f, mut r) = (file_of(from) + dx, rank_of(from) + dy);
            while let Some(s) = square(f, r) {
                if s == to {
                    return true;
                }
                if self.board[s].is_some() {
                    break;
                }
                f += dx;
                r += dy;
            }
        }
        false
    }

    fn in_check(&self, o: &Options, color: usize) -> bool {
        match self.king_sq(color) {
            Some(k) => self.attacked(o, k, 1 - color),
            None => false,
        }
    }

    /// The position after a move (no legality test here).
    fn apply(&self, o: &Options, m: Mv) -> Pos {
        let mut n = self.clone();
        match m {
            Mv::Step {
                from,
                to,
                promo,
                leap,
            } => {
                let mut piece = n.board[from].take().expect("a piece to move");
                if piece.kind == Kind::King && is_knight_step(from, to) {
                    n.leap_used[piece.color] = true;
                }
                piece.moved = true;
                if let Some(k) = promo {
                    let start = match o.promotion {
                        Ruleset::Murray => NO_START,
                        // PA-11S: the promoted piece becomes the master piece.
                        Ruleset::Shastree => shastree_master(piece.color, to),
                    };
                    piece = Piece {
                        color: piece.color,
                        kind: k,
                        start,
                        moved: true,
                    };
                }
                // The piece on `to` (if any) is captured; a leaping horse
                // then goes on from `to` to `l`.
                n.board[to] = Some(piece);
                if let Some(l) = leap {
                    n.board[to] = None;
                    n.board[l] = Some(piece);
                }
            }
            Mv::Remove { sq } => {
                n.board[sq] = None;
            }
        }
        n.ply += 1;
        let s = n.stm(o);
        if n.in_check(o, s) {
            n.been_checked[s] = true;
        }
        n
    }

    /// Every move of the side to move by the movement rules, the opening rule
    /// and the promotion rules, without G-1 (own king left attacked).
    fn pseudo_moves(&self, o: &Options) -> Vec<Mv> {
        let c = self.stm(o);
        let enemy = 1 - c;
        let mut out = Vec::new();
        // A target a piece may move to: empty or an enemy piece that is not
        // the king (kings are never captured).
        let open = |s: usize| -> bool {
            match self.board[s] {
                None => true,
                Some(p) => p.color != c && p.kind != Kind::King,
            }
        };
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.color != c {
                continue;
            }
            let (f, r) = (file_of(from), rank_of(from));
            let simple = |to: usize, out: &mut Vec<Mv>| {
                out.push(Mv::Step {
                    from,
                    to,
                    promo: None,
                    leap: None,
                });
            };
            match p.kind {
                Kind::Rook | Kind::Camel | Kind::Vizier => {
                    let dirs: Vec<(i32, i32)> = match p.kind {
                        Kind::Rook => ORTHO.to_vec(),
                        Kind::Camel => DIAG.to_vec(),
                        _ => ORTHO.iter().chain(DIAG.iter()).copied().collect(),
                    };
                    for (dx, dy) in dirs {
                        let (mut ff, mut rr) = (f + dx, r + dy);
                        while let Some(s) = square(ff, rr) {
                            if open(s) {
                                simple(s, &mut out);
                            }
                            if self.board[s].is_some() {
                                break;
                            }
                            ff += dx;
                            rr += dy;
                        }
                    }
                }
                Kind::Horse => {
                    for (dx, dy) in KNIGHT {
                        if let Some(s) = square(f + dx, r + dy) {
                            if open(s) {
                                simple(s, &mut out);
                            }
                        }
                    }
                }
                Kind::King => {
                    for (dx, dy) in KING {
                        if let Some(s) = square(f + dx, r + dy) {
                            if open(s) {
                                simple(s, &mut out);
                            }
                        }
                    }
                    // PA-8: the once-per-game knight leap.
                    let may_leap = !self.leap_used[c]
                        && match o.king_leap {
                            Ruleset::Murray => true,
                            Ruleset::Shastree => !self.been_checked[c],
                        };
                    if may_leap {
                        for (dx, dy) in KNIGHT {
                            if let Some(s) = square(f + dx, r + dy) {
                                let ok = match o.king_leap {
                                    Ruleset::Murray => open(s),
                                    // Shastree: the leap may not capture.
                                    Ruleset::Shastree => self.board[s].is_none(),
                                };
                                if ok {
                                    simple(s, &mut out);
                                }
                            }
                        }
                    }
                }
                Kind::Pawn => {
                    let d = forward(c);
                    let mut targets = Vec::new();
                    // PA-9: one step forward to an empty square.
                    if let Some(s) = square(f, r + d) {
                        if self.board[s].is_none() {
                            targets.push(s);
                            // PA-10: the double step.
                            if let Some(s2) = square(f, r + 2 * d) {
                                if r == first_rank(c) + d
                                    && [0, 3, 4, 7].contains(&f)
                                    && self.board[s2].is_none()
                                    && self.double_step_guard_ok(o, c, f)
                                {
                                    out.push(Mv::Step {
                                        from,
                                        to: s2,
                                        promo: None,
                                        leap: None,
                                    });
                                }
                            }
                        }
                    }
                    // PA-9: captures one square diagonally forward.
                    for dx in [-1, 1] {
                        if let Some(s) = square(f + dx, r + d) {
                            if let Some(q) = self.board[s] {
                                if q.color == enemy && q.kind != Kind::King {
                                    targets.push(s);
                                }
                            }
                        }
                    }
                    for to in targets {
                        if rank_of(to) != last_rank(c) {
                            simple(to, &mut out);
                            continue;
                        }
                        // PA-11 / PA-11S; PA-12: no promotion, no move.
                        for k in self.promo_kinds(o, c, to) {
                            if k == Kind::Horse
                                && o.horse_leap == Ruleset::Murray
                                && self.king_sq(enemy).is_some_and(|ks| is_knight_step(to, ks))
                            {
                                // PA-13 Murray: no horse that would give check.
                                continue;
                            }
                            out.push(Mv::Step {
                                from,
                                to,
                                promo: Some(k),
                                leap: None,
                            });
                            if k == Kind::Horse {
                                self.extra_leaps(o, from, to, &mut out);
                            }
                        }
                    }
                }
            }
        }
        // PA-14: in the opening no piece enters the opponent's half.
        if in_opening(o, self.ply) {
            out.retain(|m| match *m {
                Mv::Step { to, leap, .. } => {
                    !in_enemy_half(c, to) && leap.is_none_or(|l| !in_enemy_half(c, l))
                }
                Mv::Remove { .. } => true,
            });
        }
        out
    }

    /// PA-10: the piece that started behind the pawn.
    fn double_step_guard_ok(&self, o: &Options, c: usize, file: i32) -> bool {
        let behind = square(file, first_rank(c)).expect("on the board");
        match self.board[behind] {
            Some(p) if p.color == c && p.start == behind => match o.double_step {
                Ruleset::Murray => !p.moved,
                Ruleset::Shastree => true,
            },
            _ => false,
        }
    }

    /// PA-13: the optional knight's leap of a horse just promoted on `to`.
    fn extra_leaps(&self, o: &Options, from: usize, to: usize, out: &mut Vec<Mv>) {
        let c = self.stm(o);
        let enemy = 1 - c;
        // The position after the promotion, before the leap.
        let mut mid = self.clone();
        let pawn = mid.board[from].take().expect("the pawn");
        mid.board[to] = Some(Piece {
            color: c,
            kind: Kind::Horse,
            start: NO_START,
            moved: true,
        });
        let _ = pawn;
        if o.horse_leap == Ruleset::Shastree && mid.attacked(o, to, enemy) {
            // Shastree: "unless some other piece command the square".
            return;
        }
        for (dx, dy) in KNIGHT {
            if let Some(l) = square(file_of(to) + dx, rank_of(to) + dy) {
                // Reading: the extra leap captures no king and is no attack.
                let ok = match mid.board[l] {
                    None => true,
                    Some(p) => p.color == enemy && p.kind != Kind::King,
                };
                if ok {
                    out.push(Mv::Step {
                        from,
                        to,
                        promo: Some(Kind::Horse),
                        leap: Some(l),
                    });
                }
            }
        }
    }

    /// Every move allowed by every rule but PA-16 and PA-17 (G-1 included).
    fn basic_moves(&self, o: &Options) -> Vec<Mv> {
        let c = self.stm(o);
        self.pseudo_moves(o)
            .into_iter()
            .filter(|&m| !self.apply(o, m).in_check(o, c))
            .collect()
    }

    fn has_basic_move(&self, o: &Options) -> bool {
        let c = self.stm(o);
        self.pseudo_moves(o)
            .into_iter()
            .any(|m| !self.apply(o, m).in_check(o, c))
    }

    /// The game ends here by PA-19 or PA-18, which are judged before
    /// checkmate and stalemate.
    fn early_end(&self, o: &Options) -> Option<Result> {
        let (b0, b1) = (self.bare(0), self.bare(1));
        if b0 && b1 {
            return Some(Result::draw("bare kings"));
        }
        if b0 != b1 {
            // The player who is not bare took all the other's pieces.
            let winner = usize::from(b0);
            match o.boorj {
                // PA-18: Boorj is the half-win.
                Boorj::HalfWin => return Some(Result::half_win(winner, "Boorj")),
                Boorj::Draw => return Some(Result::draw("Boorj")),
                Boorj::NotAnEnd => {}
            }
        }
        None
    }

    /// PA-16's test: after this position was reached, the side to move is
    /// stalemated (judged by every rule but PA-16 and PA-17). Reading: not
    /// where PA-19 or PA-18 ends the game first.
    fn is_stalemate_for_pa16(&self, o: &Options) -> bool {
        if self.early_end(o).is_some() {
            return false;
        }
        let s = self.stm(o);
        !self.in_check(o, s) && !self.has_basic_move(o)
    }

    /// PA-16 confiscation moves: remove any enemy piece but the king, not
    /// leaving the own king attacked. Reading: no other rule judges them.
    fn confiscations(&self, o: &Options) -> Vec<Mv> {
        let c = self.stm(o);
        (0..64)
            .filter(|&sq| matches!(self.board[sq], Some(p) if p.color != c && p.kind != Kind::King))
            .map(|sq| Mv::Remove { sq })
            .filter(|&m| !self.apply(o, m).in_check(o, c))
            .collect()
    }

    /// A position for repetition (G-5): board, side to move, opening progress.
    fn key(&self, o: &Options) -> Vec<u8> {
        let mut k: Vec<u8> = self
            .board
            .iter()
            .map(|p| p.map_or(b'.', |p| p.letter() as u8))
            .collect();
        k.push(self.stm(o) as u8);
        k.extend_from_slice(&phase_progress(o, self.ply).to_le_bytes());
        k
    }
}

/// PA-11S: the master piece of the file of `to` for `color`: the piece that
/// started on that file on `color`'s first rank, except that the king's pawn
/// becomes the vizier.
fn shastree_master(color: usize, to: usize) -> usize {
    let f = file_of(to);
    let r = first_rank(color);
    let king_file = if color == 0 { 4 } else { 3 };
    let vizier_file = if color == 0 { 3 } else { 4 };
    let mf = if f == king_file { vizier_file } else { f };
    square(mf, r).expect("on the board")
}

// ---------------------------------------------------------------------------
// The game (a position plus its history)
// ---------------------------------------------------------------------------

/// A game of Parsi Chess: a position and the history the repetition rules
/// need.
#[derive(Clone, Debug)]
pub struct RefGame {
    opts: Options,
    pos: Pos,
    /// keys[i]: the position after i plies (keys[0]: the start).
    keys: Vec<Vec<u8>>,
    /// movers[i], checks[i] (i >= 1): who made move i, and whether after it
    /// the mover's opponent was in check. Index 0 is a placeholder.
    movers: Vec<usize>,
    checks: Vec<bool>,
}

impl RefGame {
    /// The start position of PA-2.
    pub fn new(opts: Options) -> RefGame {
        let pos = start_pos();
        let key = pos.key(&opts);
        RefGame {
            opts,
            pos,
            keys: vec![key],
            movers: vec![usize::MAX],
            checks: vec![false],
        }
    }

    /// A position written as lud writes one, no history before it: `board
    /// side - - clock move-number`, then as needed `phase=opening:N` (N
    /// moves of the mover's run left), `flags=leapt:sq,...` (the kings on
    /// these squares have used their leap), `facts=been_in_check:w,b`,
    /// `origin=sq:start,...` and `moved=sq,...`. A piece not named in
    /// `origin=` started where it stands, and one not named in `moved=` has
    /// not moved.
    pub fn from_fen(opts: Options, text: &str) -> RefGame {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut board = parse_board(f[0], |c, sq| {
            [
                Kind::King,
                Kind::Vizier,
                Kind::Rook,
                Kind::Horse,
                Kind::Camel,
                Kind::Pawn,
            ]
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
            .map(|kind| Piece {
                color: usize::from(c.is_ascii_lowercase()),
                kind,
                start: sq,
                moved: false,
            })
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let side = usize::from(f.get(1) == Some(&"b"));
        let n = opts.opening;
        let mut ply = if n > 0 { 2 * n } else { 0 } + side as u32;
        let mut leap_used = [false; 2];
        let mut been_checked = [false; 2];
        let sq = |s: &str| parse_square(s).expect("a square");
        for field in f.iter().skip(2) {
            if let Some(v) = field.strip_prefix("phase=opening:") {
                let left: u32 = v.parse().expect("a number");
                ply = if side == 0 { n - left } else { 2 * n - left };
            } else if let Some(v) = field.strip_prefix("flags=leapt:") {
                for s in v.split(',') {
                    leap_used[board[sq(s)].expect("a king").color] = true;
                }
            } else if let Some(v) = field.strip_prefix("facts=been_in_check:") {
                for c in v.chars().filter(|c| *c != ',') {
                    been_checked[usize::from(c == 'b')] = true;
                }
            } else if let Some(v) = field.strip_prefix("origin=") {
                for pair in v.split(',') {
                    let (at, start) = pair.split_once(':').expect("sq:start");
                    board[sq(at)].as_mut().expect("a piece").start = sq(start);
                }
            } else if let Some(v) = field.strip_prefix("moved=") {
                for s in v.split(',') {
                    board[sq(s)].as_mut().expect("a piece").moved = true;
                }
            } else {
                assert!(!field.contains('='), "{text}: field {field} not known here");
            }
        }
        let pos = Pos {
            board,
            ply,
            leap_used,
            been_checked,
        };
        RefGame {
            keys: vec![pos.key(&opts)],
            opts,
            pos,
            movers: vec![usize::MAX],
            checks: vec![false],
        }
    }

    pub fn side_to_move(&self) -> usize {
        self.pos.stm(&self.opts)
    }

    /// PA-17: a checking move whose position already occurred twice, every
    /// move of the checking player since the first occurrence being a check.
    fn perpetual(&self, m: Mv) -> bool {
        let o = &self.opts;
        let x = self.side_to_move();
        let after = self.pos.apply(o, m);
        if !after.in_check(o, 1 - x) {
            return false;
        }
        let key = after.key(o);
        let occ: Vec<usize> = (0..self.keys.len())
            .filter(|&i| self.keys[i] == key)
            .collect();
        if occ.len() < 2 {
            return false;
        }
        let first = occ[0];
        ((first + 1)..self.keys.len()).all(|j| self.movers[j] != x || self.checks[j])
    }

    /// The board part of a FEN, rank 8 first (K Q R N B P, capitals White).
    pub fn board_fen(&self) -> String {
        board_fen(&self.pos.board, Piece::letter)
    }
}

impl Rules for RefGame {
    type Move = Mv;

    /// The result (if the game is over) and otherwise the legal moves.
    fn evaluate(&self) -> (Option<Result>, Vec<Mv>) {
        let o = &self.opts;
        let p = &self.pos;
        let stm = self.side_to_move();
        // PA-19, PA-18.
        if let Some(r) = p.early_end(o) {
            return (Some(r), Vec::new());
        }
        let basic = p.basic_moves(o);
        let candidates: Vec<Mv> = match o.stalemate {
            Stalemate::AllowedConfiscate => basic,
            Stalemate::Draw | Stalemate::Confiscate => {
                let (stalemating, others): (Vec<Mv>, Vec<Mv>) = basic
                    .into_iter()
                    .partition(|&m| p.apply(o, m).is_stalemate_for_pa16(o));
                // PA-16's exception: every move stalemates. Reading: every
                // move that passes all rules but PA-16 and PA-17.
                if others.is_empty() {
                    stalemating
                } else {
                    others
                }
            }
        };
        let legal: Vec<Mv> = candidates
            .into_iter()
            .filter(|&m| !self.perpetual(m))
            .collect();
        if legal.is_empty() {
            if p.in_check(o, stm) {
                // PA-15.
                let king = p.king_sq(stm).expect("a king in check");
                let pawn_mates = p
                    .attackers(o, king, 1 - stm, false)
                    .into_iter()
                    .any(|s| matches!(p.board[s], Some(q) if q.kind == Kind::Pawn));
                let kind = if pawn_mates { "Piedmat" } else { "checkmate" };
                return (Some(Result::win(1 - stm, kind)), Vec::new());
            }
            // PA-16: stalemate.
            if o.stalemate != Stalemate::Draw {
                let x = p.confiscations(o);
                if !x.is_empty() {
                    return (None, x);
                }
            }
            return (Some(Result::draw("stalemate")), Vec::new());
        }
        // G-4: threefold repetition. Reading: judged after mate and
        // stalemate (which cannot meet it in practice).
        let here = &self.keys[self.keys.len() - 1];
        if self.keys.iter().filter(|k| *k == here).count() >= 3 {
            return (Some(Result::draw("repetition")), Vec::new());
        }
        (None, legal)
    }

    fn move_text(&self, m: Mv) -> String {
        move_text(m)
    }

    fn play_move(&mut self, m: Mv) {
        let x = self.side_to_move();
        let after = self.pos.apply(&self.opts, m);
        let check = after.in_check(&self.opts, 1 - x);
        self.keys.push(after.key(&self.opts));
        self.movers.push(x);
        self.checks.push(check);
        self.pos = after;
    }

    /// The position keeps its flags.
    fn forget_history(&mut self) {
        self.keys = vec![self.pos.key(&self.opts)];
        self.movers = vec![usize::MAX];
        self.checks = vec![false];
    }
}
