//! Every form names a ludeme of the catalogue and gives it the arguments its
//! signature asks for, each of the right type.

use crate::compile::bind::{bind, BindError};
use crate::compile::ludemes::{
    describe_ty, lookup, Arity, Cat, Ludeme, Param, Ty, DIRECTION, EVENTS, LUDEMES,
};
use crate::diagnostics::{
    suggest, DuplicateNamedArgument, EmptyList, ExtraArgument, MissingArgument, Problem,
    UnknownConstant, UnknownLudeme, UnknownNamedArgument, WrongType,
};
use crate::source::Span;
use crate::syntax::ast::{Form, HeadKind, Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    visit(game, out);
}

fn visit(node: &Node, out: &mut Vec<Problem>) {
    match &node.kind {
        NodeKind::Form(f) => {
            check_form(node, f, out);
            for a in &f.args {
                visit(a, out);
            }
        }
        NodeKind::List(items) => items.iter().for_each(|i| visit(i, out)),
        NodeKind::Named(nm) => visit(&nm.value, out),
        _ => {}
    }
}

fn check_form(node: &Node, f: &Form, out: &mut Vec<Problem>) {
    if f.head_kind == HeadKind::Macro {
        return; // an unknown macro, already reported
    }
    let Some(l) = lookup(&f.head) else {
        out.push(
            UnknownLudeme::new(f.head_span, f.head.clone())
                .origin(node.origin.as_ref())
                .maybe_help(
                    suggest(&f.head, LUDEMES.iter().map(|l| l.name))
                        .or_else(|| Some("see `lud doc` for every ludeme".into())),
                ),
        );
        return;
    };
    let (bound, errors) = bind(f, l);
    for e in errors {
        out.push(match e {
            BindError::Missing(i) => {
                let p = &l.params[i];
                let end = node.span.end as usize;
                MissingArgument::new(
                    Span::new(end.saturating_sub(1), end),
                    l.name,
                    format!("<{}>, {}", p.name, describe_ty(p.ty)),
                )
                .origin(node.origin.as_ref())
                .note(f.head_span, format!("`{}` takes {}", l.name, l.signature()))
                .help(format!("add {}: {}", p.name, p.doc))
            }
            BindError::Extra(n) => ExtraArgument::new(n.span, l.name, n.describe())
                .origin(n.origin.as_ref())
                .help(format!(
                    "`{}` takes {}; remove this argument",
                    l.name,
                    l.signature()
                )),
            BindError::UnknownKey(n) => {
                let key = match &n.kind {
                    NodeKind::Named(nm) => nm.key.clone(),
                    _ => String::new(),
                };
                let keys = l.params.iter().filter(|p| p.named).map(|p| p.name);
                let help = suggest(&key, keys.clone()).map_or_else(
                    || {
                        let ks: Vec<_> = keys.map(|k| format!("`{k}:`")).collect();
                        if ks.is_empty() {
                            format!("`{}` takes no named argument", l.name)
                        } else {
                            format!("`{}` takes {}", l.name, ks.join(", "))
                        }
                    },
                    |s| format!("{s} (`{}` takes {})", l.name, l.signature()),
                );
                let span = match &n.kind {
                    NodeKind::Named(nm) => nm.key_span,
                    _ => n.span,
                };
                UnknownNamedArgument::new(span, l.name, key)
                    .origin(n.origin.as_ref())
                    .help(help)
            }
            BindError::DuplicateKey(n) => {
                let (key, span) = match &n.kind {
                    NodeKind::Named(nm) => (nm.key.clone(), nm.key_span),
                    _ => (String::new(), n.span),
                };
                DuplicateNamedArgument::new(span, key)
                    .origin(n.origin.as_ref())
                    .help("give each named argument once; remove one of them")
            }
        });
    }
    for (p, slot) in l.params.iter().zip(&bound.slots) {
        for n in slot {
            if p.arity == Arity::List {
                if let NodeKind::List(items) = &n.kind {
                    if items.is_empty() {
                        if let Some(p) = empty_list(l, p, n) {
                            out.push(p);
                        }
                    }
                    for it in items {
                        check_type(it, p.ty, Some(l), out);
                    }
                    continue;
                }
            }
            check_type(n, p.ty, Some(l), out);
        }
    }
}

/// The problem with an empty list `n` given for `p` of `l`, where the
/// list must name something: directions (a move or a pattern along none
/// never moves or matches), the pieces a pattern selects (`piece:{}`
/// selects none, where leaving it out selects every kind), what a
/// promotion may become.
fn empty_list(l: &Ludeme, p: &Param, n: &Node) -> Option<Problem> {
    let (means, help) = match p.ty {
        Ty::Const(c) if c.name == DIRECTION.name => (
            "it goes along no direction".to_string(),
            "name one direction or more: `Orthogonal`, `{N E}`, `All`".to_string(),
        ),
        Ty::PieceName if p.named => (
            "it selects no piece".to_string(),
            format!(
                "name the kinds selected, or leave `{}:` out to select every kind",
                p.name
            ),
        ),
        Ty::Kind => (
            "there is nothing to become".to_string(),
            "name the kind or kinds it may become".to_string(),
        ),
        _ => return None,
    };
    let what = if p.named {
        format!("`{}:{{}}`", p.name)
    } else {
        format!("the `{{}}` of `({} ...)`", l.name)
    };
    Some(
        EmptyList::new(n.span, what, means)
            .origin(n.origin.as_ref())
            .help(help),
    )
}

/// Checks that `n` is a value of type `ty` (the node's own insides are
/// checked when the walk reaches them).
pub(super) fn check_type(n: &Node, ty: Ty, parent: Option<&Ludeme>, out: &mut Vec<Problem>) {
    let wrong =
        |out: &mut Vec<Problem>| {
            out.push(
                WrongType::new(n.span, describe_ty(ty), n.describe())
                    .origin(n.origin.as_ref())
                    .maybe_help(type_help(n, ty).or_else(|| {
                        parent.map(|l| format!("`{}` takes {}", l.name, l.signature()))
                    })),
            );
        };
    match (&n.kind, ty) {
        (NodeKind::Error | NodeKind::Param(_), _) => {} // already reported
        (NodeKind::Form(f), _) if f.head_kind == HeadKind::Macro => {}
        (NodeKind::Form(f), _) => {
            let Some(l) = lookup(&f.head) else { return }; // reported as unknown
            let ok = match ty {
                Ty::Of(cats) => cats.contains(&l.cat),
                Ty::Int => l.cat == Cat::Int,
                Ty::Sites => l.cat == Cat::Sites,
                Ty::Event => l.cat == Cat::Event,
                Ty::Square => l.cat == Cat::Square,
                Ty::Kind => l.cat == Cat::Kind,
                _ => false,
            };
            if !ok {
                wrong(out);
            }
        }
        (_, Ty::Any) => {}
        (NodeKind::Int(_), Ty::Int | Ty::Fixed | Ty::Num | Ty::Value)
        | (NodeKind::Dec(_), Ty::Num) => {}
        (NodeKind::Str(_), Ty::Value) => {}
        (NodeKind::Str(_), Ty::Str | Ty::PieceName | Ty::Sites | Ty::Kind) => {}
        (NodeKind::Ident(s), Ty::Bool) => constant(
            n,
            s,
            &["True", "False"],
            "`True` or `False`",
            "truth value",
            out,
        ),
        (NodeKind::Ident(s), Ty::Const(c)) => constant(
            n,
            s,
            c.values,
            &describe_ty(ty),
            c.what.trim_start_matches("a ").trim_start_matches("an "),
            out,
        ),
        (NodeKind::Ident(s), Ty::Event) => constant(n, s, EVENTS, &describe_ty(ty), "event", out),
        (NodeKind::Ident(_), Ty::Player | Ty::Sites | Ty::Square) => {} // checked by `names` and `squares`
        (NodeKind::List(items), Ty::Sites) => {
            for it in items {
                check_type(it, Ty::Sites, parent, out);
            }
        }
        _ => wrong(out),
    }
}

fn constant(
    n: &Node,
    s: &str,
    values: &[&str],
    expected: &str,
    what: &str,
    out: &mut Vec<Problem>,
) {
    if !values.contains(&s) {
        out.push(
            UnknownConstant::new(n.span, s, expected, what)
                .origin(n.origin.as_ref())
                .maybe_help(if s == "Friend" && values.contains(&"NotFriend") {
                    Some(format!(
                        "a move never lands on a piece of its own side; use one of `{}`",
                        values.join("`, `")
                    ))
                } else {
                    suggest(s, values.iter().copied())
                        .or_else(|| Some(format!("use one of `{}`", values.join("`, `"))))
                }),
        );
    }
}

fn type_help(n: &Node, ty: Ty) -> Option<String> {
    match (&n.kind, ty) {
        (NodeKind::Ident(s), Ty::Str | Ty::PieceName) => Some(format!("put it in quotes: \"{s}\"")),
        (NodeKind::Str(s), Ty::Int | Ty::Fixed) if s.parse::<i64>().is_ok() => {
            Some(format!("write the number without quotes: {s}"))
        }
        (NodeKind::Str(s), Ty::Player | Ty::Const(_) | Ty::Bool) => {
            Some(format!("write it without quotes: {s}"))
        }
        (NodeKind::List(_), _) => Some("this argument takes one value, not a list".into()),
        // A square of the move where a set fixed before play is wanted.
        (NodeKind::Form(f), Ty::Sites) if lookup(&f.head).is_some_and(|l| l.cat == Cat::Square) => {
            Some(format!(
                "a set of squares here is fixed when the game is compiled, and `({} ...)` is a \
                 square known only in play: a set that follows the move (its file, its rank) \
                 is not in the language; write fixed squares (`a1`, `(file 1)`, a region's name)",
                f.head
            ))
        }
        (NodeKind::Form(f), Ty::Fixed) if lookup(&f.head).is_some_and(|l| l.cat == Cat::Int) => {
            Some(
                "this number is fixed when the game is compiled (a board's size, a move's \
                 length): write it out, as `3`, or read an option with `(optionValue \"name\")`; \
                 a number that changes in play belongs in a condition, such as `if:`"
                    .into(),
            )
        }
        (NodeKind::Form(f), Ty::Of(cats)) if cats.contains(&Cat::Move) && f.head == "promote" => {
            None
        }
        // Squares where a condition is wanted: the usual test is where the move goes.
        (NodeKind::Form(f), Ty::Of(cats))
            if cats.contains(&Cat::Cond) && lookup(&f.head).is_some_and(|l| l.cat == Cat::Sites) =>
        {
            Some(format!(
                "`({} ...)` is a set of squares, not a condition; to test where the move goes, write `(in (to) ({} ...))`",
                f.head, f.head
            ))
        }
        // A ludeme out of its place: say where it belongs.
        (NodeKind::Form(f), _) => lookup(&f.head).and_then(|l| {
            let places = places_of(l.cat);
            (!places.is_empty()).then(|| {
                format!("`{}` belongs in {}", l.name, places.join(", "))
            })
        }),
        _ => None,
    }
}

/// Where a ludeme of category `cat` may stand: `promote (then:)`, ...
fn places_of(cat: Cat) -> Vec<String> {
    let mut out = Vec::new();
    for l in crate::compile::ludemes::LUDEMES {
        for p in l.params {
            if let Ty::Of(cats) = p.ty {
                if cats.contains(&cat) {
                    let slot = if p.named {
                        format!("`({} ... {}:...)`", l.name, p.name)
                    } else {
                        format!("`({} ...)`", l.name)
                    };
                    if !out.contains(&slot) {
                        out.push(slot);
                    }
                }
            }
        }
    }
    out.truncate(4);
    out
}
