//! `(define "Name" body)` macros: collection and expansion.
//!
//! A use `("Name" a b)` is replaced by the body with `#1` → `a`, `#2` → `b`.
//! Nodes copied from the body keep their spans in the body and get an
//! [`Origin`] naming the use site, so an error inside a macro shows both.
//!
//! Three limits keep expansion finite and small, each with its own
//! diagnostic at the use written in the file: macros used inside macros at
//! most [`MAX_MACRO_CHAIN`] deep (`lud::define::chain_too_long`; a macro that
//! uses itself is `lud::define::recursive`), at most [`MAX_EXPANDED_NODES`]
//! nodes copied in a file (`lud::define::too_large`), and the expanded tree
//! at most [`MAX_DEPTH`] levels deep (`lud::define::too_deep`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::ast::{Ast, Form, HeadKind, Node, NodeKind, Origin};
use super::{MAX_DEPTH, MAX_EXPANDED_NODES, MAX_MACRO_CHAIN};
use crate::diagnostics::{
    did_you_mean, suggest, BadDefine, DuplicateMacro, MacroChainTooLong, MacroExtraArgument,
    MacroMissingArgument, MacroTooDeep, MacroTooLarge, ParamOutsideDefine, Problem, RecursiveMacro,
    TooDeep, UnusedDefine,
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

/// The names the file's top-level `(define "Name" ...)` forms give, in
/// order (those [`expand`] reads as macros, and any it refuses).
pub fn define_names(ast: &Ast) -> Vec<String> {
    ast.items
        .iter()
        .filter_map(|item| match &item.kind {
            NodeKind::Form(f) if f.head_kind == HeadKind::Ludeme && f.head == "define" => {
                match f.args.first().map(|a| &a.kind) {
                    Some(NodeKind::Str(name)) => Some(name.clone()),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
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
        copied: 0,
        outer: None,
        outer_failed: false,
    };
    let items = rest
        .into_iter()
        .map(|n| {
            ex.report_params(n);
            ex.node(n, 0)
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
    /// Nodes copied from macro bodies and arguments so far, in the whole file.
    copied: usize,
    /// The outermost use being expanded (one written in the file's own text,
    /// not in a define body): where, and its macro.
    outer: Option<Outer>,
    /// Whether the outermost use went past a limit (reported once; the rest
    /// of it is not expanded).
    outer_failed: bool,
}

/// The use of a macro in the file's own text that an expansion started from.
#[derive(Clone)]
struct Outer {
    span: Span,
    name: String,
    def: Span,
}

impl Outer {
    /// The use `f` of the macro `m`.
    fn of(f: &Form, m: &Macro) -> Outer {
        Outer {
            span: f.head_span,
            name: m.name.clone(),
            def: m.name_span,
        }
    }
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

    /// Expands `n`, whose parent is at nesting `level` (0 at the top).
    fn node(&mut self, n: &Node, level: usize) -> Node {
        match &n.kind {
            NodeKind::Form(f) if f.head_kind == HeadKind::Macro => self.use_macro(n, f, level),
            NodeKind::Form(f) => {
                if level >= MAX_DEPTH {
                    return self.too_deep(n, level + 1);
                }
                let args = f.args.iter().map(|a| self.node(a, level + 1)).collect();
                Node {
                    kind: NodeKind::Form(f.with_args(args)),
                    span: n.span,
                    origin: n.origin.clone(),
                }
            }
            NodeKind::List(items) => {
                if level >= MAX_DEPTH {
                    return self.too_deep(n, level + 1);
                }
                Node {
                    kind: NodeKind::List(items.iter().map(|a| self.node(a, level + 1)).collect()),
                    span: n.span,
                    origin: n.origin.clone(),
                }
            }
            NodeKind::Named(nm) => {
                let value = self.node(&nm.value, level);
                Node {
                    kind: NodeKind::Named(Box::new(nm.with_value(value))),
                    span: n.span,
                    origin: n.origin.clone(),
                }
            }
            _ => n.clone(),
        }
    }

    /// A form or list that expansion put at `level`, past [`MAX_DEPTH`]:
    /// reported once for its outermost macro use, left out of the tree.
    fn too_deep(&mut self, n: &Node, level: usize) -> Node {
        if !self.outer_failed {
            self.outer_failed = true;
            match self.outer.clone() {
                Some(o) => self.problems.push(
                    MacroTooDeep::new(o.span, o.name.clone(), MAX_DEPTH)
                        .note(o.def, format!("\"{}\" is defined here", o.name))
                        .help(format!(
                            "the text a macro stands for, put in place, may nest at most {MAX_DEPTH} levels deep; \
                             write the rule with fewer levels, or use the macro less deeply nested"
                        )),
                ),
                None => self.problems.push(TooDeep::new(n.span, MAX_DEPTH, level)),
            }
        }
        Node::new(NodeKind::Error, n.span)
    }

    fn use_macro(&mut self, n: &Node, f: &Form, level: usize) -> Node {
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
        if self.outer_failed && !self.stack.is_empty() {
            return Node::new(NodeKind::Error, n.span);
        }
        if self.stack.iter().any(|s| s == &m.name) {
            self.problems.push(
                RecursiveMacro::new(f.head_span, m.name.clone())
                    .origin(n.origin.as_ref())
                    .note(m.name_span, "defined here")
                    .help("a macro cannot use itself, directly or through another macro"),
            );
            return n.clone();
        }
        if self.stack.len() >= MAX_MACRO_CHAIN {
            self.outer_failed = true;
            let o = self.outer.clone().unwrap_or_else(|| Outer::of(f, m));
            self.problems.push(
                MacroChainTooLong::new(o.span, o.name.clone(), MAX_MACRO_CHAIN)
                    .note(
                        f.head_span,
                        format!(
                            "here \"{}\" would be the {}th macro expanded inside another",
                            m.name,
                            MAX_MACRO_CHAIN + 1
                        ),
                    )
                    .help(format!(
                        "no macro uses itself here, but the chain of macros used inside macros \
                         may be at most {MAX_MACRO_CHAIN} long; merge some of them"
                    )),
            );
            return Node::new(NodeKind::Error, n.span);
        }
        let args: Vec<Node> = f.args.iter().map(|a| self.node(a, level + 1)).collect();
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
        // Arguments may have used macros of their own: the outermost use is
        // this one only now.
        let is_outer = self.stack.is_empty();
        if is_outer {
            self.outer = Some(Outer::of(f, m));
            self.outer_failed = false;
        }
        let origin = Arc::new(Origin {
            name: m.name.clone(),
            use_span: n.span,
            def_span: m.span,
            parent: n.origin.clone(),
        });
        let sizes: Vec<usize> = args.iter().map(Node::count_nodes).collect();
        let mut sub = Substitution {
            args: &args,
            sizes: &sizes,
            origin: &origin,
            left: MAX_EXPANDED_NODES.saturating_sub(self.copied),
        };
        let out = match sub.copy(&m.body) {
            Some(body) => {
                self.copied = MAX_EXPANDED_NODES - sub.left;
                self.stack.push(m.name.clone());
                let out = self.node(&body, level);
                self.stack.pop();
                out
            }
            None => {
                self.copied = MAX_EXPANDED_NODES;
                if !self.outer_failed {
                    self.outer_failed = true;
                    let o = self.outer.clone().unwrap_or_else(|| Outer::of(f, m));
                    self.problems.push(
                        MacroTooLarge::new(o.span, o.name.clone(), MAX_EXPANDED_NODES)
                            .note(o.def, format!("\"{}\" is defined here", o.name))
                            .help(format!(
                                "macros may put at most {MAX_EXPANDED_NODES} nodes in place in a file; \
                                 a macro that uses another several times multiplies its size: \
                                 use fewer copies, or write the rule once"
                            )),
                    );
                }
                Node::new(NodeKind::Error, n.span)
            }
        };
        if is_outer {
            self.outer = None;
            if self.outer_failed {
                // Past a limit: none of what was expanded is kept (the checks
                // skip an error), so no further work grows with it.
                return Node::new(NodeKind::Error, n.span);
            }
        }
        out
    }
}

/// Copies a macro body, giving its nodes `origin` and putting the arguments
/// in place of the parameters (arguments keep their own spans and origins),
/// within a budget of nodes.
struct Substitution<'s> {
    args: &'s [Node],
    /// The number of nodes in each argument.
    sizes: &'s [usize],
    origin: &'s Arc<Origin>,
    /// Nodes that may still be made.
    left: usize,
}

impl Substitution<'_> {
    /// Takes `n` nodes from the budget; false if there are not so many left.
    fn take(&mut self, n: usize) -> bool {
        match self.left.checked_sub(n) {
            Some(l) => {
                self.left = l;
                true
            }
            None => false,
        }
    }

    /// The copy, or `None` if it would pass the budget.
    fn copy(&mut self, body: &Node) -> Option<Node> {
        let kind = match &body.kind {
            NodeKind::Param(p) => {
                let i = *p as usize - 1;
                if let Some(a) = self.args.get(i) {
                    if !self.take(self.sizes[i]) {
                        return None;
                    }
                    return Some(a.clone());
                }
                body.kind.clone()
            }
            NodeKind::Form(f) => NodeKind::Form(
                f.with_args(
                    f.args
                        .iter()
                        .map(|a| self.copy(a))
                        .collect::<Option<Vec<_>>>()?,
                ),
            ),
            NodeKind::List(items) => NodeKind::List(
                items
                    .iter()
                    .map(|a| self.copy(a))
                    .collect::<Option<Vec<_>>>()?,
            ),
            NodeKind::Named(nm) => NodeKind::Named(Box::new(nm.with_value(self.copy(&nm.value)?))),
            k => k.clone(),
        };
        if !self.take(1) {
            return None;
        }
        Some(Node {
            kind,
            span: body.span,
            origin: Some(self.origin.clone()),
        })
    }
}
