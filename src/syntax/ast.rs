//! The owned syntax tree of a `.lud` file. Every node has a [`Span`]; nodes
//! that come from a `(define ...)` body also know where the macro was used.

use std::fmt;
use std::sync::Arc;

use crate::source::Span;

/// A parsed file: its top-level nodes and its comments (kept for `lud fmt`).
#[derive(Clone, Debug, Default)]
pub struct Ast {
    /// Top-level nodes in order: `(define ...)` forms and the `(game ...)` form.
    pub items: Vec<Node>,
    /// Every comment, in order.
    pub comments: Vec<Comment>,
}

/// A `//` or `/* */` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The comment's text, markers included.
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// One node of the tree.
#[derive(Clone, Debug)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// Where its text is (inside a macro body for expanded nodes).
    pub span: Span,
    /// Set when the node was produced by expanding a macro: the chain of uses.
    pub origin: Option<Arc<Origin>>,
}

/// Where an expanded node came from: the macro, its use site and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The macro's name.
    pub name: String,
    /// The `("Name" ...)` form that used it.
    pub use_span: Span,
    /// The `(define "Name" ...)` form.
    pub def_span: Span,
    /// The use site's own origin, when the use is itself inside a macro body.
    pub parent: Option<Arc<Origin>>,
}

/// The kinds of node.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// `(head arg ...)`.
    Form(Form),
    /// `{ item ... }`.
    List(Vec<Node>),
    /// `key:value`, only meaningful as an argument of a form.
    Named(Box<Named>),
    /// `"text"`.
    Str(String),
    /// `42`, `-3`.
    Int(i64),
    /// `0.5`.
    Dec(f64),
    /// `Orthogonal`, `Mover`, `a1`, `True`.
    Ident(String),
    /// `#1`..`#9` in a macro body.
    Param(u8),
    /// Text that could not be read (already reported); later checks skip it.
    Error,
}

/// How a form's head is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadKind {
    /// A ludeme name: `(slide ...)`.
    Ludeme,
    /// An operator: `(= ...)`, `(>= ...)`.
    Operator,
    /// A string: a macro use, `("Name" ...)`.
    Macro,
}

/// `(head arg ...)`.
#[derive(Clone, Debug)]
pub struct Form {
    /// The head's text (without quotes for a macro use).
    pub head: String,
    /// How the head is written.
    pub head_kind: HeadKind,
    /// Where the head is.
    pub head_span: Span,
    /// The arguments in order, `key:value` ones included.
    pub args: Vec<Node>,
}

/// `key:value`.
#[derive(Clone, Debug)]
pub struct Named {
    /// The key, without its colon.
    pub key: String,
    /// Where the key is (colon included).
    pub key_span: Span,
    /// The value.
    pub value: Node,
}

impl Form {
    /// The same head with other arguments (the old arguments are not copied).
    #[must_use]
    pub fn with_args(&self, args: Vec<Node>) -> Form {
        Form {
            head: self.head.clone(),
            head_kind: self.head_kind,
            head_span: self.head_span,
            args,
        }
    }
}

impl Named {
    /// The same key with another value (the old value is not copied).
    #[must_use]
    pub fn with_value(&self, value: Node) -> Named {
        Named {
            key: self.key.clone(),
            key_span: self.key_span,
            value,
        }
    }
}

impl Node {
    /// A node with no macro origin.
    pub fn new(kind: NodeKind, span: Span) -> Self {
        Node {
            kind,
            span,
            origin: None,
        }
    }

    /// The form, if this is one.
    pub fn as_form(&self) -> Option<&Form> {
        match &self.kind {
            NodeKind::Form(f) => Some(f),
            _ => None,
        }
    }

    /// The identifier, if this is one.
    pub fn as_ident(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match &self.kind {
            NodeKind::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The list items, if this is a list.
    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// The items of a list, or the node itself as a one-item slice.
    pub fn items(&self) -> &[Node] {
        match &self.kind {
            NodeKind::List(items) => items,
            _ => std::slice::from_ref(self),
        }
    }

    /// A short description of what the node is, for messages: "the list `{...}`".
    /// Long names and strings are cut to 60 characters.
    pub fn describe(&self) -> String {
        let clip = |s: &str| crate::diagnostics::clip_text(s, 60);
        match &self.kind {
            NodeKind::Form(f) => match f.head_kind {
                HeadKind::Macro => format!("the macro use `(\"{}\" ...)`", f.head),
                _ => format!("the ludeme `({} ...)`", f.head),
            },
            NodeKind::List(_) => "a list `{...}`".into(),
            NodeKind::Named(n) => format!("the named argument `{}:`", n.key),
            NodeKind::Str(s) => format!("the string \"{}\"", clip(s)),
            NodeKind::Int(i) => format!("the number {i}"),
            NodeKind::Dec(d) => format!("the number {d}"),
            NodeKind::Ident(s) => format!("`{}`", clip(s)),
            NodeKind::Param(p) => format!("the parameter #{p}"),
            NodeKind::Error => "text that could not be read".into(),
        }
    }

    /// How many nodes the tree has, this one included (counted without
    /// recursion: trees may be deep).
    pub(crate) fn count_nodes(&self) -> usize {
        let mut count = 0;
        let mut todo = vec![self];
        while let Some(n) = todo.pop() {
            count += 1;
            match &n.kind {
                NodeKind::Form(f) => todo.extend(&f.args),
                NodeKind::List(items) => todo.extend(items),
                NodeKind::Named(nm) => todo.push(&nm.value),
                _ => {}
            }
        }
        count
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            NodeKind::Form(form) => {
                match form.head_kind {
                    HeadKind::Macro => write!(f, "(\"{}\"", form.head)?,
                    _ => write!(f, "({}", form.head)?,
                }
                for a in &form.args {
                    write!(f, " {a}")?;
                }
                write!(f, ")")
            }
            NodeKind::List(items) => {
                write!(f, "{{")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, " ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, "}}")
            }
            NodeKind::Named(n) => write!(f, "{}:{}", n.key, n.value),
            NodeKind::Str(s) => write!(f, "{s:?}"),
            NodeKind::Int(i) => write!(f, "{i}"),
            NodeKind::Dec(d) => write!(f, "{d}"),
            NodeKind::Ident(s) => write!(f, "{s}"),
            NodeKind::Param(p) => write!(f, "#{p}"),
            NodeKind::Error => write!(f, "?"),
        }
    }
}
