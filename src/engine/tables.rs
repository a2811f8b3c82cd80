//! The tables a move rule is turned into: targets from each square, rays,
//! promotion tables, reach classes; and the small geometry they are built
//! from.

use super::{
    Board, Cond, Dir, Effect, Gen, GenKind, KindExpr, Model, MoveKind, PromoRule, Promos, Rays,
    SiteRef, MAX_PLAYERS, NORMAL, NO_KIND, NO_SQ,
};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{MoveDef, PlayerDef};

/// How the targets of move rule `md` are found for `player` (whose
/// forward is `pdef.forward`), as tables; `all` is every square.
pub(super) fn gen_kind<B: Bits>(
    model: &Model,
    md: &MoveDef,
    player: usize,
    pdef: &PlayerDef,
    all: B,
) -> GenKind<B> {
    let board = &model.board;
    let n = board.len();
    let kind = match &md.kind {
        MoveKind::Step(dirs) => {
            let dirs: Vec<Dir> = dirs.iter().map(|d| d.resolve(pdef.forward)).collect();
            GenKind::Leap(leap_table(board, |sq| {
                dirs.iter().filter_map(|&d| board.step(sq, d)).collect()
            }))
        }
        MoveKind::Leap(a, b) => {
            GenKind::Leap(leap_table(board, |sq| leap_targets(board, sq, *a, *b)))
        }
        MoveKind::Slide(dirs, min, max) => {
            let ds: Box<[u8]> = dirs.iter().map(|d| d.resolve(pdef.forward).0).collect();
            if *min <= 1 && max.is_none() && md.avoid.is_none() {
                GenKind::Slide(ds)
            } else {
                // The squares within range, up to the first
                // square to avoid: the slide may not cross it.
                let (lo, hi) = (*min as usize, max.map_or(usize::MAX, |m| m as usize));
                let avoid: B = md
                    .avoid
                    .as_ref()
                    .map_or(B::ZERO, |a| resolve_sites(a, player));
                GenKind::SlideRange(
                    ds,
                    (0..n as Sq)
                        .map(|sq| {
                            let mut r = [B::ZERO; 8];
                            for d in Dir::ALL {
                                for (i, s) in board.ray(sq, d).into_iter().enumerate() {
                                    if avoid.has(s) {
                                        break;
                                    }
                                    if i + 1 >= lo && i < hi {
                                        r[d.0 as usize] |= B::bit(s);
                                    }
                                }
                            }
                            r
                        })
                        .collect(),
                )
            }
        }
        MoveKind::Along => GenKind::Leap(leap_table(board, |sq| along_targets(&model.lines, sq))),
        MoveKind::Fly(sites) => {
            let set: B = resolve_sites(sites, player);
            GenKind::Leap(leap_table(board, |sq| {
                set.iter().filter(|&t| t != sq).collect()
            }))
        }
        MoveKind::Remove(sites) => GenKind::Remove(resolve_sites(sites, player)),
        MoveKind::Pass => GenKind::Pass,
        MoveKind::Jump(vecs) => GenKind::Leap(leap_table(board, |sq| {
            vecs.iter()
                .filter_map(|&v| offset(board, sq, frame(pdef.forward, v)))
                .collect()
        })),
        MoveKind::Ride(vecs, max) => {
            let vs: Vec<(i32, i32)> = vecs.iter().map(|&v| frame(pdef.forward, v)).collect();
            GenKind::Ride(vector_rays(board, &vs, *max))
        }
        MoveKind::Hop(vecs, hurdle, max) => {
            let vs: Vec<(i32, i32)> = vecs.iter().map(|&v| frame(pdef.forward, v)).collect();
            GenKind::Hop(vector_rays(board, &vs, *max), *hurdle)
        }
        MoveKind::Path(paths) => GenKind::Path(
            (0..n as Sq)
                .map(|sq| {
                    let mut out: Vec<(Sq, B)> = Vec::new();
                    for p in paths {
                        let mut cur = Some(sq);
                        let mut mask = B::ZERO;
                        for (i, &v) in p.iter().enumerate() {
                            cur = cur.and_then(|c| offset(board, c, frame(pdef.forward, v)));
                            match cur {
                                Some(c) if i + 1 < p.len() => mask |= B::bit(c),
                                _ => {}
                            }
                        }
                        if let Some(to) = cur.filter(|&t| t != sq && !mask.has(t)) {
                            if !out.contains(&(to, mask)) {
                                out.push((to, mask));
                            }
                        }
                    }
                    out.into_boxed_slice()
                })
                .collect(),
        ),
        MoveKind::Castle { partner, steps } => {
            GenKind::Castle(*partner as u8, (*steps).min(255) as u8)
        }
        MoveKind::CaptureJump {
            dirs,
            again,
            far,
            stop_to_promote,
            by_pieces,
            over,
            takes,
        } => GenKind::CaptureJump(
            dirs.iter().map(|d| d.resolve(pdef.forward).0).collect(),
            super::JumpOpts {
                again: *again,
                far: *far,
                stop_to_promote: *stop_to_promote,
                by_pieces: *by_pieces,
                over: *over,
                takes: *takes,
            },
        ),
        MoveKind::Drop {
            sites,
            gravity,
            piece,
            from_hand,
        } => GenKind::Drop(
            if sites.is_empty() {
                all
            } else {
                resolve_sites(sites, player)
            },
            gravity.map_or(u8::MAX, |d| d.0),
            if *from_hand { *piece as u8 } else { NO_KIND },
        ),
    };
    // Squares to avoid are never landed on (slides also stop
    // before them, above).
    match (kind, &md.avoid) {
        (GenKind::Leap(t), Some(a)) => {
            let avoid: B = resolve_sites(a, player);
            GenKind::Leap(t.iter().map(|&x| x & !avoid).collect())
        }
        (k, _) => k,
    }
}

/// The promotion tables of every kind of piece (`None` for a kind that
/// never promotes).
pub(super) fn promo_tables<B: Bits>(model: &Model) -> Vec<Option<Promos<B>>> {
    model
        .pieces
        .iter()
        .map(|p| {
            if p.promotions.is_empty() {
                return None;
            }
            let mut zone = [B::ZERO; MAX_PLAYERS];
            let rules: Vec<PromoRule<B>> = p
                .promotions
                .iter()
                .map(|pr| {
                    let mut z = [B::ZERO; MAX_PLAYERS];
                    for (pl, zz) in z.iter_mut().enumerate() {
                        *zz = resolve_sites(&pr.zone, pl);
                        zone[pl] |= *zz;
                    }
                    PromoRule {
                        zone: z,
                        kinds: pr.to.clone(),
                        guard: pr.guard.clone(),
                        optional: pr.optional,
                        again: pr.effects.iter().find_map(|e| match e {
                            Effect::MoveAgain(g) => {
                                Some(g.clone().unwrap_or(Cond::And(Vec::new())))
                            }
                            _ => None,
                        }),
                        flags: pr
                            .effects
                            .iter()
                            .filter_map(|e| match e {
                                Effect::SetFlag(f) => Some(*f),
                                _ => None,
                            })
                            .collect(),
                        identity: pr.identity.clone(),
                        relocate: pr.relocate.clone(),
                        after: pr
                            .effects
                            .iter()
                            .filter(|e| {
                                matches!(
                                    e,
                                    Effect::Flip(_)
                                        | Effect::Capture(_)
                                        | Effect::Transform(..)
                                        | Effect::AddScore(..)
                                        | Effect::Push(..)
                                )
                            })
                            .cloned()
                            .collect(),
                    }
                })
                .collect();
            let fixed = match rules.as_slice() {
                [r] if r.guard.is_none()
                    && !r.optional
                    && r.again.is_none()
                    && r.flags.is_empty()
                    && r.identity.is_none()
                    && r.relocate.is_none() =>
                {
                    match &r.kinds {
                        KindExpr::Fixed(k) => Some(k.iter().map(|&x| x as u8).collect()),
                        _ => None,
                    }
                }
                _ => None,
            };
            let relocates = rules.iter().any(|r| r.relocate.is_some());
            Some(Promos {
                zone,
                rules,
                fixed,
                relocates,
            })
        })
        .collect()
}

/// A vector `(right, forward)` in a player's frame, on the board.
pub(super) fn frame(forward: Dir, (dx, dy): (i32, i32)) -> (i32, i32) {
    let (fx, fy) = forward.delta();
    let (rx, ry) = forward.rotate(2).delta();
    (dx * rx + dy * fx, dx * ry + dy * fy)
}

/// The square `(dx, dy)` away from `sq`, if it is on the board (not a hole).
pub(super) fn offset(board: &Board, sq: Sq, (dx, dy): (i32, i32)) -> Option<Sq> {
    let c = board.cell(sq);
    let x = u32::try_from(i64::from(c.x) + i64::from(dx)).ok()?;
    let y = u32::try_from(i64::from(c.y) + i64::from(dy)).ok()?;
    board.at(x, y).filter(|&t| board.is_present(t))
}

/// For each square, the rays along each vector (board frame), each cut
/// after `max` squares.
pub(super) fn vector_rays(board: &Board, vecs: &[(i32, i32)], max: Option<u32>) -> Box<[Rays]> {
    (0..board.len() as Sq)
        .map(|sq| {
            vecs.iter()
                .map(|&v| {
                    let mut ray = Vec::new();
                    let mut cur = sq;
                    while let Some(next) = offset(board, cur, v) {
                        if max.is_some_and(|m| ray.len() as u32 >= m) || next == sq {
                            break;
                        }
                        ray.push(next);
                        cur = next;
                    }
                    ray.into_boxed_slice()
                })
                .collect()
        })
        .collect()
}

pub(super) fn resolve_sites<B: Bits>(sites: &[Vec<Sq>], player: usize) -> B {
    sites.get(player).map_or(B::ZERO, |v| B::of(v))
}

/// [`Engine::castle_mates`]: for each start square of a piece that castles,
/// the start squares of its owner's partners on the same rank, and the other
/// way round.
pub(super) fn castle_mates<B: Bits>(model: &Model, n: usize) -> Box<[B]> {
    let mut mates = vec![B::ZERO; n];
    // Where each piece stands when play begins (after the moves before it).
    let mut at: Vec<(Sq, u8, u8)> = model
        .start
        .iter()
        .map(|p| (p.sq, p.player, p.piece))
        .collect();
    for &(from, to) in &model.shifts {
        if let Some(x) = at.iter_mut().find(|x| x.0 == from) {
            x.0 = to;
        }
    }
    let b = &model.board;
    for m in &model.moves {
        let (MoveKind::Castle { partner, .. }, Some(piece)) = (&m.kind, m.piece) else {
            continue;
        };
        for &(a, pa, _) in at.iter().filter(|x| x.2 as usize == piece) {
            for &(c, pc, kc) in &at {
                if kc as usize == *partner && pc == pa && c != a && b.cell(c).y == b.cell(a).y {
                    mates[a as usize] |= B::bit(c);
                    mates[c as usize] |= B::bit(a);
                }
            }
        }
    }
    mates.into_boxed_slice()
}

/// Whether a `(startKind SITE)` promotion could name a royal kind on some
/// square of its zone (conservatively yes if the site depends on where the
/// piece came from).
pub(super) fn start_kind_may_be_royal<B: Bits>(
    model: &Model,
    site: &SiteRef,
    zone: &[B; MAX_PLAYERS],
    start_kind: &[u8],
    royal: u32,
) -> bool {
    fn fixed(s: &SiteRef) -> bool {
        match s {
            SiteRef::To | SiteRef::Square(_) | SiteRef::StartOf(_) => true,
            SiteRef::HomeOf(inner) => fixed(inner),
            SiteRef::From | SiteRef::Adjacent(_) | SiteRef::Origin => false,
        }
    }
    if !fixed(site) {
        return true;
    }
    let board = &model.board;
    (0..model.players.len().min(MAX_PLAYERS)).any(|p| {
        zone[p].iter().any(|z| {
            let q = match site {
                SiteRef::To => z,
                SiteRef::Square(q) => *q,
                SiteRef::StartOf(k) => model
                    .start
                    .iter()
                    .find(|pl| pl.player as usize == p && pl.piece == *k)
                    .map_or(NO_SQ, |pl| pl.sq),
                SiteRef::HomeOf(_) => {
                    // The first-rank square of the zone square's file.
                    let fwd = model.players[p].forward.opposite();
                    let mut cur = z;
                    while let Some(n) = board.step(cur, fwd) {
                        cur = n;
                    }
                    cur
                }
                _ => NO_SQ,
            };
            start_kind
                .get(q as usize)
                .is_some_and(|&k| k != NO_KIND && royal & (1 << k) != 0)
        })
    })
}

/// For each square, the number of the class of squares a piece of `kind`
/// could travel between on an empty board (by its rules for the first player).
pub(super) fn reach_classes<B: Bits>(board: &Board, gens: &[Gen<B>], kind: u8) -> Box<[u16]> {
    let n = board.len();
    let mut class = vec![u16::MAX; n];
    let mut next = 0u16;
    let steps: Vec<&Gen<B>> = gens
        .iter()
        .filter(|g| g.piece == kind && g.phase == NORMAL)
        .collect();
    for s0 in 0..n {
        if class[s0] != u16::MAX {
            continue;
        }
        let mut stack = vec![s0 as Sq];
        class[s0] = next;
        while let Some(s) = stack.pop() {
            for g in &steps {
                let reach = match &g.kind {
                    GenKind::Leap(t) => t[s as usize],
                    GenKind::Slide(ds) | GenKind::SlideRange(ds, _) => {
                        let mut r = B::ZERO;
                        for &d in ds {
                            for t in board.ray(s, Dir(d)) {
                                r |= B::bit(t);
                            }
                        }
                        r
                    }
                    GenKind::Remove(_)
                    | GenKind::Castle(..)
                    | GenKind::Drop(..)
                    | GenKind::Pass
                    | GenKind::CaptureJump(..) => B::ZERO,
                    GenKind::Ride(_) | GenKind::Hop(..) | GenKind::Path(_) => potential(g, s),
                };
                for t in reach.iter() {
                    if class[t as usize] == u16::MAX {
                        class[t as usize] = next;
                        stack.push(t);
                    }
                }
            }
        }
        next = next.saturating_add(1);
    }
    class.into_boxed_slice()
}

/// The squares a rule of one of the newer kinds could reach from `s` on
/// some board position (a hopper needs a hurdle, so its whole ray counts).
pub(crate) fn potential<B: Bits>(g: &Gen<B>, s: Sq) -> B {
    let bits = |sqs: &[Sq]| sqs.iter().fold(B::ZERO, |acc, &t| acc | B::bit(t));
    match &g.kind {
        GenKind::Ride(rays) => rays[s as usize]
            .iter()
            .fold(B::ZERO, |acc, r| acc | bits(r)),
        GenKind::Hop(rays, _) => rays[s as usize]
            .iter()
            .fold(B::ZERO, |acc, r| acc | bits(r.get(1..).unwrap_or(&[]))),
        GenKind::Path(t) => t[s as usize]
            .iter()
            .fold(B::ZERO, |acc, (to, _)| acc | B::bit(*to)),
        GenKind::Leap(t) => t[s as usize],
        GenKind::Slide(_)
        | GenKind::SlideRange(..)
        | GenKind::Remove(_)
        | GenKind::Castle(..)
        | GenKind::CaptureJump(..)
        | GenKind::Pass
        | GenKind::Drop(..) => B::ZERO,
    }
}

/// The neighbours of `sq` on the lines drawn on the board: the points
/// right before and after it on each line through it.
pub(super) fn along_targets(lines: &[Vec<Sq>], sq: Sq) -> Vec<Sq> {
    let mut out = Vec::new();
    for line in lines {
        for (i, &p) in line.iter().enumerate() {
            if p != sq {
                continue;
            }
            let before = i.checked_sub(1).and_then(|j| line.get(j));
            for &q in before.into_iter().chain(line.get(i + 1)) {
                if q != sq && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}

pub(super) fn leap_table<B: Bits>(board: &Board, targets: impl Fn(Sq) -> Vec<Sq>) -> Box<[B]> {
    (0..board.len() as Sq)
        .map(|sq| {
            targets(sq)
                .into_iter()
                .fold(B::ZERO, |acc, t| acc | B::bit(t))
        })
        .collect()
}

/// The squares a leap of (a, b) reaches from `sq`, in all eight orientations,
/// found by walking the board graph: `a` steps one way, `b` the other.
pub(super) fn leap_targets(board: &Board, sq: Sq, a: i32, b: i32) -> Vec<Sq> {
    let mut out = Vec::new();
    // A hole holds no piece, so nothing leaps from it (and the squares
    // that reach each other stay those that do).
    if !board.is_present(sq) {
        return out;
    }
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (dx, dy) = (x * sx, y * sy);
            let h = if dx >= 0 { Dir(2) } else { Dir(6) };
            let v = if dy >= 0 { Dir(0) } else { Dir(4) };
            // By the cells' coordinates, not a walk from neighbour to
            // neighbour: a leap goes over anything between, a hole too.
            let leg = |d: Dir, n: i32| match n {
                0 => Some((0, 0)),
                _ => board
                    .tiling
                    .delta(d)
                    .map(|(x, y)| (x * n.abs(), y * n.abs())),
            };
            if let Some(t) = leg(h, dx)
                .zip(leg(v, dy))
                .and_then(|((hx, hy), (vx, vy))| offset(board, sq, (hx + vx, hy + vy)))
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
pub(super) fn reverse<B: Bits>(table: &[B], n: usize) -> Box<[B]> {
    let mut rev = vec![B::ZERO; n];
    for (from, targets) in table.iter().enumerate() {
        for t in targets.iter() {
            rev[t as usize] |= B::bit(from as Sq);
        }
    }
    rev.into_boxed_slice()
}

/// A small deterministic generator for the Zobrist keys.
pub(super) struct SplitMix(pub(super) u64);

impl SplitMix {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Whether the number of pieces in the game (on the board and in hand)
/// only ever moves one way: no rule adds a piece (a drop not from hand, a
/// move that puts a new piece) or none takes one away (a capture, a
/// removal, a jump, a capture or push as an effect, of a move or a
/// promotion).
pub(super) fn one_way(model: &Model) -> bool {
    let adds = model.moves.iter().any(|m| {
        m.put.is_some()
            || matches!(
                m.kind,
                MoveKind::Drop {
                    from_hand: false,
                    ..
                }
            )
    });
    let takes = |effects: &[Effect]| {
        effects
            .iter()
            .any(|e| matches!(e, Effect::Capture(_) | Effect::Push(..)))
    };
    let removes = model.moves.iter().any(|m| {
        m.target != crate::compile::model::Target::Empty
            || m.stay
            || !matches!(
                m.kind,
                MoveKind::Step(_)
                    | MoveKind::Slide(..)
                    | MoveKind::Leap(..)
                    | MoveKind::Ride(..)
                    | MoveKind::Hop(..)
                    | MoveKind::Path(_)
                    | MoveKind::Drop { .. }
                    | MoveKind::Along
                    | MoveKind::Fly(_)
                    | MoveKind::CaptureJump { takes: false, .. }
            )
            || takes(&m.effects)
    }) || model
        .pieces
        .iter()
        .flat_map(|k| &k.promotions)
        .any(|p| takes(&p.effects));
    !(adds && removes)
}
