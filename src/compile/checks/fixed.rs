//! `lud::lint::fixed_comparison`: a comparison of two numbers written out
//! (`(> 1 2)`, `(= (+ 2 2) 4)`), the same in every position. Judged on the
//! file as written, before options are applied: a comparison of an
//! option's value (`(optionValue ...)`) is a real switch and is not told.

use std::collections::HashSet;

use crate::diagnostics::{FixedComparison, Problem};
use crate::source::Span;
use crate::syntax::ast::{HeadKind, Node, NodeKind};

/// Every comparison of two fixed numbers under `game`, once each (a macro
/// body used twice is told once).
pub(crate) fn check(game: &Node) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut told = HashSet::new();
    visit(game, &mut told, &mut out);
    out
}

fn visit(n: &Node, told: &mut HashSet<Span>, out: &mut Vec<Problem>) {
    match &n.kind {
        NodeKind::Form(f) => {
            if let (HeadKind::Operator, [a, b]) = (f.head_kind, f.args.as_slice()) {
                if let (Some(x), Some(y)) = (fixed(a), fixed(b)) {
                    let holds = match f.head.as_str() {
                        "=" => Some(x == y),
                        "!=" => Some(x != y),
                        "<" => Some(x < y),
                        "<=" => Some(x <= y),
                        ">" => Some(x > y),
                        ">=" => Some(x >= y),
                        _ => None,
                    };
                    if let Some(holds) = holds {
                        if told.insert(n.span) {
                            out.push(told_of(n, holds));
                        }
                        return;
                    }
                }
            }
            for a in &f.args {
                visit(a, told, out);
            }
        }
        NodeKind::List(items) => items.iter().for_each(|i| visit(i, told, out)),
        NodeKind::Named(named) => visit(&named.value, told, out),
        _ => {}
    }
}

fn told_of(n: &Node, holds: bool) -> Problem {
    let value = if holds { "true" } else { "false" };
    FixedComparison::new(n.span, value, n.to_string())
        .origin(n.origin.as_ref())
        .help(format!(
            "it is decided before the game begins, {value} in every position: compare \
             something that changes in play (a count, a score, `(pliesSince ...)`) or \
             an option's value (`(optionValue ...)`), or remove the rule it guards"
        ))
}

/// The number a node always is: a number written out, or a sum or a
/// difference of such (None where it overflows).
fn fixed(n: &Node) -> Option<i64> {
    match &n.kind {
        NodeKind::Int(v) => Some(*v),
        NodeKind::Form(f) if f.head_kind == HeadKind::Operator => {
            match (f.head.as_str(), f.args.as_slice()) {
                ("+", terms) if terms.len() >= 2 => terms
                    .iter()
                    .try_fold(0i64, |sum, t| sum.checked_add(fixed(t)?)),
                ("-", [a, b]) => fixed(a)?.checked_sub(fixed(b)?),
                _ => None,
            }
        }
        _ => None,
    }
}
