//! Building an engine: the tables derived from the model and its rule
//! graph (how moves are then found fast is decided in `plan.rs`).

use super::conds::{board_only, mentions_perpetual, own_square_only, reads_move, reads_to};
use super::tables::{
    castle_mates, reach_classes, resolve_sites, reverse, start_kind_may_be_royal, SplitMix,
};
use super::{
    sensitivity, tables, Attacks, Cond, Dir, Effect, Engine, ForbidDef, FromSet, Gen, GenKind,
    KindExpr, Model, MoveKind, PlayerRef, Promos, RuleGraph, Shift, SiteRef, State, Target,
    MAX_PARTS, MAX_PIECES, MAX_PLAYERS, NEXT_ENGINE_ID, NORMAL, NO_KIND, PART_BASE,
};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::eval::Quick;

impl<B: Bits> Engine<B> {
    /// Derives the tables of a game from its model and rule graph.
    pub(crate) fn build(model: Model, graph: RuleGraph) -> Self {
        let board = &model.board;
        let n = board.len();
        let all = (0..n as Sq)
            .filter(|&s| board.is_present(s))
            .fold(B::ZERO, |acc, s| acc | B::bit(s));
        let line_masks: Box<[B]> = model
            .lines
            .iter()
            .map(|l| l.iter().fold(B::ZERO, |acc, &q| acc | B::bit(q)))
            .collect();
        let rays: Box<[[B; 8]]> = (0..n as Sq)
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
        let mut line_dir = vec![u8::MAX; n * n].into_boxed_slice();
        for (a, r) in rays.iter().enumerate() {
            for (d, ray) in r.iter().enumerate() {
                for b in ray.iter() {
                    line_dir[a * n + b as usize] = d as u8;
                }
            }
        }
        let mut dir_up = [false; 8];
        for d in Dir::ALL {
            // Squares are numbered rank by rank, so a direction goes up the
            // numbers if its first step from any square does.
            dir_up[d.0 as usize] = (0..n as Sq).any(|s| board.step(s, d).is_some_and(|t| t > s));
        }
        // The last square of each ray (the square itself for an empty one).
        let ray_end: Box<[[Sq; 8]]> = rays
            .iter()
            .enumerate()
            .map(|(sq, r)| {
                std::array::from_fn(|d| {
                    if r[d].is_empty() {
                        sq as Sq
                    } else if dir_up[d] {
                        r[d].msb()
                    } else {
                        r[d].lsb()
                    }
                })
            })
            .collect();

        let mut gens: [Vec<Gen<B>>; MAX_PLAYERS] = Default::default();
        let mut attacks: [Attacks<B>; MAX_PLAYERS] = Default::default();
        for (player, pdef) in model.players.iter().enumerate().take(MAX_PLAYERS) {
            // Walk the rule graph: piece → its move rules, in order; then the
            // player's own moves.
            let mut rules: Vec<usize> = Vec::new();
            for piece in 0..model.pieces.len() {
                rules.extend(graph.moves_of(piece));
            }
            rules.extend(model.player_moves.iter().copied());
            for ph in &model.phases {
                rules.extend(ph.moves.iter().copied());
            }
            for p in model.parts.iter().take(MAX_PARTS) {
                rules.extend(p.moves.iter().copied());
            }
            for rule in rules {
                let md = &model.moves[rule];
                let phase = match (md.part, md.phase) {
                    (Some(k), _) if k < MAX_PARTS => PART_BASE + k as u8,
                    (Some(_), _) => continue,
                    (None, None) => NORMAL,
                    (None, Some(i)) if i < model.phases.len() => i as u8,
                    (None, Some(_)) => continue, // a move of a phase that is not played
                };
                let kind = tables::gen_kind(&model, md, player, pdef, all);
                let from_mask = md.from.as_ref().map_or(all, |f| resolve_sites(f, player));
                let piece = md.piece.map_or(NO_KIND, |p| p as u8);
                // Counted in bulk: no condition (or one that is a mask of
                // start squares), and effects that only mark the piece or the
                // square passed over change nothing in how the moves are
                // found (start squares are a mask too).
                let guard_set = md
                    .guard
                    .as_ref()
                    .and_then(|c| FromSet::of(c, board, pdef.forward, all));
                // Listed in bulk ([`Gen::lists_bulk`]): also where the turn
                // goes on with a part, in a part, or where the move puts a
                // piece rather than moving it (the moves are found alike).
                // Promotions are looked at below.
                let listable = (md.guard.is_none() || guard_set.is_some())
                    && md.effects.iter().all(|e| {
                        matches!(
                            e,
                            Effect::SetFlag(_) | Effect::EnPassant | Effect::Continue(_)
                        )
                    })
                    && !md.when_stuck
                    && !md.stay
                    && md.target != Target::EnPassant
                    && !matches!(
                        md.kind,
                        MoveKind::Castle { .. } | MoveKind::CaptureJump { .. }
                    )
                    && piece != NO_KIND;
                // Counted in bulk: listable, and a whole turn (a part's
                // moves are counted as whole turns, see
                // `Engine::count_turns`).
                let countable = listable
                    && md.put.is_none()
                    && md.part.is_none()
                    && !md.effects.iter().any(|e| matches!(e, Effect::Continue(_)));
                let plain =
                    countable && md.guard.is_none() && md.from.is_none() && md.effects.is_empty();
                let shifts = match &kind {
                    GenKind::Leap(t) => {
                        Shift::split(t).filter(|s| s.len() <= 2).unwrap_or_default()
                    }
                    _ => Box::default(),
                };
                let ranged = match (&md.kind, &kind) {
                    (MoveKind::Slide(_, min, Some(max)), GenKind::SlideRange(ds, _))
                        if ds.len() == 1 && *max <= 16 && md.avoid.is_none() =>
                    {
                        Shift::along(board, Dir(ds[0]))
                            .map(|s| (s, (*min).max(1) as u8, *max as u8))
                    }
                    _ => None,
                };
                let g = Gen {
                    countable,
                    piece,
                    rule: rule as u8,
                    target: md.target,
                    kind,
                    from_mask,
                    guard: md.guard.clone(),
                    quick: md.guard.as_ref().map(|c| Box::new(Quick::new(c))),
                    guard_by_from: md.guard.as_ref().is_some_and(|c| !reads_to(c)),
                    guard_fixed: md.guard.as_ref().is_some_and(|c| !reads_move(c)),
                    guard_set,
                    stuck: md.when_stuck,
                    stay: md.stay,
                    plain,
                    phase,
                    anchored: md.part.is_some() && piece != NO_KIND,
                    bulk: false,
                    promo_zone: B::ZERO,
                    promo_count: 0,
                    count_bulk: false,
                    lists_bulk: listable,
                    dyn_zone: B::ZERO,
                    shifts,
                    near_dyn: B::ZERO,
                    ranged,
                    first_steps: Box::default(),
                    to_set: match (&md.kind, &md.guard) {
                        (MoveKind::Drop { .. } | MoveKind::Remove(_), Some(c)) => {
                            super::toset::ToSet::of(c, board, pdef.forward, player).map(Box::new)
                        }
                        _ => None,
                    },
                    sets: false,
                    draw_sets: false,
                };
                if !matches!(md.target, Target::Empty | Target::EnPassant)
                    && piece != NO_KIND
                    && !md.when_stuck
                    && phase == NORMAL
                {
                    let att = &mut attacks[player];
                    let unconditional = md.guard.is_none() && md.from.is_none();
                    match &g.kind {
                        GenKind::Leap(t) if unconditional => {
                            att.leaps.push((piece, reverse(t, n)));
                            att.leaps_fwd.push(t.clone());
                        }
                        GenKind::Slide(ds) if unconditional => {
                            for &d in ds {
                                att.slides[d as usize] |= 1 << piece;
                            }
                        }
                        _ => {
                            att.forward.push(gens[player].len());
                            att.forward_from.push(match &g.kind {
                                GenKind::Leap(t) => reverse(t, n),
                                _ => Box::default(),
                            });
                            if !matches!(g.kind, GenKind::Leap(_)) {
                                att.blockable = true;
                            }
                            if let Some(c) = &md.guard {
                                let s = sensitivity(c);
                                att.blockable |= s.occupancy;
                                att.counts |= s.counts;
                            }
                        }
                    }
                }
                let g = if piece == NO_KIND {
                    match super::plan::fold_player_move(&model, &mut gens[player], g) {
                        Some(g) => g,
                        None => continue,
                    }
                } else {
                    g
                };
                gens[player].push(g);
            }
        }

        let promos: Vec<Option<Promos<B>>> = tables::promo_tables(&model);
        // Attacks by pieces whose promotions depend on counts (a pawn that
        // may only promote to a lost kind) change with captures.
        for (pl, att) in attacks.iter_mut().enumerate() {
            for g in &gens[pl] {
                if g.piece == NO_KIND || g.target == Target::Empty || g.phase != NORMAL {
                    continue;
                }
                if let Some(Some(pr)) = promos.get(g.piece as usize) {
                    if pr.fixed.is_none() {
                        // Only captures into the promotion squares are affected.
                        att.zone_counts |= pr.zone[pl];
                        if pr
                            .rules
                            .iter()
                            .any(|r| r.guard.as_ref().is_some_and(|c| sensitivity(c).occupancy))
                        {
                            att.zone_blockable |= pr.zone[pl];
                        }
                    }
                }
            }
        }

        for att in &mut attacks {
            for d in 0..8u8 {
                let kinds = att.slides[d as usize];
                if kinds == 0 {
                    continue;
                }
                match att.slide_groups.iter_mut().find(|(k, _)| *k == kinds) {
                    Some((_, dirs)) => *dirs |= 1 << d,
                    None => att.slide_groups.push((kinds, 1 << d)),
                }
                for (k, p) in promos.iter().enumerate() {
                    if p.is_some() && kinds & (1 << k) != 0 {
                        att.slide_promoting |= 1 << k;
                    }
                }
            }
        }

        let dynamic = |k: u8| {
            promos
                .get(k as usize)
                .and_then(Option::as_ref)
                .is_some_and(|p| p.fixed.is_none())
        };
        for (pl, att) in attacks.iter_mut().enumerate() {
            att.dyn_leaps = att
                .leaps
                .iter()
                .filter(|(k, _)| dynamic(*k))
                .cloned()
                .collect();
            att.dyn_near_blockable = att
                .dyn_leaps
                .iter()
                .map(|(k, rev)| {
                    let near = att
                        .zone_blockable
                        .iter()
                        .fold(B::ZERO, |acc, q| acc | rev[q as usize]);
                    (*k, near)
                })
                .collect();
            att.dyn_other = att.forward.iter().any(|&gi| dynamic(gens[pl][gi].piece))
                || (0..32u8).any(|k| att.slide_promoting & (1 << k) != 0 && dynamic(k));
        }

        // For each slide group and square, the rays from it in the group's
        // directions turned by `turn` eighths (4: towards the square).
        let group_rays = |groups: &[(u32, u8)], turn: u8| -> Vec<Box<[B]>> {
            groups
                .iter()
                .map(|&(_, dirs)| {
                    rays.iter()
                        .map(|r| {
                            (0..8u8)
                                .filter(|d| dirs & (1 << d) != 0)
                                .fold(B::ZERO, |acc, d| acc | r[((d + turn) & 7) as usize])
                        })
                        .collect()
                })
                .collect()
        };
        for att in &mut attacks {
            att.group_rays = group_rays(&att.slide_groups, 0);
            att.group_lines = group_rays(&att.slide_groups, 4);
        }

        // Which rules can be counted in bulk, and their promotion squares.
        for (pl, list) in gens.iter_mut().enumerate() {
            for g in list.iter_mut() {
                if !g.countable {
                    // Listed in bulk only without promotions (their squares
                    // are set up for the rules counted in bulk).
                    g.lists_bulk &= promos.get(g.piece as usize).is_none_or(Option::is_none);
                    continue;
                }
                match promos.get(g.piece as usize).and_then(Option::as_ref) {
                    None => g.bulk = g.guard.is_none(),
                    Some(p) => {
                        if let Some(f) = &p.fixed {
                            g.bulk = g.guard.is_none();
                            g.promo_zone = p.zone[pl];
                            g.promo_count = f.len() as u32;
                        } else {
                            g.dyn_zone = p.zone[pl];
                            let reach = |q: usize| match &g.kind {
                                GenKind::Leap(t) => t[q],
                                GenKind::SlideRange(ds, near) => {
                                    ds.iter().fold(B::ZERO, |acc, &d| acc | near[q][d as usize])
                                }
                                _ => B::ZERO,
                            };
                            g.near_dyn = (0..n as Sq)
                                .filter(|&q| !(reach(q as usize) & g.dyn_zone).is_empty())
                                .fold(B::ZERO, |acc, q| acc | B::bit(q));
                        }
                    }
                }
                g.count_bulk = true;
                g.lists_bulk = true;
            }
        }
        let reach_class = (0..model.pieces.len())
            .map(|p| reach_classes(board, &gens[0], p as u8))
            .collect();

        let mut start_count = [[0u8; MAX_PIECES]; MAX_PLAYERS];
        let mut start_kind = vec![NO_KIND; n];
        let mut start_squares = [[B::ZERO; MAX_PIECES]; MAX_PLAYERS];
        for p in &model.start {
            start_count[p.player as usize][p.piece as usize] += 1;
            start_kind[p.sq as usize] = p.piece;
            start_squares[p.player as usize][p.piece as usize] |= B::bit(p.sq);
        }

        let royal = model
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        let mut royalish = royal;
        for (k, p) in promos.iter().enumerate() {
            if let Some(p) = p {
                let may_be_royal = p.rules.iter().any(|r| match &r.kinds {
                    KindExpr::Fixed(ks) => ks.iter().any(|&t| royal & (1 << t) != 0),
                    KindExpr::StartKind(site) => {
                        start_kind_may_be_royal(&model, site, &r.zone, &start_kind, royal)
                    }
                    KindExpr::Lost => false,
                });
                if may_be_royal {
                    royalish |= 1 << k;
                }
            }
        }
        let check_rule = model
            .forbids
            .iter()
            .position(|f| f.cond == Cond::InCheck(PlayerRef::Mover) && !f.unless_all);
        let has_stuck = model.moves.iter().any(|m| m.when_stuck);
        let has_parts = !model.parts.is_empty();
        let mut continues = vec![false; 256].into_boxed_slice();
        for pl in &gens {
            for g in pl {
                let md = &model.moves[g.rule as usize];
                if md.effects.iter().any(|e| matches!(e, Effect::Continue(_))) {
                    continues[g.phase as usize] = true;
                }
            }
        }
        let needs_check_history = model.ends.iter().any(|e| mentions_perpetual(&e.cond))
            || model
                .forbids
                .iter()
                .chain(model.phases.iter().flat_map(|p| p.forbids.iter()))
                .any(|f: &ForbidDef| mentions_perpetual(&f.cond));

        let board_reps = model
            .forbids
            .iter()
            .chain(model.phases.iter().flat_map(|p| p.forbids.iter()))
            .any(|f: &ForbidDef| f.cond.mentions(&|c| matches!(c, Cond::RepeatedBoard(_))));

        let mut all_conds: Vec<&Cond> = Vec::new();
        all_conds.extend(model.moves.iter().filter_map(|m| m.guard.as_ref()));
        for p in &model.pieces {
            for pr in &p.promotions {
                all_conds.extend(pr.guard.as_ref());
                for e in &pr.effects {
                    if let Effect::MoveAgain(Some(c)) = e {
                        all_conds.push(c);
                    }
                }
            }
        }
        all_conds.extend(model.forbids.iter().map(|f| &f.cond));
        all_conds.extend(
            model
                .phases
                .iter()
                .flat_map(|p| p.forbids.iter().map(|f| &f.cond)),
        );
        all_conds.extend(model.ends.iter().map(|e| &e.cond));
        all_conds.extend(model.player_flags.iter().map(|p| &p.cond));
        let uses_origin = all_conds
            .iter()
            .any(|c| c.mentions(&|c| matches!(c, Cond::AtStart(_) | Cond::Absent(_))))
            || model.pieces.iter().any(|p| {
                p.promotions
                    .iter()
                    .any(|pr| pr.identity.is_some() || pr.relocate.is_some())
            });
        let uses_unmoved = all_conds
            .iter()
            .any(|c| c.mentions(&|c| matches!(c, Cond::Unmoved(_))));

        let mut rng = SplitMix(0x6c75_6400_5eed_0001);
        let codes = 1 + MAX_PIECES * MAX_PLAYERS;
        let zobrist: Box<[u64]> = (0..codes * n).map(|_| rng.next()).collect();
        let mut zobrist_sorted: Vec<(u64, u32)> = Vec::new();
        if board_reps {
            // Only the codes of the game's pieces can stand on a board (not
            // code 0, the empty square's, whose keys mark a square passed
            // over): the table stays small enough for the cache (with every code, Go's
            // 19x19 table took a fifth of a megabyte, and searching it a
            // tenth of the time of listing its moves).
            let used = (1 + model.pieces.len() * MAX_PLAYERS).min(codes) * n;
            zobrist_sorted.extend(
                zobrist[..used]
                    .iter()
                    .enumerate()
                    .skip(n)
                    .map(|(i, &k)| (k, i as u32)),
            );
            zobrist_sorted.sort_unstable();
        }
        let zobrist_side = [rng.next(), rng.next()];
        let zobrist_phase: Box<[u64]> = (0..(model.phases.len() + 1) * 256)
            .map(|_| rng.next())
            .collect();

        let phase_masks: Vec<([B; MAX_PLAYERS], Vec<usize>)> = model
            .phases
            .iter()
            .map(|ph| {
                let mut mask = [B::ZERO; MAX_PLAYERS];
                let mut rest = Vec::new();
                for (i, f) in ph.forbids.iter().enumerate() {
                    match &f.cond {
                        Cond::In(SiteRef::To, sites) if !f.unless_all => {
                            for (p, m) in mask.iter_mut().enumerate() {
                                *m |= resolve_sites(sites, p);
                            }
                        }
                        _ => rest.push(i),
                    }
                }
                (mask, rest)
            })
            .collect();
        let light = (0..n as Sq)
            .filter(|&s| {
                let c = board.cell(s);
                (c.x + c.y) % 2 == 1
            })
            .fold(B::ZERO, |acc, s| acc | B::bit(s));
        let uses_passing = model
            .moves
            .iter()
            .any(|m| m.effects.contains(&Effect::EnPassant));
        let uses_castling = model
            .moves
            .iter()
            .any(|m| matches!(m.kind, MoveKind::Castle { .. }));
        let castle_kinds = model
            .moves
            .iter()
            .fold(0u32, |acc, m| match (&m.kind, m.piece) {
                (MoveKind::Castle { partner, .. }, Some(p)) => acc | 1 << p | 1 << partner,
                _ => acc,
            });
        let zobrist_unmoved: Box<[u64]> = (0..n).map(|_| rng.next()).collect();
        let castle_mates = castle_mates::<B>(&model, n);
        let royal_fast: Box<[bool]> = model
            .moves
            .iter()
            .map(|md| {
                md.piece.is_some_and(|p| royal & (1 << p) != 0)
                    && md.effects.iter().all(|e| matches!(e, Effect::SetFlag(_)))
                    && !md.stay
                    // A piece that puts another stays where it is.
                    && md.put.is_none()
                    && md.target != Target::EnPassant
                    && matches!(
                        md.kind,
                        MoveKind::Step(_)
                            | MoveKind::Slide(..)
                            | MoveKind::Leap(..)
                            | MoveKind::Jump(_)
                            | MoveKind::Ride(..)
                            | MoveKind::Hop(..)
                            | MoveKind::Path(_)
                    )
            })
            .collect();
        // A move of the rule changes the board otherwise than its piece
        // leaving its square for where it lands, whether it promotes or
        // not: its effects act, or it takes without moving (emptying the
        // square taken and keeping the start square), or it castles (moving
        // a partner too).
        let own_tested = |md: &crate::compile::model::MoveDef| {
            Engine::<B>::acts(&md.effects) || md.stay || matches!(md.kind, MoveKind::Castle { .. })
        };
        let plain_make: Box<[bool]> = model
            .moves
            .iter()
            .map(|md| {
                md.piece.is_some()
                    && md.effects.is_empty()
                    && !md.stay
                    && md.put.is_none()
                    && md.target != Target::EnPassant
                    && !matches!(
                        md.kind,
                        MoveKind::Castle { .. }
                            | MoveKind::CaptureJump { .. }
                            | MoveKind::Drop { .. }
                    )
            })
            .collect();
        let board_attacks = [0, 1].map(|p: usize| {
            attacks[p]
                .forward
                .iter()
                .all(|&gi| gens[p][gi].guard.as_ref().is_none_or(board_only))
                && promos.iter().flatten().all(|pr| {
                    pr.rules
                        .iter()
                        .all(|r| r.guard.as_ref().is_none_or(board_only))
                })
        });
        let own_attacks = [0, 1].map(|p: usize| {
            let a = &attacks[p];
            !a.counts
                && a.forward.iter().all(|&gi| {
                    let g = &gens[p][gi];
                    matches!(g.kind, GenKind::Leap(_))
                        && g.guard.as_ref().is_none_or(own_square_only)
                })
        });
        let simple_attacks = [0, 1].map(|p| {
            let a = &attacks[p];
            a.forward.is_empty()
                && !a.blockable
                && !a.counts
                && a.zone_counts.is_empty()
                && a.zone_blockable.is_empty()
        });
        let restricted = model
            .forbids
            .iter()
            .enumerate()
            .any(|(i, _)| Some(i) != check_rule)
            || model.maximum.is_some()
            || phase_masks.iter().any(|(_, rest)| !rest.is_empty());
        let lines_at: Box<[Box<[B]>]> = (0..board.len() as Sq)
            .map(|q| line_masks.iter().copied().filter(|m| m.has(q)).collect())
            .collect();
        let row_shifts = (0..4u8)
            .map(|d| Shift::along(board, Dir(d)))
            .collect::<Option<Vec<_>>>()
            .and_then(|v| <[Shift<B>; 4]>::try_from(v).ok())
            .map(Box::new);
        let near = (0..board.len() as Sq)
            .map(|q| {
                Dir::ALL
                    .into_iter()
                    .filter_map(|d| board.step(q, d))
                    .fold(B::ZERO, |m, r| m | B::bit(r))
            })
            .collect();
        let mut engine = Engine {
            near,
            dir_shifts: std::array::from_fn(|d| Shift::along(board, Dir(d as u8))),
            steps_two_way: (0..board.len() as Sq).all(|q| {
                Dir::ALL.into_iter().all(|d| {
                    board
                        .step(q, d)
                        .is_none_or(|r| board.step(r, d.opposite()) == Some(q))
                })
            }),
            row_shifts,
            lines_at,
            line_masks,
            id: NEXT_ENGINE_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            restricted,
            royal_fast,
            plain_make,
            acting: model
                .moves
                .iter()
                .map(|md| Engine::<B>::acts(&md.effects))
                .collect(),
            effects_tested: model
                .moves
                .iter()
                .map(|md| {
                    own_tested(md)
                        || md.piece.is_some_and(|k| {
                            promos.get(k).and_then(Option::as_ref).is_some_and(|p| {
                                p.relocates || p.rules.iter().any(|r| !r.after.is_empty())
                            })
                        })
                })
                .collect(),
            unpromoted_tested: model.moves.iter().map(own_tested).collect(),
            far_moves: model.moves.iter().any(|md| {
                Engine::<B>::acts(&md.effects)
                    || matches!(md.kind, MoveKind::Castle { .. })
                    || md.piece.is_some_and(|k| {
                        promos
                            .get(k)
                            .and_then(Option::as_ref)
                            .is_some_and(|p| p.rules.iter().any(|r| Engine::<B>::acts(&r.after)))
                    })
            }),
            board_attacks,
            own_attacks,
            simple_attacks,
            light,
            uses_passing,
            uses_castling,
            end_order: [
                (0..model.ends.len() as u16).collect(),
                (0..model.ends.len() as u16)
                    .filter(|&i| !crate::eval::needs_no_moves(&model.ends[i as usize].cond))
                    .collect(),
            ],
            end_quick: model.ends.iter().map(|e| Quick::new(&e.cond)).collect(),
            part_quick: model
                .parts
                .iter()
                .map(|p| p.cond.as_ref().map(Quick::new))
                .collect(),
            end_reached: model
                .ends
                .iter()
                .map(|e| match &e.cond {
                    Cond::Reached(p, sites, kind) => Some((
                        *p,
                        *kind,
                        std::array::from_fn(|pl| tables::resolve_sites(sites, pl)),
                    )),
                    _ => None,
                })
                .collect(),
            end_men: model
                .ends
                .iter()
                .map(|e| crate::eval::few_men_bound(&e.cond))
                .collect(),
            monotone: tables::one_way(&model),
            castle_kinds,
            zobrist_unmoved,
            castle_mates,
            phase_masks,
            counters: model.counters.clone().into_boxed_slice(),
            model,
            graph,
            rays,
            ray_end,
            line_dir,
            dir_up,
            all,
            gens,
            attacks,
            promos,
            reach_class,
            royal,
            royalish,
            check_rule,
            has_stuck,
            has_parts,
            continues,
            needs_check_history,
            board_reps,
            uses_origin,
            uses_unmoved,
            zobrist,
            zobrist_sorted: zobrist_sorted.into_boxed_slice(),
            zobrist_side,
            zobrist_phase,
            start_count,
            start_kind: start_kind.into_boxed_slice(),
            start_squares,
            start: State::empty(MAX_PLAYERS as u8),
            overlap: [0; MAX_PLAYERS],
            alike: Box::default(),
            same_as: Box::default(),
            draws: Default::default(),
            turn_plans: Default::default(),
            most: Vec::new(),
            kills: Default::default(),
            mobility: Default::default(),
        };
        engine.find_traces();
        engine.find_sets();
        engine.find_overlaps();
        engine.find_alike();
        engine.find_draws();
        for side in 0..engine.players() {
            let phases = engine.model.phases.len();
            engine.turn_plans[side as usize] = (0..=phases)
                .map(|i| {
                    let phase = if i == phases { NORMAL } else { i as u8 };
                    engine.turn_plan(side, phase)
                })
                .collect();
        }
        engine.find_kills();
        let mut st = State::empty(engine.players());
        for p in &engine.model.start {
            st.put(p.sq, p.piece, p.player);
        }
        for &(from, to) in &engine.model.shifts {
            st.shift(from, to);
        }
        for &(p, k, c) in &engine.model.hands {
            st.set_hand(p, k, st.in_hand(p, k).saturating_add(c));
        }
        engine.enter_phase(&mut st, 0);
        st.hash = engine.hash_of(&st);
        engine.remember(&mut st);
        engine.start = st;
        engine
    }
}
