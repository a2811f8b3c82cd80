//! `(define "Name" body)` macros: collection and expansion.
//!
//! A use `("Name" a b)` is replaced by the body with `#1` → `a`, `#2` → `b`.
//! Nodes copied from the body keep their spans in the body and get an
//! [`Origin`] naming the use site, so an error inside a macro shows both.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::ast::{Ast, Form, HeadKind, Node, NodeKind, Origin};
use crate::diagnostics::{
    did_you_mean, suggest, BadDefine, DuplicateMacro, MacroExtraArgument, MacroMissingArgument,
    ParamOutsideDefine, Problem, RecursiveMacro, UnusedDefine,
};
use crate::source::Span;

/// A macro made by `(define "Name" body)`.
#[derive(Clone, Debug)]
pub struct Macro {
    /// Its name.
    pub name: String,
    /// The highest parameter its body uses (`#3` → 3).
    pub arity: u8,
    /// The body.
    pub body: Node,
    /// The whole `(define ...)` form.
    pub span: Span,
    /// The macro's name in the define.
    pub name_span: Span,
}

/// Expands every macro use in the file's non-define items. Returns the tree
/// without its defines, and the problems found.
pub fn expand(ast: &Ast) -> (Ast, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut macros: HashMap<String, Macro> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    let mut rest = Vec::new();
    for item in &ast.items {
        match &item.kind {
            NodeKind::Form(f) if f.head_kind == HeadKind::Ludeme && f.head == "define" => {
                if let Some(m) = read_define(item, f, &mut problems) {
                    if let Some(first) = macros.get(&m.name) {
                        problems.push(
                            DuplicateMacro::new(m.name_span, m.name.clone())
                                .note(first.name_span, "first definition")
                                .help("rename one of them, or remove the second"),
                        );
                    } else {
                        order.push(m.name.clone());
                        macros.insert(m.name.clone(), m);
                    }
                }
            }
            _ => rest.push(item),
        }
    }
    let mut ex = Expander {
        macros: &macros,
        names: order,
        problems,
        stack: Vec::new(),
        used: HashSet::new(),
        suggested: HashSet::new(),
    };
    let items = rest
        .into_iter()
        .map(|n| {
            ex.report_params(n);
            ex.node(n)
        })
        .collect();
    // Uses inside a macro body count only when that macro is used.
    for name in &ex.names {
        if !ex.used.contains(name) && !ex.suggested.contains(name) {
            let m = &macros[name];
            ex.problems
                .push(UnusedDefine::new(m.name_span, name.clone()).help(format!(
                    "use it as `(\"{name}\" ...)`, or remove the define"
                )));
        }
    }
    (
        Ast {
            items,
            comments: ast.comments.clone(),
        },
        ex.problems,
    )
}

fn read_define(item: &Node, f: &Form, problems: &mut Vec<Problem>) -> Option<Macro> {
    let help = "write `(define \"Name\" body)`: a quoted name, then one body";
    match f.args.as_slice() {
        [name, body] => {
            let Some(n) = name.as_str() else {
                problems.push(
                    BadDefine::new(
                        name.span,
                        format!("{} is not a quoted name", name.describe()),
                    )
                    .help(help),
                );
                return None;
            };
            Some(Macro {
                name: n.to_string(),
                arity: max_param(body),
                body: body.clone(),
                span: item.span,
                name_span: name.span,
            })
        }
        [] | [_] => {
            problems.push(BadDefine::new(item.span, "this define has no body").help(help));
            None
        }
        [_, _, extra, ..] => {
            problems.push(
                BadDefine::new(extra.span, "a define has one body; this is a second")
                    .help("wrap several items in a list `{ ... }`, or write one define for each"),
            );
            None
        }
    }
}

fn max_param(n: &Node) -> u8 {
    match &n.kind {
        NodeKind::Param(p) => *p,
        NodeKind::Form(f) => f.args.iter().map(max_param).max().unwrap_or(0),
        NodeKind::List(items) => items.iter().map(max_param).max().unwrap_or(0),
        NodeKind::Named(nm) => max_param(&nm.value),
        _ => 0,
    }
}

struct Expander<'a> {
    macros: &'a HashMap<String, Macro>,
    names: Vec<String>,
    problems: Vec<Problem>,
    stack: Vec<String>,
    /// The macros the expansion used.
    used: HashSet<String>,
    /// The macros an unknown use was likely meant for (not warned as unused).
    suggested: HashSet<String>,
}

impl Expander<'_> {
    /// Reports `#n` outside any define (in the file's own text).
    fn report_params(&mut self, n: &Node) {
        match &n.kind {
            NodeKind::Param(p) => self.problems.push(ParamOutsideDefine::new(n.span, *p).help(
                "parameters stand for a macro's arguments; use them only in a `(define ...)` body",
            )),
            NodeKind::Form(f) => f.args.iter().for_each(|a| self.report_params(a)),
            NodeKind::List(items) => items.iter().for_each(|a| self.report_params(a)),
            NodeKind::Named(nm) => self.report_params(&nm.value),
            _ => {}
        }
    }

    fn node(&mut self, n: &Node) -> Node {
        match &n.kind {
            NodeKind::Form(f) if f.head_kind == HeadKind::Macro => self.use_macro(n, f),
            NodeKind::Form(f) => {
                let args = f.args.iter().map(|a| self.node(a)).collect();
                Node {
                    kind: NodeKind::Form(Form { args, ..f.clone() }),
                    span: n.span,
                    origin: n.origin.clone(),
                }
            }
            NodeKind::List(items) => Node {
                kind: NodeKind::List(items.iter().map(|a| self.node(a)).collect()),
                span: n.span,
                origin: n.origin.clone(),
            },
            NodeKind::Named(nm) => {
                let mut nm2 = (**nm).clone();
                nm2.value = self.node(&nm.value);
                Node {
                    kind: NodeKind::Named(Box::new(nm2)),
                    span: n.span,
                    origin: n.origin.clone(),
                }
            }
            _ => n.clone(),
        }
    }

    fn use_macro(&mut self, n: &Node, f: &Form) -> Node {
        let Some(m) = self.macros.get(&f.head) else {
            if let Some(near) = did_you_mean(&f.head, self.names.iter().map(String::as_str)) {
                self.suggested.insert(near.to_string());
            }
            self.problems.push(
                crate::diagnostics::UnknownMacro::new(f.head_span, f.head.clone())
                    .origin(n.origin.as_ref())
                    .maybe_help(
                        suggest(&f.head, self.names.iter().map(String::as_str)).or_else(|| {
                            Some("define it at the top level with `(define \"Name\" body)`".into())
                        }),
                    ),
            );
            // Keep the use as it is; the checker skips macro uses, so no
            // further errors cascade from it.
            return n.clone();
        };
        self.used.insert(m.name.clone());
        if self.stack.iter().any(|s| s == &m.name) || self.stack.len() > 64 {
            self.problems.push(
                RecursiveMacro::new(f.head_span, m.name.clone())
                    .origin(n.origin.as_ref())
                    .note(m.name_span, "defined here")
                    .help("a macro cannot use itself, directly or through another macro"),
            );
            return n.clone();
        }
        let args: Vec<Node> = f.args.iter().map(|a| self.node(a)).collect();
        let arity = m.arity as usize;
        if args.len() < arity {
            self.problems.push(
                MacroMissingArgument::new(n.span, m.name.clone(), m.arity, args.len())
                    .origin(n.origin.as_ref())
                    .note(m.name_span, format!("\"{}\" is defined here", m.name))
                    .help(if arity == 1 {
                        format!("give \"{}\" one argument, for #1", m.name)
                    } else {
                        format!(
                            "give \"{}\" {} arguments, one for each of #1 to #{}",
                            m.name, arity, arity
                        )
                    }),
            );
            return n.clone();
        }
        if args.len() > arity {
            self.problems.push(
                MacroExtraArgument::new(args[arity].span, m.name.clone(), arity, args.len())
                    .origin(n.origin.as_ref())
                    .note(m.name_span, format!("\"{}\" is defined here", m.name))
                    .help(format!(
                        "remove the extra argument(s), or use #{} in the body of \"{}\"",
                        arity + 1,
                        m.name
                    )),
            );
        }
        let origin = Arc::new(Origin {
            name: m.name.clone(),
            use_span: n.span,
            def_span: m.span,
            parent: n.origin.clone(),
        });
        let body = substitute(&m.body, &args, &origin);
        self.stack.push(m.name.clone());
        let out = self.node(&body);
        self.stack.pop();
        out
    }
}

/// Copies a macro body, giving its nodes `origin` and putting the arguments
/// in place of the parameters (arguments keep their own spans and origins).
fn substitute(body: &Node, args: &[Node], origin: &Arc<Origin>) -> Node {
    let kind = match &body.kind {
        NodeKind::Param(p) => {
            if let Some(a) = args.get(*p as usize - 1) {
                return a.clone();
            }
            body.kind.clone()
        }
        NodeKind::Form(f) => NodeKind::Form(Form {
            args: f.args.iter().map(|a| substitute(a, args, origin)).collect(),
            ..f.clone()
        }),
        NodeKind::List(items) => {
            NodeKind::List(items.iter().map(|a| substitute(a, args, origin)).collect())
        }
        NodeKind::Named(nm) => {
            let mut nm2 = (**nm).clone();
            nm2.value = substitute(&nm.value, args, origin);
            NodeKind::Named(Box::new(nm2))
        }
        k => k.clone(),
    };
    Node {
        kind,
        span: body.span,
        origin: Some(origin.clone()),
    }
}
