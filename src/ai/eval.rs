//! The evaluation: what a position is worth to the side to move, from the
//! rules alone. A piece is worth its average mobility on boards as crowded
//! as in play; a
//! piece that promotes gains part of the difference as it nears the
//! promotion squares; pieces near the centre, and pieces nearer the squares
//! a winning end rule wants them on, a little more. Where no move ever
//! takes a piece, the freedom to move counts; where an end rule wins by a
//! chain, the empty squares still needed to join it; where one wins by a
//! line of pieces in a row, the lines still open, by how full they are,
//! and where pieces are dropped and fall, the squares that would finish a
//! line by whether their player is the one left to fill them ([`Fall`]).

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::MAX_PLAYERS;
use crate::engine::{Engine, Gen, GenKind, NORMAL, NO_KIND};
use crate::state::{code_piece, code_player, State, EMPTY};

/// What one square a piece could move to is worth, in hundredths, where
/// the evaluation weighs the freedom to move ([`judges_mobility`]).
const MOBILITY: i32 = 10;

/// What one square fewer to fill before a chain joins its two sets of
/// squares is worth, in hundredths ([`connections`]).
const CONNECT: i32 = 60;

/// What a line an end rule asks for (`(inARow P N)`) is worth while only
/// one player's pieces stand in it, in hundredths, by how many are there:
/// each piece more multiplies it by [`LINE_GROWTH`].
const LINE: i32 = 4;
/// See [`LINE`].
const LINE_GROWTH: i32 = 5;
/// The most one line is worth ([`LINE`]), however long the rule's lines.
const LINE_MAX: i32 = 2_500;
/// The most all the lines together are worth, either way: far below a won
/// game's score.
const LINES_MAX: i32 = 100_000;

/// What a square that would finish one of a player's lines is worth to
/// that player while it cannot be filled yet (pieces fall there, and the
/// square below it is empty), in hundredths ([`Fall`]).
const THREAT: i32 = 40;
/// What such a square is worth instead when it lies on a level the player
/// is the one left to fill once the board fills up column by column: odd
/// levels, counted from where pieces land, for the first player, even ones
/// for the second ([`Fall`]).
const THREAT_ON_TURN: i32 = 160;

/// What it costs a player to be one, two or three pieces above the number
/// an end rule loses at (`(= (count P) 1)`: only the king left), in
/// hundredths: the last pieces are worth more than their mobility says.
const FLOOR: [i32; 4] = [0, 250, 90, 30];

/// What one step nearer to the squares an end rule wants a player's pieces
/// on is worth, in hundredths, per piece ([`goals`]).
const RACE: i32 = 30;

/// Calls `f` on each condition `c` joins with `or`, and with `and` too where
/// `through_and`: the parts of an end rule that can make it hold.
fn parts<'c>(
    c: &'c crate::compile::model::Cond,
    through_and: bool,
    f: &mut impl FnMut(&'c crate::compile::model::Cond),
) {
    use crate::compile::model::Cond;
    match c {
        Cond::Or(v) => v.iter().for_each(|c| parts(c, through_and, f)),
        Cond::And(v) if through_and => v.iter().for_each(|c| parts(c, through_and, f)),
        c => f(c),
    }
}

/// The squares end rules that win want a player's pieces on (`(count P
/// in:R)` compared with a number, `(reached P R)`): for each such player,
/// the squares, and the kind asked for ([`NO_KIND`] for any).
fn goals<B: Bits>(e: &Engine<B>) -> Vec<(u8, B, u8)> {
    use crate::compile::model::{CmpOp, Cond, IntExpr, OutcomeDef, PlayerRef};
    /// Whose pieces, on which squares (per player), of which kind.
    type Goal<'c> = (&'c PlayerRef, &'c [Vec<Sq>], Option<u8>);
    fn goal<'c>(c: &'c Cond, out: &mut Vec<Goal<'c>>) {
        match c {
            Cond::Reached(p, sites, kind) => out.push((p, sites, *kind)),
            Cond::Cmp(op, a, b) => {
                // Which way the left side should go for the rule to hold:
                // up (more pieces there) or down. `=` to a number above 0
                // asks for pieces to come, `=` to 0 for them to leave.
                let up = match (op, b) {
                    (CmpOp::Gt | CmpOp::Ge, _) => true,
                    (CmpOp::Lt | CmpOp::Le, _) => false,
                    (CmpOp::Eq, IntExpr::Lit(n)) => *n > 0,
                    _ => return,
                };
                let mut left = vec![(a, up), (b, !up)];
                while let Some((x, up)) = left.pop() {
                    match x {
                        IntExpr::CountIn(p, kind, sites) if up => out.push((p, sites, *kind)),
                        IntExpr::Sum(xs) => left.extend(xs.iter().map(|x| (x, up))),
                        IntExpr::Diff(x, y) => left.extend([(&**x, up), (&**y, !up)]),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for end in &e.model.ends {
        let OutcomeDef::Win(winner, ..) = &end.outcome else {
            continue;
        };
        let mut found = Vec::new();
        parts(&end.cond, true, &mut |c| goal(c, &mut found));
        for (who, sites, kind) in found {
            for p in 0..e.players() {
                let fits = |r: &PlayerRef| !matches!(r, PlayerRef::Fixed(x) if *x != p);
                // The player the rule counts is the one it makes win.
                if who != winner || !fits(who) {
                    continue;
                }
                let set = sites.get(p as usize).map_or(B::ZERO, |v| B::of(v));
                if !set.is_empty() {
                    out.push((p, set, kind.unwrap_or(NO_KIND)));
                }
            }
        }
    }
    out
}

/// The lines end rules that win ask for (`(inARow P N)`): every run of `N`
/// squares along one direction of the board, and for each player, whether
/// such a line wins for them. Empty where no such rule wins.
fn lines<B: Bits>(e: &Engine<B>) -> (Vec<B>, Vec<bool>) {
    use crate::compile::model::{Cond, OutcomeDef, PlayerRef};
    let mut wins = vec![false; e.players() as usize];
    let mut lengths = Vec::new();
    for end in &e.model.ends {
        let OutcomeDef::Win(winner, ..) = &end.outcome else {
            continue;
        };
        let mut found = Vec::new();
        parts(&end.cond, true, &mut |c| {
            if let Cond::InARow(p, n, _) = c {
                found.push((*p, *n));
            }
        });
        for (who, n) in found {
            if who != *winner || n < 2 {
                continue;
            }
            for (p, w) in wins.iter_mut().enumerate() {
                *w |= !matches!(who, PlayerRef::Fixed(x) if x as usize != p);
            }
            if !lengths.contains(&n) {
                lengths.push(n);
            }
        }
    }
    let b = e.board();
    let mut out = Vec::new();
    for n in lengths {
        for q in e.all.iter() {
            for d in 0..4 {
                let mut line = B::bit(q);
                let mut cur = q;
                for _ in 1..n {
                    match b.step(cur, crate::compile::board::Dir(d)) {
                        Some(next) if e.all.has(next) => {
                            line |= B::bit(next);
                            cur = next;
                        }
                        _ => {
                            line = B::ZERO;
                            break;
                        }
                    }
                }
                if !line.is_empty() {
                    out.push(line);
                }
            }
        }
    }
    (out, wins)
}

/// Where every move drops a new piece anywhere and it falls
/// (`(drop ... (everywhere) gravity:D)`): the columns, and for two players
/// where every column is of even height, the squares on odd levels counted
/// from where pieces land. A square
/// that would finish a line then matters by whether it can be filled yet,
/// and by who will be made to fill the square below it when the board runs
/// out of other moves.
struct Fall<B> {
    /// Each column: the squares pieces fall through, from where they land
    /// up.
    columns: Vec<Vec<Sq>>,
    /// The squares on odd levels (the first, third... from the bottom),
    /// when the level decides who fills a square last; `None` otherwise.
    /// While the empty squares are even in number, the player to move is
    /// the one left to fill the odd levels; else the other.
    odd: Option<B>,
}

/// How the pieces fall ([`Fall`]), where every move of the game drops a
/// new piece (not from a hand) and it falls, all the same way, and each
/// player's drops without a condition together may go anywhere (two alike
/// rules share the board out between them when the engine is built);
/// `None` if any move
/// is of another kind (a pass too: the columns would no longer fill in
/// turn).
fn fall<B: Bits>(e: &Engine<B>) -> Option<Fall<B>> {
    use crate::compile::board::Dir;
    let mut down: Option<u8> = None;
    for gens in e.gens.iter().take(e.players() as usize) {
        let mut anywhere = B::ZERO;
        for g in gens {
            let GenKind::Drop(sites, gravity, hand) = g.kind else {
                return None;
            };
            if gravity == u8::MAX || hand != NO_KIND || g.phase != NORMAL {
                return None;
            }
            // A rule with a condition may not drop where it could.
            if g.guard.is_none() {
                anywhere |= sites;
            }
            match down {
                None => down = Some(gravity),
                Some(d) if d == gravity => {}
                Some(_) => return None,
            }
        }
        if anywhere != e.all {
            return None;
        }
    }
    let down = Dir(down?);
    let b = e.board();
    let inside = |q: Sq, d: Dir| b.step(q, d).filter(|&n| e.all.has(n));
    let mut odd = B::ZERO;
    let mut even_columns = true;
    let mut columns = Vec::new();
    for q in e.all.iter() {
        if inside(q, down).is_some() {
            continue;
        }
        // `q` is where a column's pieces land: walk up it.
        let (mut at, mut column) = (Some(q), Vec::new());
        while let Some(s) = at {
            if column.len() % 2 == 0 {
                odd |= B::bit(s);
            }
            column.push(s);
            at = inside(s, down.opposite());
        }
        even_columns &= column.len() % 2 == 0;
        columns.push(column);
    }
    let odd = (even_columns && e.players() == 2).then_some(odd);
    Some(Fall { columns, odd })
}

/// The fewest pieces a player may keep: the highest count at which an end
/// rule makes the player counted lose (`(if (= (count Mover) 1) (loss
/// Mover))`, or a win for another player when `(count Next)` falls that
/// low), counting all of the player's pieces; a count that must hold with
/// another condition (`and`) is left out. `None` if no rule does.
fn floor<B: Bits>(e: &Engine<B>) -> Option<u32> {
    use crate::compile::model::{CmpOp, Cond, IntExpr, OutcomeDef};
    /// The count at which `c` makes the player it counts lose, if it is
    /// such a comparison.
    fn count_floor(c: &Cond, out: &mut Vec<(crate::compile::model::PlayerRef, u32)>) {
        let Cond::Cmp(op, IntExpr::Count(p, None), IntExpr::Lit(n)) = c else {
            return;
        };
        let at = match op {
            CmpOp::Eq | CmpOp::Le => *n,
            CmpOp::Lt => n.saturating_sub(1),
            _ => return,
        };
        if let Ok(at) = u32::try_from(at) {
            out.push((*p, at));
        }
    }
    let mut best = None;
    for end in &e.model.ends {
        let mut found = Vec::new();
        // A count under `and` holds only with the rest (say, once no piece
        // is left in hand), so it says nothing alone.
        parts(&end.cond, false, &mut |c| count_floor(c, &mut found));
        for (who, at) in found {
            let hurts = match &end.outcome {
                OutcomeDef::Loss(loser, ..) => *loser == who,
                OutcomeDef::Win(winner, ..) => *winner != who,
                _ => false,
            };
            if hurts {
                best = best.max(Some(at));
            }
        }
    }
    best
}

/// Each square's distance in steps (to any neighbour the board joins) from
/// the nearest square of `to`; `None` where none can be reached.
fn distances<B: Bits>(e: &Engine<B>, to: B) -> Vec<Option<u32>> {
    let b = e.board();
    let mut dist = vec![None; e.squares()];
    let mut queue: std::collections::VecDeque<Sq> = to.iter().collect();
    for q in to.iter() {
        dist[q as usize] = Some(0);
    }
    while let Some(q) = queue.pop_front() {
        let d = dist[q as usize].unwrap_or(0);
        for dir in 0..8 {
            if let Some(n) = b.step(q, crate::compile::board::Dir(dir)) {
                if e.all.has(n) && dist[n as usize].is_none() {
                    dist[n as usize] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
    }
    dist
}

/// The chains that end rules ask for (`(connected P A B)`): for each
/// player the rule can be about, the two sets to join.
fn connections<B: Bits>(e: &Engine<B>) -> Vec<(u8, B, B)> {
    use crate::compile::model::{Cond, PlayerRef};
    let set = |s: &[Vec<Sq>], p: usize| s.get(p).map_or(B::ZERO, |v| B::of(v));
    let mut out = Vec::new();
    for end in &e.model.ends {
        let Cond::Connected(who, from, to) = &end.cond else {
            continue;
        };
        for p in 0..e.players() {
            if matches!(who, PlayerRef::Fixed(x) if *x != p) {
                continue;
            }
            out.push((p, set(from, p as usize), set(to, p as usize)));
        }
    }
    out
}

/// Whether the evaluation weighs the freedom to move: no move of the game
/// can take a piece or turn one over (every move lands on an empty square,
/// none removes, jumps to take, captures or flips), so the pieces' values
/// never change the balance; and some piece moves in normal play.
fn judges_mobility<B: Bits>(e: &Engine<B>) -> bool {
    use crate::compile::model::{Effect, MoveKind, Target};
    let quiet = e.model.moves.iter().all(|m| {
        m.target == Target::Empty
            && !matches!(
                m.kind,
                MoveKind::Remove(_) | MoveKind::CaptureJump { takes: true, .. }
            )
            && !m.effects.iter().any(|x| {
                matches!(
                    x,
                    Effect::Capture(_) | Effect::Flip(_) | Effect::Transform(..)
                )
            })
    });
    quiet && e.gens.iter().flatten().any(mobile)
}

/// A piece's move of normal play whose squares [`Engine::reach`] finds.
fn mobile<B: Bits>(g: &Gen<B>) -> bool {
    g.piece != NO_KIND
        && g.phase == NORMAL
        && matches!(
            g.kind,
            GenKind::Leap(_) | GenKind::Slide(_) | GenKind::SlideRange(..) | GenKind::Ride(_)
        )
}

/// How many squares a piece of `player` of kind `piece` reaches from each
/// square of the empty board, moves that cannot capture counting half.
fn reach_by_square<B: Bits>(e: &Engine<B>, player: u8, piece: usize) -> Vec<f64> {
    let n = e.squares();
    let mut out = vec![0f64; n];
    for g in e.gens[player as usize]
        .iter()
        .filter(|g| g.piece as usize == piece && g.phase == crate::engine::NORMAL)
    {
        let weight = match g.target {
            crate::compile::model::Target::Empty => 0.5,
            _ => 1.0,
        };
        for (sq, r) in out.iter_mut().enumerate() {
            if !g.from_mask.has(sq as Sq) {
                continue;
            }
            let count = match &g.kind {
                GenKind::Leap(t) => t[sq].count(),
                _ => e.reach(g, sq as Sq, B::ZERO).count(),
            };
            *r += f64::from(count) * weight;
        }
    }
    out
}

/// Piece values derived from the rules, in hundredths: how many moves a
/// piece of the kind has, on average, in the positions random games of
/// the rules reach (where pieces block each other as they do in play), and
/// for a kind those games never show, its mobility on the empty board,
/// scaled as the kinds seen are. Worked out once per game and kept.
pub(super) fn values<B: Bits>(e: &Engine<B>) -> Vec<i32> {
    static LEARNT: std::sync::Mutex<Vec<(u64, Vec<i32>)>> = std::sync::Mutex::new(Vec::new());
    if let Ok(kept) = LEARNT.lock() {
        if let Some((_, v)) = kept.iter().find(|(id, _)| *id == e.id) {
            return v.clone();
        }
    }
    let v = sampled_values(e);
    if let Ok(mut kept) = LEARNT.lock() {
        if kept.len() >= 16 {
            kept.remove(0);
        }
        kept.push((e.id, v.clone()));
    }
    v
}

/// How full the boards are on which a piece's moves are counted
/// ([`values`]): about as full as a board in play.
const CROWD: f64 = 0.35;
/// A piece's value grows faster than its moves: each more square it
/// reaches is another threat and another way out. Value = 50 +
/// `VALUE_SCALE` x moves^`VALUE_POWER` hundredths (in chess this gives about
/// 1.8, 5, 5.3, 8.3 and 18 pawns' worth of hundredths for the pawn, knight,
/// bishop, rook and queen: the pawn's 1 to 2.8, 2.9, 4.6 and 10).
const VALUE_POWER: f64 = 1.5;
/// See [`VALUE_POWER`].
const VALUE_SCALE: f64 = 50.0;
/// Boards filled at random for each square.
const CROWD_BOARDS: u32 = 16;

/// Each kind's moves from a square of a board filled at random ([`CROWD`]),
/// averaged over the squares: a move to an empty square counts where the
/// rule may go to an empty square, a move to a filled one half where it may
/// take (half the pieces met being the other side's).
fn sampled_values<B: Bits>(e: &Engine<B>) -> Vec<i32> {
    use crate::compile::model::Target;
    let kinds = e.model.pieces.len();
    let n = e.squares();
    let mut rng = fastrand::Rng::with_seed(0x5eed_1e55);
    let boards: Vec<B> = (0..CROWD_BOARDS * n as u32)
        .map(|_| {
            (0..n as Sq)
                .filter(|_| rng.f64() < CROWD)
                .fold(B::ZERO, |acc, q| acc | B::bit(q))
                & e.all
        })
        .collect();
    let mut out = vec![50; kinds];
    for (k, v) in out.iter_mut().enumerate() {
        let mut total = 0f64;
        let mut squares = 0u32;
        let gens: Vec<_> = e.gens[0]
            .iter()
            .filter(|g| g.piece as usize == k && g.phase == crate::engine::NORMAL)
            .collect();
        for sq in 0..n as Sq {
            if !e.all.has(sq) {
                continue;
            }
            squares += 1;
            for i in 0..CROWD_BOARDS as usize {
                let occ = boards[i * n + sq as usize] & !B::bit(sq);
                // The squares reached, each once however many rules reach it.
                let (mut to_empty, mut to_full) = (B::ZERO, B::ZERO);
                for g in gens.iter().filter(|g| g.from_mask.has(sq)) {
                    let reach = match &g.kind {
                        GenKind::Leap(t) => t[sq as usize],
                        _ => e.reach(g, sq, occ),
                    };
                    if g.target != Target::Enemy {
                        to_empty |= reach & !occ;
                    }
                    if g.target != Target::Empty {
                        to_full |= reach & occ;
                    }
                }
                total += (f64::from(to_empty.count()) + 0.5 * f64::from(to_full.count()))
                    / f64::from(CROWD_BOARDS);
            }
        }
        if squares > 0 {
            let mobility = total / f64::from(squares);
            *v = (VALUE_SCALE * mobility.powf(VALUE_POWER)) as i32 + 50;
        }
    }
    out
}

/// What a square's mobility above the piece's average is worth, in
/// hundredths per square reached.
const PLACE_BY_MOBILITY: f64 = 12.0;

/// What each of its own pieces next to a royal piece is worth (at most
/// [`SHIELD_MAX`] counted), in hundredths.
const SHIELD: i32 = 8;
/// The most pieces next to a royal piece counted as its shield.
const SHIELD_MAX: u32 = 3;

/// What the evaluation knows of a game, worked out once per search and
/// shared by its threads.
pub(super) struct Eval<B: Bits> {
    /// Each kind's value, in hundredths.
    pub(super) values: Vec<i32>,
    /// For each piece and player, a bonus per square (promotion progress,
    /// centre, goals).
    place: Vec<Vec<i32>>,
    /// Whether the evaluation weighs the freedom to move ([`judges_mobility`]).
    mobility: bool,
    /// The chains the end rules ask for ([`connections`]).
    connects: Vec<(u8, B, B)>,
    /// The squares next to each square (the eight directions).
    around: Vec<B>,
    /// The lines winning end rules ask for, and for whom ([`lines`]).
    lines: (Vec<B>, Vec<bool>),
    /// The fewest pieces a player may keep ([`floor`]).
    floor: Option<u32>,
    /// How dropped pieces fall, where they do and lines win ([`fall`]).
    fall: Option<Fall<B>>,
    /// What a line holding this many of one player's pieces and none of
    /// another's is worth ([`LINE`]).
    line_worth: Vec<i32>,
}

impl<B: Bits> Eval<B> {
    /// The evaluation of the game `e` plays.
    pub(super) fn new(e: &Engine<B>) -> Self {
        let values = values(e);
        let b = e.board();
        let n = e.squares();
        let mut place = Vec::new();
        for piece in 0..e.model.pieces.len() {
            for player in 0..e.players() as usize {
                let mut row = vec![0i32; n];
                let royal = e.royal & (1 << piece) != 0;
                let reach = reach_by_square(e, player as u8, piece);
                let on = reach.iter().filter(|&&r| r > 0.0).count().max(1);
                let avg = reach.iter().sum::<f64>() / on as f64;
                let moves = reach.iter().any(|&r| r > 0.0);
                for (sq, cell) in row.iter_mut().enumerate() {
                    let c = b.cell(sq as Sq);
                    // A square where the piece reaches more is worth more
                    // (a royal piece is kept out of the way instead); a
                    // piece that never moves is worth a little more in the
                    // centre.
                    *cell = if royal || (moves && reach[sq] == 0.0) {
                        0
                    } else if moves {
                        ((reach[sq] - avg) * PLACE_BY_MOBILITY) as i32
                    } else {
                        let dx = (2 * c.x as i32 - (b.width as i32 - 1)).abs();
                        let dy = (2 * c.y as i32 - (b.height as i32 - 1)).abs();
                        6 - (dx + dy)
                    };
                    // Progress towards promotion.
                    if let Some(p) = &e.promos[piece] {
                        let zone = p.zone[player];
                        if let Some(best) = e
                            .promotion_targets(piece as u8)
                            .iter()
                            .map(|&t| values[t as usize])
                            .max()
                        {
                            let gain = (best - values[piece]).max(0);
                            let dist = zone
                                .iter()
                                .map(|z| {
                                    let zc = b.cell(z);
                                    (zc.x as i32 - c.x as i32)
                                        .abs()
                                        .max((zc.y as i32 - c.y as i32).abs())
                                })
                                .min()
                                .unwrap_or(0);
                            let span = b.height.max(b.width) as i32;
                            let progress = (span - dist).max(0);
                            *cell += gain * progress * progress / (span * span * 3);
                        }
                    }
                }
                place.push(row);
            }
        }
        // Progress towards the squares the end rules want the pieces on.
        for (p, set, kind) in goals(e) {
            let dist = distances(e, set);
            let span = dist.iter().flatten().copied().max().unwrap_or(0) as i32;
            for piece in 0..e.model.pieces.len() {
                if kind != NO_KIND && kind as usize != piece {
                    continue;
                }
                let row = &mut place[piece * e.players() as usize + p as usize];
                for (cell, d) in row.iter_mut().zip(&dist) {
                    if let Some(d) = d {
                        *cell += RACE * (span - *d as i32);
                    }
                }
            }
        }
        let around = (0..n as Sq)
            .map(|sq| {
                (0..8)
                    .filter_map(|d| b.step(sq, crate::compile::board::Dir(d)))
                    .fold(B::ZERO, |acc, x| acc | B::bit(x))
            })
            .collect();
        let lines = lines(e);
        let longest = lines.0.iter().map(|l| l.count()).max().unwrap_or(0);
        let line_worth = (0..=longest)
            .map(|k| match k {
                0 => 0,
                k => LINE
                    .saturating_mul(LINE_GROWTH.saturating_pow(k - 1))
                    .min(LINE_MAX),
            })
            .collect();
        let fall = if lines.0.is_empty() { None } else { fall(e) };
        Eval {
            fall,
            values,
            place,
            around,
            lines,
            line_worth,
            floor: floor(e),
            mobility: judges_mobility(e),
            connects: connections(e),
        }
    }

    /// What `st` is worth to the side to move, in hundredths.
    pub(super) fn eval(&self, e: &Engine<B>, st: &State<B>) -> i32 {
        let mut score = 0;
        let players = e.players() as usize;
        for sq in 0..e.squares() as Sq {
            let c = st.at(sq);
            if c == EMPTY {
                continue;
            }
            let (piece, owner) = (code_piece(c) as usize, code_player(c) as usize);
            let royal = e.royal & (1 << piece) != 0;
            let v = if royal { 0 } else { self.values[piece] }
                + self.place[piece * players + owner][sq as usize];
            if owner == st.side as usize {
                score += v;
            } else {
                score -= v;
            }
        }
        if self.mobility {
            score += Self::freedom(e, st);
        }
        if e.royal != 0 {
            for p in 0..e.players() {
                let own = st.by_player[p as usize];
                let shield: u32 = e
                    .royals(st, p)
                    .iter()
                    .map(|k| (self.around[k as usize] & own).count().min(SHIELD_MAX))
                    .sum();
                let v = shield as i32 * SHIELD;
                score += if p == st.side { v } else { -v };
            }
        }
        if let Some(at) = self.floor {
            for p in 0..e.players() {
                let above = st.by_player[p as usize].count().saturating_sub(at);
                let v = FLOOR.get(above as usize).copied().unwrap_or(0);
                score += if p == st.side { -v } else { v };
            }
        }
        if !self.lines.0.is_empty() {
            score += self.line_score(e, st).clamp(-LINES_MAX, LINES_MAX);
        }
        if !self.connects.is_empty() {
            let open = e.all & !st.occupied();
            for &(p, from, to) in &self.connects {
                let need = e
                    .connect_distance(st.by_player[p as usize], open, from, to)
                    .map_or(e.squares() as i32, |d| d as i32);
                score += if p == st.side { -need } else { need } * CONNECT;
            }
        }
        score
    }

    /// Whether an end rule wins by a line in a row ([`lines`]).
    pub(super) fn has_lines(&self) -> bool {
        !self.lines.0.is_empty()
    }

    /// For each player who wins by lines ([`lines`]), the empty squares
    /// that would finish one of them: a line all that player's but for one
    /// empty square. `None` in games no line wins.
    pub(super) fn finishers(&self, st: &State<B>) -> Option<[B; MAX_PLAYERS]> {
        let (lines, wins) = &self.lines;
        if lines.is_empty() {
            return None;
        }
        let occupied = st.occupied();
        let mut finish = [B::ZERO; MAX_PLAYERS];
        for (p, squares) in finish.iter_mut().enumerate().take(wins.len()) {
            if !wins[p] {
                continue;
            }
            let own = st.by_player[p];
            for &l in lines {
                let empty = l & !occupied;
                if empty.count() == 1 && (l & own).count() + 1 == l.count() {
                    *squares |= empty;
                }
            }
        }
        Some(finish)
    }

    /// The lines ([`lines`]) only the side to move holds pieces in, less
    /// those only another player does, each worth more by its pieces.
    /// Where pieces fall ([`Fall`]), the squares that would finish a line
    /// count too.
    fn line_score(&self, e: &Engine<B>, st: &State<B>) -> i32 {
        let (lines, wins) = &self.lines;
        let side = st.side as usize;
        let mine = st.by_player[side];
        let occupied = st.occupied();
        let theirs = occupied & !mine;
        let mut score = 0;
        // The squares that would finish a line: the side to move's, and
        // each other player's.
        let mut open = [B::ZERO; MAX_PLAYERS];
        for &l in lines {
            match ((l & mine).count(), (l & theirs).count()) {
                (0, 0) => {}
                (k, 0) if wins[side] => {
                    score += self.line_worth[k as usize];
                    if k + 1 == l.count() {
                        open[side] |= l & !occupied;
                    }
                }
                (0, k) => {
                    // Whose they are, when more than two play: count the
                    // line only when one other player holds all of it.
                    let owner = (l & theirs).iter().next().map(|q| code_player(st.at(q)));
                    if let Some(o) = owner {
                        if wins[o as usize] && (l & st.by_player[o as usize]).count() == k {
                            score -= self.line_worth[k as usize];
                            if k + 1 == l.count() {
                                open[o as usize] |= l & !occupied;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(fall) = &self.fall {
            let players = e.players() as usize;
            let any = open.iter().take(players).fold(B::ZERO, |a, &o| a | o);
            // The player left to fill the odd levels: the one to move while
            // the empty squares are even in number (two players only).
            let empty = (e.all & !occupied).count();
            let first = if empty.is_multiple_of(2) {
                side
            } else {
                (side + 1) % players
            };
            for column in &fall.columns {
                // The square that can be filled now is the search's to see.
                // Above it, going up, the first square on a level its
                // player is left to fill decides the column: none above it
                // is reached first.
                let above = column
                    .iter()
                    .copied()
                    .skip_while(|&q| occupied.has(q))
                    .skip(1);
                'column: for q in above.filter(|&q| any.has(q)) {
                    let mut decided = false;
                    for (p, squares) in open.iter().enumerate().take(players) {
                        if !squares.has(q) {
                            continue;
                        }
                        let on_turn = fall.odd.is_some_and(|odd| odd.has(q) == (p == first));
                        let v = if on_turn { THREAT_ON_TURN } else { THREAT };
                        decided |= on_turn;
                        score += if p == side { v } else { -v };
                    }
                    if decided {
                        break 'column;
                    }
                }
            }
        }
        score
    }

    /// The squares the pieces of the side to move could move to, less
    /// those of the other players', worth [`MOBILITY`] each.
    fn freedom(e: &Engine<B>, st: &State<B>) -> i32 {
        let occ = st.occupied();
        let mut score = 0i32;
        for p in 0..e.players() {
            let mut n = 0u32;
            for g in e.gens[p as usize].iter().filter(|g| mobile(g)) {
                for sq in (st.pieces(g.piece, p) & g.from_mask).iter() {
                    n += (e.reach(g, sq, occ) & !occ).count();
                }
            }
            let n = i32::try_from(n).unwrap_or(i32::MAX / 2) * MOBILITY;
            if p == st.side {
                score += n;
            } else {
                score -= n;
            }
        }
        score
    }
}
