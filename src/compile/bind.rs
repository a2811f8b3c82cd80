//! Matching a form's arguments to its ludeme's parameters, and the typed walk
//! over a tree that every check uses.

use super::ludemes::{lookup, Arity, Cat, Ludeme, Ty};
use crate::syntax::ast::{Form, HeadKind, Node, NodeKind};

/// A form's arguments, slot by slot in the order of the ludeme's parameters.
#[derive(Debug)]
pub struct Bound<'a> {
    /// The ludeme.
    pub ludeme: &'static Ludeme,
    /// For each parameter, the argument nodes given for it (for `key:value`
    /// arguments, the value).
    pub slots: Vec<Vec<&'a Node>>,
}

/// A mismatch between a form and its ludeme's signature.
#[derive(Debug)]
pub enum BindError<'a> {
    /// A required positional parameter has no argument.
    Missing(usize),
    /// A positional argument beyond the last parameter.
    Extra(&'a Node),
    /// A `key:` the ludeme does not have.
    UnknownKey(&'a Node),
    /// A `key:` given twice.
    DuplicateKey(&'a Node),
}

impl<'a> Bound<'a> {
    /// The first argument given for the parameter `name`.
    pub fn one(&self, name: &str) -> Option<&'a Node> {
        self.slot(name).and_then(|s| s.first().copied())
    }

    /// Every value given for `name`, lists opened up: for a `List` parameter
    /// the list's items, for a `Rest` parameter all its arguments.
    pub fn all(&self, name: &str) -> Vec<&'a Node> {
        let Some(idx) = self.ludeme.params.iter().position(|p| p.name == name) else {
            return Vec::new();
        };
        let p = &self.ludeme.params[idx];
        let mut out = Vec::new();
        for n in &self.slots[idx] {
            if p.arity == Arity::List {
                out.extend(n.items().iter());
            } else {
                out.push(*n);
            }
        }
        out
    }

    fn slot(&self, name: &str) -> Option<&Vec<&'a Node>> {
        let idx = self.ludeme.params.iter().position(|p| p.name == name)?;
        self.slots.get(idx)
    }
}

/// Matches `form`'s arguments to `ludeme`'s parameters.
pub fn bind<'a>(form: &'a Form, ludeme: &'static Ludeme) -> (Bound<'a>, Vec<BindError<'a>>) {
    let params = ludeme.params;
    let mut slots: Vec<Vec<&'a Node>> = vec![Vec::new(); params.len()];
    let mut errors = Vec::new();
    let positional: Vec<usize> = (0..params.len()).filter(|&i| !params[i].named).collect();
    let mut next = 0; // index into `positional`
    for arg in &form.args {
        if let NodeKind::Named(nm) = &arg.kind {
            match params.iter().position(|p| p.named && p.name == nm.key) {
                Some(i) if slots[i].is_empty() => slots[i].push(&nm.value),
                Some(_) => errors.push(BindError::DuplicateKey(arg)),
                None => errors.push(BindError::UnknownKey(arg)),
            }
            continue;
        }
        match positional.get(next) {
            Some(&i) => {
                slots[i].push(arg);
                if params[i].arity != Arity::Rest {
                    next += 1;
                }
            }
            None => errors.push(BindError::Extra(arg)),
        }
    }
    for &i in &positional {
        if (params[i].arity == Arity::One || params[i].arity == Arity::List) && slots[i].is_empty()
        {
            errors.push(BindError::Missing(i));
        }
    }
    (Bound { ludeme, slots }, errors)
}

/// The ludeme of a form, if its head names one (macro uses that could not be
/// expanded have none).
pub fn ludeme_of(form: &Form) -> Option<&'static Ludeme> {
    match form.head_kind {
        HeadKind::Macro => None,
        _ => lookup(&form.head),
    }
}

/// Calls `f(node, ty)` for every argument node in the tree under `node`
/// together with the type its parameter expects, `node` itself first with
/// `ty`. List arguments are visited item by item, and so are the items of a
/// list of squares (`{a1 "Region" (rank 2)}`), each as squares: every place
/// squares are written is visited. Forms that do not bind cleanly are still
/// walked, argument by argument, as far as they match.
pub fn walk<'a>(node: &'a Node, ty: Ty, f: &mut impl FnMut(&'a Node, Ty)) {
    f(node, ty);
    if let (NodeKind::List(items), Ty::Sites) = (&node.kind, ty) {
        for it in items {
            walk(it, Ty::Sites, f);
        }
        return;
    }
    if let NodeKind::Form(form) = &node.kind {
        let Some(l) = ludeme_of(form) else { return };
        let (bound, _) = bind(form, l);
        for (p, slot) in l.params.iter().zip(&bound.slots) {
            for n in slot {
                if p.arity == Arity::List {
                    if let NodeKind::List(items) = &n.kind {
                        for it in items {
                            walk(it, p.ty, f);
                        }
                        continue;
                    }
                }
                walk(n, p.ty, f);
            }
        }
    }
}

/// Every form of a category under `node` (the `(piece ...)` forms, say), in order.
pub fn forms_of(root: &Node, cat: Cat) -> Vec<(&Form, &Node)> {
    let mut out = Vec::new();
    walk(root, Ty::Of(&[Cat::Game]), &mut |n, _| {
        if let NodeKind::Form(f) = &n.kind {
            if ludeme_of(f).is_some_and(|l| l.cat == cat) {
                out.push((f, n));
            }
        }
    });
    out
}
