//! The engine's shortcuts against the full tests, on every shipped game:
//! check shortcuts, random draws legal and uniform.

use super::{MoveBuf, Scratch, Seen};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::options::Config;
use crate::engine::Engine;
use crate::game::{on_pos, Game};
use crate::moves::Move;
use crate::source::SourceFile;
use crate::state::{Hist, KeyCounts, Line, State, NO_KIND, NO_SQ};

/// Every shipped game under every configuration.
fn every_game() -> Vec<(String, Game)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "lud") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let source = SourceFile::new(path.display().to_string(), &text);
        let Ok(base) = crate::build::compile_with(&source, &Config::default()) else {
            panic!("{} does not compile", path.display());
        };
        for config in base.model().options.all_configs() {
            let Ok(g) = crate::build::compile_with(&source, &config) else {
                panic!("{} {config:?} does not compile", path.display());
            };
            out.push((format!("{} {config:?}", path.display()), g));
        }
    }
    out
}

/// The games of the test fixtures under `tests/fixtures/DIR`, each with its
/// file's name.
fn fixture_games(dir: &str) -> Vec<(String, Game)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        let g = crate::build::compile_str(&name, &std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|_| panic!("{name} does not compile"));
        out.push((name, g));
    }
    out
}

/// Random games per game and configuration.
const SEEDS: u64 = 12;

/// Plays seeded random games and calls `check` on every position.
fn walk(plies: usize, check: &mut dyn FnMut(&str, &Game, &crate::game::Position)) {
    for (name, g) in every_game() {
        for seed in 0..SEEDS {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut pos = g.start();
            for _ in 0..plies {
                check(&name, &g, &pos);
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play_unchecked(moves[rng.usize(..moves.len())]);
            }
        }
    }
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| (m.from, m.to, m.rule, m.promo, m.extra, m.extra_rule));
    v
}

/// The shortcuts of the check test against the test in full: check
/// found from the last move, pinned pieces one by one and all at once,
/// and in check the squares that end it.
fn shortcuts_agree<B: Bits>(name: &str, e: &Engine<B>, st: &State<B>, hist: &[Hist]) {
    // Counting in bulk, and the rules ruled out per node (general_at),
    // against every move tested against every rule.
    let mut every = MoveBuf::new();
    e.general_moves(st, hist, usize::MAX, &mut every);
    assert_eq!(
        e.count_legal(st, hist),
        every.len() as u64,
        "{name}: moves counted in bulk"
    );
    // Listed a start square at a time (the legal squares of a piece found
    // as one set), against every move tested one by one, in the same order.
    let mut listed = MoveBuf::new();
    e.legal_moves(st, hist, &mut listed);
    assert_eq!(
        sorted(listed.clone()),
        sorted(every.clone()),
        "{name}: moves listed"
    );
    if !e.general_at(st, hist, usize::MAX) && e.overlap[st.side as usize] == 0 {
        let lg = e.legality(st);
        let mut one_by_one = MoveBuf::new();
        e.each_pseudo(st, &lg, false, &mut |m, safe| {
            if e.check_rule.is_none() || safe || e.passes_check_in(st, &lg, m) {
                one_by_one.push(m);
            }
            true
        });
        if !one_by_one.is_empty() {
            assert_eq!(listed, one_by_one, "{name}: the order of the moves listed");
        }
    }
    // The general listing (drops cleared as sets written as sets), in
    // order, against every move the rules offer judged in full one by one
    // (where no restriction lapses and no maximum keeps the best).
    let lg = e.legality(st);
    let forbids = e.forbid_list(st, usize::MAX);
    if e.general_at(st, hist, usize::MAX)
        && e.model.maximum.is_none()
        && e.overlap[st.side as usize] == 0
        && !forbids.iter().any(|(_, f)| f.unless_all)
    {
        let parent = e.hist_entry_seen(st, hist, Seen::Unknown, Some(&lg));
        let mut judged = MoveBuf::new();
        for stuck in [false, true] {
            if stuck && (!e.has_stuck || !judged.is_empty()) {
                break;
            }
            e.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                if e.first_refusal(st, hist, parent, m, safe, &forbids, 0, None)
                    .is_none()
                {
                    judged.push(m);
                }
                true
            });
        }
        assert_eq!(every, judged, "{name}: the general listing, in order");
    }
    // A restriction the move alone decides (`passing`, `removing`),
    // decided so, against its condition read on the position made (lapsing
    // ones and games with a maximum too).
    let parent = e.hist_entry_seen(st, hist, Seen::Unknown, Some(&lg));
    for stuck in [false, true] {
        e.each_pseudo(st, &lg, stuck, &mut |m, _| {
            let kind = e.move_kind(st, m);
            for (idx, f) in &forbids {
                if idx.is_some() && *idx == e.check_rule {
                    continue;
                }
                let class = super::gen::move_class(m, kind);
                assert_eq!(f.by_move[class as usize], f.cond.by_move(class));
                if let Some(v) = f.by_move[class as usize] {
                    let mut child = *st;
                    e.make(&mut child, m);
                    let read = crate::eval::Ctx::new(e, &child, hist, Some(parent))
                        .after(st)
                        .in_move(crate::eval::MoveCtx::new(st.side, m.from, m.to, kind))
                        .at_level(idx.unwrap_or(usize::MAX))
                        .cond(&f.cond);
                    assert_eq!(v, read, "{name}: {m:?} decided by the move alone");
                }
            }
            true
        });
    }
    // Every move the rules offer made and judged in full, none deemed safe
    // without a test (pins, traced lines, hurdles).
    if e.check_rule.is_some() && !e.general_at(st, hist, usize::MAX) {
        let lg = e.legality(st);
        let mut made = MoveBuf::new();
        e.each_pseudo(st, &lg, false, &mut |m, _| {
            if e.passes_check(st, m) {
                made.push(m);
            }
            true
        });
        if !made.is_empty() || !e.has_stuck {
            assert_eq!(
                sorted(listed.clone()),
                sorted(made),
                "{name}: moves listed against every move made"
            );
        }
    }
    // The squares attacked, found for a set of squares at once, against
    // each square on its own.
    let occ = st.occupied();
    for by in 0..e.model.players.len() as u8 {
        let among = e.attacked_among(st, e.all, by, occ);
        for q in e.all.iter() {
            assert_eq!(
                among.has(q),
                e.attacked(st, q, by, occ | B::bit(q)),
                "{name}: square {q} attacked by player {by}"
            );
        }
    }
    // The drops cleared as square sets, against each made and judged.
    e.cleared_are_legal(name, st, hist);
    // The end rules told the repetitions by the position's history entry.
    let entry = e.hist_entry(st, hist);
    assert_eq!(
        e.ending_seen(st, hist, None, Seen::Times(entry.reps)),
        e.ending(st, hist, None),
        "{name}: ending knowing the repetitions ({} times)",
        entry.reps
    );
    if e.check_rule.is_none() {
        return;
    }
    let side = st.side;
    let full = e.in_check(st, side);
    assert_eq!(e.in_check_after(st, side), full, "{name}: in check");
    let lg = e.legality_with(st, true);
    if !lg.danger_all {
        let pins = e.pins(st, side);
        for q in st.by_player[side as usize].iter() {
            assert_eq!(
                e.is_pinned(st, side, q),
                pins.has(q),
                "{name}: pinned on {q}"
            );
        }
    }
    if let Some(ev) = lg.evasion {
        let mut legal = MoveBuf::new();
        e.legal_moves(st, hist, &mut legal);
        for m in legal {
            let g = e.gens[side as usize].iter().find(|g| g.rule == m.rule);
            // (A move whose effects move other pieces may end the check
            // elsewhere: pushing the checking piece away.)
            if g.is_some_and(|g| g.bulk && e.moves_plainly(g)) {
                assert!(ev.has(m.to), "{name}: a legal move off the evasion squares");
            }
        }
    }
}

/// Comparisons of every kind of number the ready form reads with
/// constants (the extremes included), either way round, and their
/// combinations.
fn sample_conditions() -> Vec<crate::compile::model::Cond> {
    use crate::compile::model::{CmpOp, Cond, IntExpr, PlayerRef, SiteRef};
    let nums = [
        IntExpr::Count(PlayerRef::Mover, None),
        IntExpr::Count(PlayerRef::Next, Some(0)),
        IntExpr::InHand(PlayerRef::Mover, None),
        IntExpr::InHand(PlayerRef::Opponent, Some(0)),
        IntExpr::Score(PlayerRef::Fixed(1)),
        IntExpr::PliesSince(0),
    ];
    let lits = [i64::MIN, -1, 0, 1, 3, 9, 16, i64::MAX];
    let ops = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
    ];
    let mut out = Vec::new();
    for n in &nums {
        for &l in &lits {
            for &op in &ops {
                out.push(Cond::Cmp(op, n.clone(), IntExpr::Lit(l)));
                out.push(Cond::Cmp(op, IntExpr::Lit(l), n.clone()));
            }
        }
        out.push(Cond::Cmp(CmpOp::Lt, n.clone(), nums[0].clone()));
    }
    let few = out.len();
    for i in (0..few).step_by(7) {
        let (a, b) = (out[i].clone(), out[(i * 5 + 3) % few].clone());
        out.push(Cond::And(vec![a.clone(), b.clone()]));
        out.push(Cond::Or(vec![a.clone(), Cond::Not(Box::new(b.clone()))]));
        out.push(Cond::And(vec![a, Cond::InLine(SiteRef::To), b]));
    }
    out.push(Cond::InLine(SiteRef::To));
    out.push(Cond::Not(Box::new(Cond::InLine(SiteRef::To))));
    out
}

/// The conditions made ready ([`crate::eval::Quick`]) against the same
/// conditions judged as written: the game's own (end rules, and the
/// conditions of moves that read nothing of the move) and `samples`, for
/// a move of the player who moved last to an occupied square and to none.
fn ready_conditions_agree<B: Bits>(
    name: &str,
    e: &Engine<B>,
    st: &State<B>,
    hist: &[Hist],
    samples: &[crate::compile::model::Cond],
) {
    use crate::eval::{Ctx, MoveCtx, Quick};
    for (i, end) in e.model.ends.iter().enumerate() {
        let ctx = Ctx::new(e, st, hist, None);
        assert_eq!(
            ctx.quick(&e.end_quick[i]),
            Ctx::new(e, st, hist, None).cond(&end.cond),
            "{name}: end rule {i}"
        );
    }
    let side = st.side;
    for g in e.gens[side as usize].iter().filter(|g| g.guard_fixed) {
        let (Some(c), Some(q)) = (&g.guard, &g.quick) else {
            panic!("{name}: a condition not made ready");
        };
        let ctx = || Ctx::new(e, st, &[], None).in_move(MoveCtx::new(side, NO_SQ, NO_SQ, g.piece));
        assert_eq!(ctx().quick(q), ctx().cond(c), "{name}: {c:?}");
    }
    for to in st.occupied().iter().take(1).chain([NO_SQ]) {
        let ctx =
            || Ctx::new(e, st, hist, None).in_move(MoveCtx::new(st.mover, NO_SQ, to, NO_KIND));
        for c in samples {
            assert_eq!(ctx().quick(&Quick::new(c)), ctx().cond(c), "{name}: {c:?}");
        }
    }
}

#[test]
fn conditions_made_ready_judge_as_written() {
    let samples = sample_conditions();
    let mut positions = 0;
    walk(120, &mut |name, _, pos| {
        positions += 1;
        // The samples at one position in 16 (they are many).
        let samples = if positions % 16 == 0 {
            &samples[..]
        } else {
            &[]
        };
        on_pos!(&pos.0, |e, s, h| ready_conditions_agree(
            name, e, s, h, samples
        ));
    });
    assert!(positions > 1000, "{positions} positions");
}

#[test]
fn the_shortcuts_agree_with_the_full_tests() {
    let mut positions = 0;
    walk(200, &mut |name, _, pos| {
        positions += 1;
        on_pos!(&pos.0, |e, s, h| shortcuts_agree(name, e, s, h));
    });
    assert!(positions > 1000, "{positions} positions");
}

#[test]
fn a_random_move_is_legal_and_there_is_one_when_there_are_legal_moves() {
    // One scratch space per size of board, shared by every game and
    // position in turn (what it keeps must follow them).
    let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
    walk(60, &mut |name, _, pos| {
        on_pos!(&pos.0, |e, s, h| {
            let scratch = scratch_for(&mut scratches, e);
            let mut buf = MoveBuf::new();
            e.legal_moves(s, h, &mut buf);
            let legal = sorted(buf);
            let mut rng = fastrand::Rng::with_seed(u64::from(s.ply));
            for _ in 0..4 {
                let m = e.random_move(s, h, scratch, &mut |n| rng.usize(..n));
                match m {
                    Some(m) => assert!(legal.contains(&m), "{name}: {m:?} is not legal"),
                    None => assert!(legal.is_empty(), "{name}: no move drawn"),
                }
            }
        });
    });
}

/// Plays in `pos` a move drawn at random (with the scratch space of
/// `scratches` for its board), after checking that it is one of `legal`.
fn play_drawn(
    name: &str,
    pos: &mut crate::game::Position,
    legal: &[Move],
    scratches: &mut Vec<Box<dyn std::any::Any>>,
    rng: &mut fastrand::Rng,
) {
    let m = on_pos!(&pos.0, |e, s, h| e.random_move(
        s,
        h,
        scratch_for(scratches, e),
        &mut |k| rng.usize(..k)
    ));
    let m = m.expect("a move drawn where there are legal moves");
    assert!(legal.contains(&m), "{name}: {m:?} is not legal");
    pos.play_unchecked(m);
}

/// The scratch space for engines of `e`'s board size in `all`.
fn scratch_for<'a, B: Bits + 'static>(
    all: &'a mut Vec<Box<dyn std::any::Any>>,
    _e: &crate::engine::Engine<B>,
) -> &'a mut Scratch<B> {
    let i = match all.iter().position(|x| x.is::<Scratch<B>>()) {
        Some(i) => i,
        None => {
            all.push(Box::new(Scratch::<B>::default()));
            all.len() - 1
        }
    };
    all[i].downcast_mut().expect("found by its type")
}

/// Draws many moves in one position and checks that each legal move
/// comes up about as often as the others (within six standard
/// deviations of the binomial count).
/// The scratch space in `scratches` is the one the game was played
/// with so far (what it keeps must follow the position).
fn draws_uniformly(
    name: &str,
    pos: &crate::game::Position,
    scratches: &mut Vec<Box<dyn std::any::Any>>,
) {
    on_pos!(&pos.0, |e, s, h| {
        let mut buf = MoveBuf::new();
        e.legal_moves(s, h, &mut buf);
        let legal = sorted(buf);
        let n = 200 * legal.len();
        let mut counts = vec![0usize; legal.len()];
        let scratch = scratch_for(scratches, e);
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..n {
            let m = e
                .random_move(s, h, scratch, &mut |k| rng.usize(..k))
                .unwrap();
            let key = |x: &Move| (x.from, x.to, x.rule, x.promo, x.extra, x.extra_rule);
            counts[legal.binary_search_by_key(&key(&m), key).unwrap()] += 1;
        }
        let p = 1.0 / legal.len() as f64;
        let mean = n as f64 * p;
        let sd = (n as f64 * p * (1.0 - p)).sqrt();
        for (m, &c) in legal.iter().zip(&counts) {
            assert!(
                // `<=`: with one legal move there is no spread at all.
                (c as f64 - mean).abs() <= 6.0 * sd,
                "{name}: {m:?} drawn {c} times, expected about {mean:.0}"
            );
        }
    });
}

#[test]
fn a_scratch_space_serves_one_engine_after_another() {
    // The start positions of every game, each after the others, twice
    // round, drawn with one scratch space per size of board: what it
    // keeps for one game must not serve another.
    let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
    let games: Vec<_> = every_game()
        .into_iter()
        .filter(|(name, _)| name.ends_with("Config { ruleset: None, options: [] }"))
        .collect();
    for (name, g) in games.iter().chain(games.iter().rev()) {
        draws_uniformly(name, &g.start(), &mut scratches);
    }
    // Two games alike but for how far the piece moves: the same squares,
    // and not the same bounds.
    for reach in [
        "(step Orthogonal)",
        "(slide Orthogonal)",
        "(step Orthogonal)",
    ] {
        let text = crate::EXAMPLE
            .replace("(square 3)", "(square 8)")
            .replace("c3)}", "h8) (place White \"Rook\" d4)}")
            .replace(
                "(step All))",
                &format!("(step All))\n(piece \"Rook\" \"R\" {reach})"),
            );
        let g = crate::build::compile_str("t.lud", &text).expect("it compiles");
        draws_uniformly(reach, &g.start(), &mut scratches);
    }
}

/// The check rule's shortcuts, the stalemate rule's bound and the random
/// draws, against the full tests, in the small games of
/// `tests/fixtures/check`: moves whose effects move other pieces (pushes
/// that open a line to the royal piece, or push the checking piece away,
/// a flip that takes every move of the next player; drops, which only
/// block a check), in check and out of it.
#[test]
fn shortcuts_and_draws_agree_with_the_full_tests_where_effects_move_other_pieces() {
    let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
    let mut files = 0;
    for (name, g) in fixture_games("check") {
        files += 1;
        // Every position one move from the start, then random games.
        let start = g.start();
        for m in start.legal_moves() {
            let mut pos = start.clone();
            pos.play_unchecked(m);
            on_pos!(&pos.0, |e, s, h| shortcuts_agree(&name, e, s, h));
        }
        for seed in 0..20 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut pos = g.start();
            for _ in 0..12 {
                on_pos!(&pos.0, |e, s, h| shortcuts_agree(&name, e, s, h));
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                // Every legal move drawn about as often, no other.
                if seed == 0 && moves.len() > 1 {
                    draws_uniformly(&name, &pos, &mut scratches);
                }
                play_drawn(&name, &mut pos, &moves, &mut scratches, &mut rng);
            }
        }
    }
    assert!(files >= 9, "{files} games");
}

#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    // In every game: a position some moves in, and the first in check
    // with a choice of moves (drawn among the moves that end it).
    let mut in_check = 0;
    let mut down_to_three = 0;
    // The games are played by random draws too, with one scratch space
    // per size of board, so that the draws judged find it as a game
    // (and the game before) left it.
    let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
    for (name, g) in every_game() {
        if !name.ends_with("Config { ruleset: None, options: [] }") {
            continue;
        }
        let mut rng = fastrand::Rng::with_seed(3);
        let mut pos = g.start();
        let mut checked = false;
        let mut thinned = false;
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            if (ply == 6 || ply == 60) && moves.len() > 1 {
                draws_uniformly(&name, &pos, &mut scratches);
            }
            // A player down to a few pieces and none in hand (where rules
            // whose condition counts them take over, drawn in bulk).
            let few = on_pos!(&pos.0, |_e, s, _h| s.by_player[s.side as usize].count()
                == 3
                && s.hand_total(s.side) == 0
                && s.part == 0);
            if !thinned && few && moves.len() > 1 {
                draws_uniformly(&name, &pos, &mut scratches);
                thinned = true;
                down_to_three += 1;
            }
            if !checked && pos.in_check() && moves.len() > 1 {
                draws_uniformly(&name, &pos, &mut scratches);
                checked = true;
                in_check += 1;
            }
            play_drawn(&name, &mut pos, &moves, &mut scratches, &mut rng);
        }
    }
    assert!(in_check >= 3, "only {in_check} games reached a check");
    assert!(down_to_three >= 1, "no game came down to three pieces");
}

/// Random games as the playouts play them, the repetitions of each
/// position counted from a [`KeyCounts`] kept in step with the history
/// (one table for every game of a board size, emptied between games, so
/// that what it keeps must follow them), against a search back through
/// the history. A [`Line`] kept in step too must never call a position
/// new that has occurred, and, cut back, must filter as one built afresh.
fn counted_games<B: Bits>(
    name: &str,
    e: &Engine<B>,
    start: &State<B>,
    hist0: &[Hist],
) -> (u64, u64) {
    let mut counts = KeyCounts::default();
    let mut scratch = Scratch::default();
    let (mut positions, mut repeated) = (0, 0);
    for seed in 0..SEEDS {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut st = *start;
        let mut hist = hist0.to_vec();
        counts.hold(&hist, e.monotone);
        let mut line = Line::default();
        for h in hist0 {
            line.push(*h, e.monotone);
        }
        for _ in 0..400 {
            let entry = e.hist_entry_seen(&st, &hist, Seen::Counted(&counts), None);
            assert_eq!(entry, e.hist_entry(&st, &hist), "{name}: ply {}", st.ply);
            let new = !line.may_hold(st.hash, st.men(), e.monotone);
            assert!(
                !new || entry.reps == 1,
                "{name}: ply {}: called new",
                st.ply
            );
            assert_eq!(
                entry,
                e.hist_entry_seen(
                    &st,
                    &line,
                    if new { Seen::New } else { Seen::Unknown },
                    None
                ),
                "{name}: ply {}",
                st.ply
            );
            // The end rules, told the repetitions each way, as when they
            // count them.
            let ending = e.ending(&st, &hist, None);
            let told = [
                ("the counted keys", Seen::Counted(&counts)),
                ("its entry", Seen::Times(entry.reps)),
            ];
            for (how, seen) in told.into_iter().chain(new.then_some(("new", Seen::New))) {
                assert_eq!(
                    e.ending_seen(&st, &hist, None, seen),
                    ending,
                    "{name}: ply {}: ending told the repetitions by {how}",
                    st.ply
                );
            }
            positions += 1;
            repeated += u64::from(entry.reps > 1);
            let Some(m) = e.random_move(&st, &hist, &mut scratch, &mut |n| rng.usize(..n)) else {
                break;
            };
            if e.ending_seen(&st, &hist, Some(true), Seen::Times(entry.reps))
                .is_some()
            {
                break;
            }
            hist.push(entry);
            counts.add(&entry, e.monotone);
            line.push(entry, e.monotone);
            e.make(&mut st, m);
        }
        let half = hist.len() / 2;
        let mut fresh = Line::default();
        for h in &hist[..half] {
            fresh.push(*h, e.monotone);
        }
        line.truncate(half, e.monotone);
        assert_eq!(line, fresh, "{name}: cut back to {half} entries");
    }
    (positions, repeated)
}

#[test]
fn repetitions_counted_as_the_game_goes_match_a_search_of_the_history() {
    let (mut positions, mut repeated) = (0, 0);
    for (name, g) in every_game() {
        let start = g.start();
        let (p, r) = on_pos!(&start.0, |e, s, h| counted_games(&name, e, s, h));
        positions += p;
        repeated += r;
    }
    assert!(positions > 10_000, "{positions} positions");
    assert!(repeated > 100, "{repeated} repeated positions");
}

/// The fewest empty squares that would join `from` to `to` for `mine`, by
/// a plain shortest-path search over the board's neighbours (a deque: a
/// square of `mine` costs nothing, an empty one costs 1, any other is a
/// wall).
fn distance_by_search<B: Bits>(e: &Engine<B>, mine: B, open: B, from: B, to: B) -> Option<u32> {
    use std::collections::VecDeque;
    let b = e.board();
    let mut best = vec![u32::MAX; e.squares()];
    let mut queue = VecDeque::new();
    // Reaching `q` at cost `base` plus what `q` costs.
    let reach = |q: Sq, base: u32, best: &mut [u32], queue: &mut VecDeque<Sq>| {
        let step = if mine.has(q) {
            0
        } else if open.has(q) {
            1
        } else {
            return;
        };
        if base + step < best[q as usize] {
            best[q as usize] = base + step;
            if step == 0 {
                queue.push_front(q);
            } else {
                queue.push_back(q);
            }
        }
    };
    for q in from.iter() {
        reach(q, 0, &mut best, &mut queue);
    }
    while let Some(q) = queue.pop_front() {
        let base = best[q as usize];
        for d in crate::compile::board::Dir::ALL {
            if let Some(r) = b.step(q, d) {
                reach(r, base, &mut best, &mut queue);
            }
        }
    }
    to.iter()
        .map(|q| best[q as usize])
        .filter(|&c| c != u32::MAX)
        .min()
}

/// [`Engine::connect_distance`] and [`Engine::connected`] against the
/// search, at one position: each player, between the first and the last
/// rank, and between the first and the last file. Returns the checks made.
fn distances_agree<B: Bits>(name: &str, e: &Engine<B>, s: &State<B>) -> usize {
    let b = e.board();
    let side = |f: &dyn Fn(u32, u32) -> bool| {
        (0..e.squares() as Sq)
            .filter(|&q| f(b.cell(q).x, b.cell(q).y))
            .fold(B::ZERO, |m, q| m | B::bit(q))
    };
    let (w, h) = (b.width, b.height);
    let pairs = [
        (side(&|_, y| y == 0), side(&|_, y| y == h - 1)),
        (side(&|x, _| x == 0), side(&|x, _| x == w - 1)),
    ];
    let open = e.all & !s.occupied();
    let mut checked = 0;
    for p in 0..e.players() as usize {
        for &(from, to) in &pairs {
            let mine = s.by_player[p];
            assert_eq!(
                e.connect_distance(mine, open, from, to),
                distance_by_search(e, mine, open, from, to),
                "{name}: player {p}"
            );
            assert_eq!(
                e.connected(mine, from, to),
                distance_by_search(e, mine, B::ZERO, from, to) == Some(0),
                "{name}: player {p} joined"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_distance_to_a_chain_is_the_shortest_path_through_empty_squares() {
    // Every shipped game (Hex's hexagons among them), along random games.
    let mut checked = 0;
    walk(200, &mut |name, _, pos| {
        checked += on_pos!(&pos.0, |e, s, _h| distances_agree(name, e, s));
    });
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn moves_listed_as_their_codes_are_the_moves_listed_then_coded() {
    // Every shipped game and configuration, along seeded random games: the
    // listing that makes each move's code as it finds it (`SmallCodes`)
    // gives the codes of the moves the listing of moves gives, in their
    // order, and the same result; or says a code does not fit exactly where
    // one does not.
    // The codes are appended after those of the position before, which
    // stay as they were.
    let (mut codes, mut moves) = (Vec::new(), Vec::new());
    let (mut listed, mut wide) = (0, 0);
    walk(200, &mut |name, _, pos| {
        let outcome = pos.moves_and_outcome_into(&mut moves);
        let small: Option<Vec<i64>> = moves.iter().map(|m| m.small_code()).collect();
        let before = codes.clone();
        let listing = pos.append_small_codes_and_outcome(&mut codes);
        let (kept, new) = codes.split_at(before.len().min(codes.len()));
        assert_eq!(kept, before, "{name}: {pos}");
        match (listing, small) {
            (crate::game::Listed::Codes(o), Some(small)) => {
                assert_eq!(new, small, "{name}: {pos}");
                assert_eq!(o, outcome, "{name}: {pos}");
                listed += 1;
            }
            (crate::game::Listed::TooWide, None) => {
                assert!(new.is_empty(), "{name}: {pos}");
                wide += 1;
            }
            (l, _) => panic!("{name}: {pos}: {l:?} against {} moves", moves.len()),
        }
        // A list that keeps growing would test nothing new: start again now
        // and then, keeping the last few codes it held.
        if codes.len() > 64 {
            codes.drain(..codes.len() - 3);
        }
    });
    assert!(
        listed > 1000 && wide > 100,
        "{listed} listed, {wide} too wide"
    );
}

#[test]
fn drops_cleared_as_square_sets_are_the_ones_the_restrictions_allow() {
    // Games of drops under restrictions (suicide, positional superko)
    // whose shapes the shortcut must read as the full test does:
    // directions one way only, kinds, hands, hexagons, kos, removals
    // bringing boards back. Random games, every position checked (the
    // listing against every move made, and each cleared move made and
    // judged).
    let (mut files, mut clear, mut found, mut refused) = (0, 0, 0, 0);
    for (name, g) in fixture_games("forbid") {
        files += 1;
        for seed in 0..30 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut pos = g.start();
            for _ in 0..80 {
                on_pos!(&pos.0, |e, s, h| {
                    shortcuts_agree(&name, e, s, h);
                    let (c, f, r) = e.cleared_are_legal(&name, s, h);
                    clear += c;
                    found += f;
                    refused += r;
                });
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play_unchecked(moves[rng.usize(..moves.len())]);
            }
        }
    }
    assert!(files >= 5, "{files} games");
    assert!(
        clear > 1000 && found > 100 && refused > 100,
        "{clear} cleared, {found} found refused, {refused} refused otherwise"
    );
}

#[test]
fn a_drop_is_not_a_removal() {
    // `(removing)` exempts removals from the suicide rule, not drops: a
    // stone dropped into a corner held by the other player is refused,
    // one dropped next to an empty point is not, and the corner's stones
    // may still be removed.
    let g = crate::build::compile_str(
        "drop-remove",
        r#"(game "Drops and removals"
            (players {(player "A" N) (player "B" S)})
            (equipment {(board (square 3)) (piece "Stone" "S")})
            (rules
                (start {})
                (play
                    (drop "Stone" (everywhere))
                    (remove (everywhere))
                    (forbid (and (not (removing)) (= (liberties (to) Orthogonal) 0))
                        reason:"suicide"))
                (end {(if (noMoves Next) (draw "no moves"))})))"#,
    )
    .unwrap_or_else(|_| panic!("the game compiles"));
    let mut pos = g.start();
    let mut rule = 0;
    // A on 8 and 7, B on 1 and 3: the corner 0 is B's.
    for to in [8, 1, 7, 3] {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to == to && m.from == NO_SQ && pos.piece_at(to.into()).is_none())
            .unwrap_or_else(|| panic!("a drop on {to}"));
        rule = m.rule;
        pos.play_unchecked(m);
    }
    // Judged in full, as the listing judges what its square sets leave.
    on_pos!(&pos.0, |e, s, h| {
        let forbids = e.forbid_list(s, usize::MAX);
        let parent = e.hist_entry(s, h);
        let refusal = |to| {
            let m = Move::new(NO_SQ, to, rule, crate::moves::NO_PIECE);
            e.first_refusal(s, h, parent, m, false, &forbids, 0, None)
        };
        assert_eq!(refusal(0), Some(0), "the drop into the corner");
        assert_eq!(refusal(2), None, "the drop next to an empty point");
    });
    let moves = pos.legal_moves();
    let empty_to = |q: Sq| pos.piece_at(q.into()).is_none() && moves.iter().any(|m| m.to == q);
    assert!(!empty_to(0), "a drop into the corner is refused: {moves:?}");
    assert!(empty_to(2), "a drop next to an empty point is allowed");
    assert!(
        moves.iter().any(|m| m.to == 1),
        "a stone of the corner may be removed"
    );
}
