//! `lud::lint::unused_region`: a region no rule names.

use std::collections::HashSet;

use crate::compile::bind::walk;
use crate::compile::decls::Decls;
use crate::compile::ludemes::{Cat, Ty};
use crate::diagnostics::{Problem, UnusedRegion};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    let mut used: HashSet<&str> = HashSet::new();
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, ty| {
        if let (NodeKind::Str(s), Ty::Sites) = (&n.kind, ty) {
            used.insert(s);
        }
    });
    for r in &decls.regions {
        if !used.contains(r.name.as_str()) {
            out.push(UnusedRegion::new(r.span, r.name.clone()).help(format!(
                "name it where squares are wanted, as in `(promote \"{}\" ...)`, or remove it",
                r.name
            )));
        }
    }
}
