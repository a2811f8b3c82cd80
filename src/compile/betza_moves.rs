//! From Betza paths ([`super::betza`]) to move rules: the moves of one atom
//! are grouped by shape into the move kinds the interpreter runs
//! ([`MoveKind`]): a step or leap, a slide or ride, a hop, a blockable path.
//! Both the checker (which reports what cannot be played) and the lowering
//! use this, so they agree.

use std::ops::Range;

use super::betza::{BetzaLeg, BetzaMove, Hop, LegMode};
use super::model::{Hurdle, MoveKind, RelDir, Target};

/// One move rule made from part of a Betza notation.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// How it moves.
    pub kind: MoveKind,
    /// What it may land on.
    pub target: Target,
    /// Only for a piece that has never moved (`i`).
    pub initial: bool,
    /// The bytes of the notation it comes from (its atom).
    pub span: Range<usize>,
}

/// A Betza move the interpreter cannot play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The bytes of the notation (its atom).
    pub span: Range<usize>,
    /// What is not supported.
    pub message: String,
}

/// The relative direction of a unit vector `(right, forward)`.
fn unit_dir(dx: i32, dy: i32) -> Option<RelDir> {
    let k = match (dx, dy) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => return None,
    };
    Some(RelDir::Rel(k))
}

fn target(mode: LegMode) -> Target {
    match mode {
        LegMode::Move => Target::Empty,
        LegMode::Capture => Target::Enemy,
        LegMode::Both | LegMode::Hurdle => Target::NotFriend,
        LegMode::EnPassant => Target::EnPassant,
    }
}

/// The class of a move: moves of one atom in the same class and target are
/// one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Jump,
    Slide(Option<u32>),
    Ride(Option<u32>),
    Hop(Hurdle, Option<u32>),
    Path,
}

fn classify(m: &BetzaMove) -> Result<(Class, Target), String> {
    let (last, before) = m
        .legs
        .split_last()
        .ok_or_else(|| "a move with no leg".to_string())?;
    if before.iter().any(|l| l.mode == LegMode::Capture) {
        return Err(
            "a capture on the way (a locust capture, `c` before `a`) is not supported yet; \
                    only the last leg may capture"
                .into(),
        );
    }
    if before.iter().any(|l| l.mode == LegMode::Hurdle) {
        return Err("jumping a piece on the way (`p` before `a`) is not supported yet".into());
    }
    if before
        .iter()
        .any(|l| l.max != Some(1) || l.hop != Hop::None)
    {
        return Err(
            "a leg that rides before another leg (a bent rider) is not supported yet; \
                    earlier legs must be single steps"
                .into(),
        );
    }
    let t = target(last.mode);
    if !before.is_empty() {
        if last.max != Some(1) || last.hop != Hop::None {
            return Err(
                "a riding or hopping last leg after another leg is not supported yet".into(),
            );
        }
        return Ok((Class::Path, t));
    }
    let unit = unit_dir(last.dx, last.dy).is_some();
    Ok(match (last.hop, last.max) {
        (Hop::Hop, max) => (Class::Hop(Hurdle::Beyond, max), t),
        (Hop::Grasshop, max) => (Class::Hop(Hurdle::Right, max), t),
        (Hop::None, Some(1)) => (Class::Jump, t),
        (Hop::None, max) if unit => (Class::Slide(max), t),
        (Hop::None, max) => (Class::Ride(max), t),
    })
}

/// All eight orientations of the leap `(a, b)`.
fn symmetric(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let p = (x * sx, y * sy);
            if !v.contains(&p) {
                v.push(p);
            }
        }
    }
    v
}

fn same_set(a: &[(i32, i32)], b: &[(i32, i32)]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// The move kind of a group of single-leg moves of one class.
fn kind_of(class: Class, legs: &[BetzaLeg], paths: Vec<Vec<(i32, i32)>>) -> MoveKind {
    let vecs: Vec<(i32, i32)> = legs.iter().map(|l| (l.dx, l.dy)).collect();
    let dirs = || vecs.iter().filter_map(|&(x, y)| unit_dir(x, y)).collect();
    match class {
        Class::Jump => {
            let (a, b) = vecs[0];
            if vecs.iter().all(|&(x, y)| unit_dir(x, y).is_some()) {
                MoveKind::Step(dirs())
            } else if same_set(&vecs, &symmetric(a.abs(), b.abs())) {
                MoveKind::Leap(a.abs(), b.abs())
            } else {
                MoveKind::Jump(vecs)
            }
        }
        Class::Slide(max) => MoveKind::Slide(dirs(), 1, max),
        Class::Ride(max) => MoveKind::Ride(vecs, max),
        Class::Hop(h, max) => MoveKind::Hop(vecs, h, max),
        Class::Path => MoveKind::Path(paths),
    }
}

/// Groups the moves of a notation into move rules, in the order of their
/// atoms; every move the interpreter cannot play is reported.
pub fn shapes(moves: &[BetzaMove]) -> Result<Vec<Shape>, Vec<Unplayable>> {
    // (span, class, target, initial) → the moves' last legs, and their paths.
    type Group = (
        Range<usize>,
        Class,
        Target,
        bool,
        Vec<BetzaLeg>,
        Vec<Vec<(i32, i32)>>,
    );
    let mut groups: Vec<Group> = Vec::new();
    let mut bad = Vec::new();
    for m in moves {
        match classify(m) {
            Ok((class, t)) => {
                let last = *m.legs.last().expect("classified moves have legs");
                let path: Vec<(i32, i32)> = m.legs.iter().map(|l| (l.dx, l.dy)).collect();
                match groups
                    .iter_mut()
                    .find(|g| g.0 == m.span && g.1 == class && g.2 == t && g.3 == m.initial)
                {
                    Some(g) => {
                        g.4.push(last);
                        g.5.push(path);
                    }
                    None => {
                        groups.push((m.span.clone(), class, t, m.initial, vec![last], vec![path]));
                    }
                }
            }
            Err(message) => {
                if !bad
                    .iter()
                    .any(|u: &Unplayable| u.span == m.span && u.message == message)
                {
                    bad.push(Unplayable {
                        span: m.span.clone(),
                        message,
                    });
                }
            }
        }
    }
    if !bad.is_empty() {
        return Err(bad);
    }
    Ok(groups
        .into_iter()
        .map(|(span, class, target, initial, legs, paths)| Shape {
            kind: kind_of(class, &legs, paths),
            target,
            initial,
            span,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::betza::parse;

    fn kinds(text: &str) -> Vec<(MoveKind, Target)> {
        shapes(&parse(text).unwrap())
            .unwrap()
            .into_iter()
            .map(|s| (s.kind, s.target))
            .collect()
    }

    #[test]
    fn classic_pieces_become_the_classic_rules() {
        let orth: Vec<RelDir> = (0..8).step_by(2).map(RelDir::Rel).collect();
        assert_eq!(kinds("N"), vec![(MoveKind::Leap(1, 2), Target::NotFriend)]);
        assert_eq!(kinds("A"), vec![(MoveKind::Leap(2, 2), Target::NotFriend)]);
        assert_eq!(
            kinds("R"),
            vec![(MoveKind::Slide(orth.clone(), 1, None), Target::NotFriend)]
        );
        assert_eq!(kinds("W"), vec![(MoveKind::Step(orth), Target::NotFriend)]);
        assert_eq!(
            kinds("fmWfcF"),
            vec![
                (MoveKind::Step(vec![RelDir::Rel(0)]), Target::Empty),
                (
                    MoveKind::Step(vec![RelDir::Rel(1), RelDir::Rel(7)]),
                    Target::Enemy
                ),
            ]
        );
        assert_eq!(
            kinds("fN"),
            vec![(MoveKind::Jump(vec![(1, 2), (-1, 2)]), Target::NotFriend)]
        );
    }

    #[test]
    fn riders_hoppers_and_lame_leapers() {
        let k = kinds("mRcpR");
        assert!(matches!(k[0], (MoveKind::Slide(_, 1, None), Target::Empty)));
        assert!(
            matches!(k[1], (MoveKind::Hop(ref v, Hurdle::Beyond, None), Target::Enemy) if v.len() == 4)
        );
        assert!(matches!(kinds("NN")[0], (MoveKind::Ride(ref v, None), _) if v.len() == 8));
        assert!(
            matches!(kinds("gQ")[0], (MoveKind::Hop(ref v, Hurdle::Right, None), _) if v.len() == 8)
        );
        match &kinds("nN")[0] {
            (MoveKind::Path(p), Target::NotFriend) => {
                assert_eq!(p.len(), 8);
                assert!(p.contains(&vec![(0, 1), (1, 1)]));
            }
            other => panic!("{other:?}"),
        }
        let sorted = |k: Vec<(MoveKind, Target)>| match k.as_slice() {
            [(MoveKind::Path(p), t)] => {
                let mut p = p.clone();
                p.sort();
                (p, *t)
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(sorted(kinds("nN")), sorted(kinds("mafsW")));
    }

    #[test]
    fn locust_captures_and_bent_riders_are_refused_with_the_atom() {
        let err = shapes(&parse("fcafmF").unwrap()).unwrap_err();
        assert_eq!(err[0].span, 0..6);
        assert!(err[0].message.contains("locust"), "{}", err[0].message);
        assert!(shapes(&parse("mafR").unwrap()).is_err());
    }
}
