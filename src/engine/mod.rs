//! The interpreter's tables, derived from the rule graph at compile time, and
//! the move generator, attack test and move maker that run on them.
//!
//! Every move rule becomes a [`Gen`]: for leaps and steps a table of target
//! squares per square, for slides a list of directions walked with ray tables.
//! Attacks are answered from the same rules read backwards. Nothing here
//! knows a game: all of it comes from the [`Model`] and its [`RuleGraph`].

mod attack;
mod gen;
mod make;

use crate::bits::Bits;
use crate::compile::board::{Board, Dir};
use crate::compile::graph::RuleGraph;
use crate::compile::model::{Cond, Events, Model, MoveKind, PlayerRef, Target, MAX_PLAYERS};
use crate::state::State;

pub(crate) use gen::MoveBuf;

/// How one move rule generates moves for one player.
#[derive(Clone, Debug)]
pub(crate) struct Gen<B: Bits> {
    /// The kind of piece.
    pub piece: u8,
    /// The move rule's index in the model.
    pub rule: u8,
    /// What the move may land on.
    pub target: Target,
    /// How the targets are found.
    pub kind: GenKind<B>,
}

/// The shape of a move rule, as tables.
#[derive(Clone, Debug)]
pub(crate) enum GenKind<B: Bits> {
    /// Steps and leaps: the target squares from each square.
    Leap(Box<[B]>),
    /// Slides without a limit: the directions.
    Slide(Box<[u8]>),
    /// Slides of at most `max` squares: the directions, and for each square
    /// and direction the squares within reach on an empty board.
    SlideMax(Box<[u8]>, Box<[[B; 8]]>),
}

/// The attacks of one player, read backwards from the target square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks<B: Bits> {
    /// For leap rules that can capture: the piece kind, and for each square
    /// the squares from which such a piece attacks it.
    pub leaps: Vec<(u8, Box<[B]>)>,
    /// For each direction a piece slides in (without limit, able to
    /// capture), the kinds of piece that do: bit per kind.
    pub slides: [u32; 8],
    /// Rules answered by generating the attacker's moves forwards (limited slides).
    pub forward: Vec<usize>,
}

/// A piece's promotion, as tables.
#[derive(Clone, Debug)]
pub(crate) struct Promo<B: Bits> {
    /// For each player, the squares where the piece promotes.
    pub zone: [B; MAX_PLAYERS],
    /// The kinds it may become.
    pub to: Box<[u8]>,
}

/// A compiled game ready to play on square sets of type `B`.
#[derive(Debug)]
pub(crate) struct Engine<B: Bits> {
    /// What the file says.
    pub model: Model,
    /// The rule graph the tables were derived from.
    pub graph: RuleGraph,
    /// `rays[sq][dir]`: the squares from `sq` in `dir` to the edge.
    pub rays: Box<[[B; 8]]>,
    /// Whether square numbers grow along each direction.
    pub dir_up: [bool; 8],
    /// For each player, the move rules in order (by piece, then rule).
    pub gens: [Vec<Gen<B>>; MAX_PLAYERS],
    /// For each player, the attacks that player makes.
    pub attacks: [Attacks<B>; MAX_PLAYERS],
    /// For each kind of piece, its promotion.
    pub promos: Vec<Option<Promo<B>>>,
    /// Kinds of piece that are royal, bit per kind.
    pub royal: u32,
    /// Whether a forbid rule says "not in check afterwards" (handled by the
    /// fast legality test).
    pub check_rule: bool,
    /// The index of that forbid rule, for explanations.
    pub check_rule_index: Option<usize>,
    /// The other forbid rules (indices into the model's), judged by making the move.
    pub other_forbids: Vec<usize>,
    /// Zobrist keys: `zobrist[code * squares + sq]`.
    pub zobrist: Box<[u64]>,
    /// Zobrist keys of the player to move.
    pub zobrist_side: [u64; MAX_PLAYERS],
    /// `(pliesSince ...)` counters.
    pub counters: Box<[Events]>,
    /// The start position.
    pub start: State<B>,
}

impl<B: Bits> Engine<B> {
    /// Derives the tables of a game from its model and rule graph.
    pub(crate) fn build(model: Model, graph: RuleGraph) -> Self {
        let board = &model.board;
        let n = board.len();
        let rays: Box<[[B; 8]]> = (0..n as u8)
            .map(|sq| {
                let mut r = [B::ZERO; 8];
                for d in Dir::ALL {
                    for s in board.ray(sq, d) {
                        r[d.0 as usize] |= B::bit(s);
                    }
                }
                r
            })
            .collect();
        let mut dir_up = [false; 8];
        for d in Dir::ALL {
            // Squares are numbered rank by rank, so a direction goes up the
            // numbers if its first step from any square does.
            dir_up[d.0 as usize] = (0..n as u8).any(|s| board.step(s, d).is_some_and(|t| t > s));
        }

        let mut gens: [Vec<Gen<B>>; MAX_PLAYERS] = Default::default();
        let mut attacks: [Attacks<B>; MAX_PLAYERS] = Default::default();
        for (player, pdef) in model.players.iter().enumerate() {
            // Walk the rule graph: piece → its move rules, in order.
            for piece in 0..model.pieces.len() {
                for rule in graph.moves_of(piece) {
                    let md = &model.moves[rule];
                    let kind = match &md.kind {
                        MoveKind::Step(dirs) => {
                            let dirs: Vec<Dir> =
                                dirs.iter().map(|d| d.resolve(pdef.forward)).collect();
                            GenKind::Leap(leap_table(board, |sq| {
                                dirs.iter().filter_map(|&d| board.step(sq, d)).collect()
                            }))
                        }
                        MoveKind::Leap(a, b) => {
                            GenKind::Leap(leap_table(board, |sq| leap_targets(board, sq, *a, *b)))
                        }
                        MoveKind::Slide(dirs, max) => {
                            let ds: Box<[u8]> =
                                dirs.iter().map(|d| d.resolve(pdef.forward).0).collect();
                            match max {
                                None => GenKind::Slide(ds),
                                Some(m) => GenKind::SlideMax(
                                    ds,
                                    (0..n as u8)
                                        .map(|sq| {
                                            let mut r = [B::ZERO; 8];
                                            for d in Dir::ALL {
                                                for s in
                                                    board.ray(sq, d).into_iter().take(*m as usize)
                                                {
                                                    r[d.0 as usize] |= B::bit(s);
                                                }
                                            }
                                            r
                                        })
                                        .collect(),
                                ),
                            }
                        }
                    };
                    let g = Gen {
                        piece: piece as u8,
                        rule: rule as u8,
                        target: md.target,
                        kind,
                    };
                    if md.target != Target::Empty {
                        let att = &mut attacks[player];
                        match &g.kind {
                            GenKind::Leap(t) => att.leaps.push((piece as u8, reverse(t, n))),
                            GenKind::Slide(ds) => {
                                for &d in ds {
                                    att.slides[d as usize] |= 1 << piece;
                                }
                            }
                            GenKind::SlideMax(..) => att.forward.push(gens[player].len()),
                        }
                    }
                    gens[player].push(g);
                }
            }
        }

        let promos = model
            .pieces
            .iter()
            .map(|p| {
                p.promotion.as_ref().map(|pr| {
                    let mut zone = [B::ZERO; MAX_PLAYERS];
                    for (pl, sqs) in pr.zone.iter().enumerate().take(MAX_PLAYERS) {
                        for &s in sqs {
                            zone[pl] |= B::bit(s);
                        }
                    }
                    Promo {
                        zone,
                        to: pr.to.iter().map(|&t| t as u8).collect(),
                    }
                })
            })
            .collect();

        let royal = model
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        let check_rule_index = model
            .forbids
            .iter()
            .position(|f| f.cond == Cond::InCheck(PlayerRef::Mover));
        let other_forbids = (0..model.forbids.len())
            .filter(|&i| Some(i) != check_rule_index)
            .collect();

        let mut rng = SplitMix(0x6c75_6400_5eed_0001);
        let codes = 1 + crate::compile::model::MAX_PIECES * MAX_PLAYERS;
        let zobrist: Box<[u64]> = (0..codes * n).map(|_| rng.next()).collect();
        let zobrist_side = [rng.next(), rng.next()];

        let mut engine = Engine {
            counters: model.counters.clone().into_boxed_slice(),
            model,
            graph,
            rays,
            dir_up,
            gens,
            attacks,
            promos,
            royal,
            check_rule: check_rule_index.is_some(),
            check_rule_index,
            other_forbids,
            zobrist,
            zobrist_side,
            start: State::empty(MAX_PLAYERS as u8),
        };
        let mut st = State::empty(engine.model.players.len() as u8);
        for p in &engine.model.start {
            st.put(p.sq, p.piece, p.player);
        }
        st.hash = engine.hash_of(&st);
        engine.start = st;
        engine
    }

    /// Number of squares.
    #[inline]
    pub(crate) fn squares(&self) -> usize {
        self.rays.len()
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.model.board
    }

    /// Number of players.
    #[inline]
    pub(crate) fn players(&self) -> u8 {
        self.model.players.len() as u8
    }

    /// The player after `p` in turn order.
    #[inline]
    pub(crate) fn next_player(&self, p: u8) -> u8 {
        if p + 1 >= self.players() {
            0
        } else {
            p + 1
        }
    }

    /// The Zobrist key of a piece code on a square.
    #[inline]
    pub(crate) fn z(&self, code: u8, sq: u8) -> u64 {
        self.zobrist[code as usize * self.squares() + sq as usize]
    }

    /// The Zobrist key of a state computed from scratch.
    pub(crate) fn hash_of(&self, st: &State<B>) -> u64 {
        let mut h = self.zobrist_side[st.side as usize];
        for sq in 0..self.squares() as u8 {
            let c = st.at(sq);
            if c != crate::state::EMPTY {
                h ^= self.z(c, sq);
            }
        }
        h
    }

    /// The squares attacked by a slide from `sq` in direction `d`, stopping
    /// on the first piece of `occ`.
    #[inline]
    pub(crate) fn ray_attack(&self, sq: u8, d: u8, occ: B) -> B {
        let ray = self.rays[sq as usize][d as usize];
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            let b = if self.dir_up[d as usize] {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            ray ^ self.rays[b as usize][d as usize]
        }
    }

    /// The first piece of `occ` from `sq` in direction `d`.
    #[inline]
    pub(crate) fn first_blocker(&self, sq: u8, d: u8, occ: B) -> Option<u8> {
        let blockers = self.rays[sq as usize][d as usize] & occ;
        if blockers.is_empty() {
            None
        } else if self.dir_up[d as usize] {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }

    /// The squares holding `player`'s royal pieces.
    #[inline]
    pub(crate) fn royals(&self, st: &State<B>, player: u8) -> B {
        let mut r = B::ZERO;
        let mut kinds = self.royal;
        while kinds != 0 {
            let k = kinds.trailing_zeros();
            kinds &= kinds - 1;
            r |= st.by_piece[k as usize];
        }
        r & st.by_player[player as usize]
    }

    /// Whether `player` has a royal piece under attack.
    pub(crate) fn in_check(&self, st: &State<B>, player: u8) -> bool {
        let occ = st.occupied();
        let by = self.next_player(player);
        self.royals(st, player)
            .iter()
            .any(|k| self.attacked(st, k, by, occ))
    }
}

fn leap_table<B: Bits>(board: &Board, targets: impl Fn(u8) -> Vec<u8>) -> Box<[B]> {
    (0..board.len() as u8)
        .map(|sq| {
            targets(sq)
                .into_iter()
                .fold(B::ZERO, |acc, t| acc | B::bit(t))
        })
        .collect()
}

/// The squares a leap of (a, b) reaches from `sq`, in all eight orientations,
/// found by walking the board graph: `a` steps one way, `b` the other.
fn leap_targets(board: &Board, sq: u8, a: i32, b: i32) -> Vec<u8> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (dx, dy) = (x * sx, y * sy);
            let h = if dx >= 0 { Dir(2) } else { Dir(6) };
            let v = if dy >= 0 { Dir(0) } else { Dir(4) };
            if let Some(t) = board
                .walk(sq, h, dx.unsigned_abs())
                .and_then(|m| board.walk(m, v, dy.unsigned_abs()))
            {
                if t != sq && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Reverses a target table: for each square, the squares that reach it.
fn reverse<B: Bits>(table: &[B], n: usize) -> Box<[B]> {
    let mut rev = vec![B::ZERO; n];
    for (from, targets) in table.iter().enumerate() {
        for t in targets.iter() {
            rev[t as usize] |= B::bit(from as u8);
        }
    }
    rev.into_boxed_slice()
}

/// A small deterministic generator for the Zobrist keys.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
