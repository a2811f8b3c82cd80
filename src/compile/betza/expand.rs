//! Expanding resolved legs into concrete paths: every direction and mode,
//! lame leaps as their one-square steps.

use super::atoms::Shape;
use super::read::Plan;
use super::{BetzaLeg, Hop, LegMode, MAX_MOVES_PER_ATOM};

/// Walks every direction and mode of leg `k` and the legs after it, adding
/// each finished path to `out`. False when there would be too many.
pub(super) fn expand(
    shape: Shape,
    max: Option<u32>,
    plans: &[Plan],
    k: usize,
    previous: usize,
    acc: &mut Vec<BetzaLeg>,
    out: &mut Vec<Vec<BetzaLeg>>,
) -> bool {
    let Some(plan) = plans.get(k) else {
        return true;
    };
    for turn in 0..8 {
        if plan.mask & (1 << turn) == 0 {
            continue;
        }
        let index = if k == 0 { turn } else { (previous + turn) % 8 };
        let (dx, dy) = shape.step(index);
        for &(mode, hop) in &plan.endings {
            let len = acc.len();
            push_leg(acc, dx, dy, max, mode, hop, plan.lame);
            if k + 1 == plans.len() {
                if out.len() >= MAX_MOVES_PER_ATOM {
                    return false;
                }
                out.push(acc.clone());
            } else if !expand(shape, max, plans, k + 1, index, acc, out) {
                return false;
            }
            acc.truncate(len);
        }
    }
    true
}

/// Adds one leg, as its lame path when it is a lame leap.
fn push_leg(
    acc: &mut Vec<BetzaLeg>,
    dx: i32,
    dy: i32,
    max: Option<u32>,
    mode: LegMode,
    hop: Hop,
    lame: bool,
) {
    let leg = |dx, dy, max, mode, hop| BetzaLeg {
        dx,
        dy,
        min: 1,
        max,
        mode,
        hop,
    };
    if !lame || dx.abs().max(dy.abs()) <= 1 {
        acc.push(leg(dx, dy, max, mode, hop));
        return;
    }
    let path = lame_path(dx, dy);
    let whole = (dx, dy);
    let (last, before) = path.split_last().unwrap_or((&whole, &[]));
    for &(sx, sy) in before {
        acc.push(leg(sx, sy, Some(1), LegMode::Move, Hop::None));
    }
    acc.push(leg(last.0, last.1, Some(1), mode, hop));
}

/// The one-square steps of a lame leap: straight while the remaining leap is
/// longer that way, diagonal once it is square (Fairy-Stockfish's path).
pub(super) fn lame_path(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (0, 0);
    let mut steps = Vec::new();
    while (x, y) != (dx, dy) {
        let (rx, ry) = (dx - x, dy - y);
        let step = match (rx.abs()).cmp(&ry.abs()) {
            std::cmp::Ordering::Greater => (rx.signum(), 0),
            std::cmp::Ordering::Less => (0, ry.signum()),
            std::cmp::Ordering::Equal => (rx.signum(), ry.signum()),
        };
        x += step.0;
        y += step.1;
        steps.push(step);
    }
    steps
}
