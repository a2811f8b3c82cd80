//! pest pairs → owned [`Ast`] nodes, reporting each syntax error at its bytes.

use pest::iterators::Pair;
use pest::Parser as _;

use super::ast::{Ast, Comment, Form, HeadKind, Named, Node, NodeKind};
use super::brackets::{self, Bracket};
use super::{LudParser, Rule};
use crate::diagnostics::{
    clip_text, BadHead, EmptyForm, InvalidEscape, InvalidToken, MismatchedBracket,
    NamedOutsideForm, NumberTooLarge, Problem, StrayColon, Unclosed, UnexpectedClose,
    UnterminatedComment, UnterminatedString,
};
use crate::source::{SourceFile, Span};

struct Lowerer<'t> {
    text: &'t str,
    problems: Vec<Problem>,
    comments: Vec<Comment>,
}

pub(super) fn parse(source: &SourceFile) -> (Ast, Vec<Problem>) {
    let text = source.text();
    let mut l = Lowerer {
        text,
        problems: Vec::new(),
        comments: Vec::new(),
    };
    // First the flat token stream: unterminated strings and comments, then
    // the brackets. If either is wrong, the tree would only echo it.
    if !l.structure(text) {
        return (Ast::default(), l.problems);
    }
    let mut items = Vec::new();
    match LudParser::parse(Rule::file, text) {
        Ok(mut pairs) => {
            if let Some(file) = pairs.next() {
                for p in file.into_inner() {
                    match p.as_rule() {
                        Rule::EOI => {}
                        Rule::stray_close => {
                            let c = p.as_str().chars().next().unwrap_or(')');
                            l.problems
                                .push(UnexpectedClose::new(span_of(&p), opening(c), c).help(
                                    "remove it, or add the opening bracket it was meant to close",
                                ));
                        }
                        _ => {
                            if let Some(n) = l.value(p, false) {
                                items.push(n);
                            }
                        }
                    }
                }
            }
        }
        Err(e) => l.pest_error(&e),
    }
    l.comments.sort_by_key(|c| c.span.start);
    (
        Ast {
            items,
            comments: l.comments,
        },
        l.problems,
    )
}

fn span_of(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

fn opening(close: char) -> char {
    if close == '}' {
        '{'
    } else {
        '('
    }
}

fn closing(open: char) -> char {
    if open == '{' {
        '}'
    } else {
        ')'
    }
}

impl Lowerer<'_> {
    fn text_of(&self, span: Span) -> &str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// Checks strings, comments and brackets on the flat token stream.
    /// Returns whether the structure is sound enough to build the tree.
    fn structure(&mut self, text: &str) -> bool {
        let pairs = match LudParser::parse(Rule::tokens, text) {
            Ok(p) => p,
            Err(e) => {
                self.pest_error(&e);
                return false;
            }
        };
        let mut stream = Vec::new();
        let before = self.problems.len();
        for p in pairs.flatten() {
            let span = span_of(&p);
            match p.as_rule() {
                Rule::open_bracket | Rule::close_bracket => stream.push(Bracket {
                    ch: p.as_str().chars().next().unwrap_or('('),
                    at: span.start as usize,
                }),
                Rule::bad_string => self.problems.push(
                    UnterminatedString::new(span)
                        .help("add the closing `\"`; a string cannot span lines"),
                ),
                Rule::bad_comment => self.problems.push(
                    UnterminatedComment::new(Span::new(
                        span.start as usize,
                        span.start as usize + 2,
                    ))
                    .help("close the comment with `*/`"),
                ),
                _ => {}
            }
        }
        if self.problems.len() > before {
            return false;
        }
        // The parser recurses once per level: refuse a deeper file before it runs.
        if let Some(p) = brackets::too_deep(&stream) {
            self.problems.push(p);
            return false;
        }
        self.problems.extend(brackets::check(&stream));
        self.problems.len() == before
    }

    /// pest could not match the text at all (the grammar is meant to match
    /// anything): report its own position and expectation.
    fn pest_error(&mut self, e: &pest::error::Error<Rule>) {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p),
            pest::error::InputLocation::Span((s, e)) => (s, e),
        };
        self.problems.push(InvalidToken::new(
            Span::new(start, end.max(start)),
            format!("text ({})", e.variant.message()),
        ));
    }

    /// Lowers one value; `None` for tokens that were errors (already reported)
    /// and for comments (collected aside).
    ///
    /// This and [`Self::children`] and [`Self::form`] recurse once per level
    /// of nesting: they keep only what that needs, and leave the rest (leaves,
    /// errors) to functions of their own, so that each level takes little
    /// stack even unoptimised.
    fn value(&mut self, p: Pair<'_, Rule>, in_form: bool) -> Option<Node> {
        match p.as_rule() {
            Rule::form => Some(self.form(p)),
            Rule::list => {
                let span = span_of(&p);
                let (items, _) = self.children(p, '{', span);
                Some(Node::new(NodeKind::List(items), span))
            }
            Rule::named => self.named(p, in_form),
            _ => self.leaf(&p),
        }
    }

    /// `key:value`.
    fn named(&mut self, p: Pair<'_, Rule>, in_form: bool) -> Option<Node> {
        let span = span_of(&p);
        let mut inner = p.into_inner();
        let key = inner.next()?;
        let key_span = span_of(&key);
        let key_text = key.as_str().trim_end_matches(':').to_string();
        let value_pair = inner.find(|q| q.as_rule() != Rule::COMMENT)?;
        let value = self.value(value_pair, in_form)?;
        if !in_form {
            self.problems.push(
                NamedOutsideForm::new(key_span, key_text)
                    .help("move it into the ludeme it belongs to"),
            );
            return Some(Node::new(NodeKind::Error, span));
        }
        Some(Node::new(
            NodeKind::Named(Box::new(Named {
                key: key_text,
                key_span,
                value,
            })),
            span,
        ))
    }

    /// A value with no values inside: a word, a number, a string, a comment
    /// or a token in error.
    fn leaf(&mut self, p: &Pair<'_, Rule>) -> Option<Node> {
        let span = span_of(p);
        match p.as_rule() {
            Rule::COMMENT => {
                self.comments.push(Comment {
                    text: p.as_str().to_string(),
                    span,
                });
                None
            }
            Rule::string => Some(self.string(p)),
            Rule::number => Some(self.number(p)),
            Rule::param => {
                let d = p.as_str().as_bytes()[1] - b'0';
                Some(Node::new(NodeKind::Param(d), span))
            }
            Rule::ident => Some(Node::new(NodeKind::Ident(p.as_str().to_string()), span)),
            Rule::operator => {
                // An operator outside a head position.
                self.problems.push(
                    InvalidToken::new(span, format!("the operator `{}`", p.as_str()))
                        .help("an operator can only start a form, as in `(= a b)`"),
                );
                Some(Node::new(NodeKind::Error, span))
            }
            Rule::bad_string => {
                self.problems.push(
                    UnterminatedString::new(span)
                        .help("add the closing `\"`; a string cannot span lines"),
                );
                None
            }
            Rule::bad_comment => {
                self.problems.push(
                    UnterminatedComment::new(Span::new(
                        span.start as usize,
                        span.start as usize + 2,
                    ))
                    .help("close the comment with `*/`"),
                );
                None
            }
            Rule::bad_token => {
                let text = p.as_str();
                if text.starts_with(':') || text.ends_with(':') {
                    self.problems.push(StrayColon::new(span).help(
                        "write the name and its value together, with no space before the colon: `to:Empty`",
                    ));
                } else {
                    self.problems
                        .push(InvalidToken::new(span, describe_token(text)).help(token_help(text)));
                }
                Some(Node::new(NodeKind::Error, span))
            }
            _ => None,
        }
    }

    /// The children of a form or list and the close bracket, reporting
    /// unclosed and mismatched brackets.
    fn children(&mut self, p: Pair<'_, Rule>, open: char, span: Span) -> (Vec<Node>, bool) {
        let mut out = Vec::new();
        let mut operator_head = false;
        let in_form = open == '(';
        for c in p.into_inner() {
            if in_form && out.is_empty() && c.as_rule() == Rule::operator {
                operator_head = true;
                out.push(Node::new(
                    NodeKind::Ident(c.as_str().to_string()),
                    span_of(&c),
                ));
            } else if c.as_rule() == Rule::close {
                self.close(&c, open, span);
            } else if let Some(n) = self.value(c, in_form) {
                self.push_child(&mut out, n);
            }
        }
        (out, operator_head)
    }

    /// Reports a close bracket that is missing or of the wrong kind (the
    /// bracket check has found them already: this is a second line of defence).
    fn close(&mut self, c: &Pair<'_, Rule>, open: char, span: Span) {
        let close_span = span_of(c);
        let text = c.as_str();
        let open_span = Span::new(span.start as usize, span.start as usize + 1);
        if text.is_empty() {
            self.problems
                .push(Unclosed::new(open_span, open, closing(open)).help(format!(
                    "add `{}` where it ends; the file ended with it still open",
                    closing(open)
                )));
        } else {
            let got = text.chars().next().unwrap_or(')');
            if got != closing(open) {
                self.problems.push(
                    MismatchedBracket::new(close_span, open, got, closing(open))
                        .note(open_span, format!("`{open}` opened here"))
                        .help(format!("close `{open}` with `{}`", closing(open))),
                );
            }
        }
    }

    /// Adds a child; `to :Empty` (a space before the colon), already
    /// reported, is read as the named argument it was meant to be.
    fn push_child(&mut self, out: &mut Vec<Node>, n: Node) {
        if let (NodeKind::Error, Some(prev)) = (&n.kind, out.last()) {
            let text = self.text_of(n.span);
            if let (Some(value), NodeKind::Ident(key)) = (text.strip_prefix(':'), &prev.kind) {
                if !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    let key = key.clone();
                    let key_span = prev.span;
                    let value = Node::new(
                        NodeKind::Ident(value.to_string()),
                        Span::new(n.span.start as usize + 1, n.span.end as usize),
                    );
                    out.pop();
                    out.push(Node::new(
                        NodeKind::Named(Box::new(Named {
                            key,
                            key_span,
                            value,
                        })),
                        key_span.to(n.span),
                    ));
                    return;
                }
            }
        }
        out.push(n);
    }

    fn form(&mut self, p: Pair<'_, Rule>) -> Node {
        let span = span_of(&p);
        let (items, operator_head) = self.children(p, '(', span);
        self.make_form(span, items, operator_head)
    }

    /// The form from its items, the first being its head.
    fn make_form(&mut self, span: Span, mut items: Vec<Node>, operator_head: bool) -> Node {
        if items.is_empty() {
            self.problems.push(
                EmptyForm::new(span)
                    .help("remove `()`, or write a ludeme inside, as in `(step All)`"),
            );
            return Node::new(NodeKind::Error, span);
        }
        let head = items.remove(0);
        let (name, kind) = match &head.kind {
            NodeKind::Ident(s) if operator_head => (s.clone(), HeadKind::Operator),
            NodeKind::Ident(s) => (s.clone(), HeadKind::Ludeme),
            NodeKind::Str(s) => (s.clone(), HeadKind::Macro),
            _ => {
                if !matches!(head.kind, NodeKind::Error) {
                    self.problems.push(
                        BadHead::new(head.span, head.describe())
                            .help("start the form with a ludeme name, as in `(slide Orthogonal)`; a list of items is written `{ ... }`"),
                    );
                }
                return Node::new(NodeKind::Error, span);
            }
        };
        Node::new(
            NodeKind::Form(Form {
                head: name,
                head_kind: kind,
                head_span: head.span,
                args: items,
            }),
            span,
        )
    }

    fn string(&mut self, p: &Pair<'_, Rule>) -> Node {
        let span = span_of(p);
        let raw = &p.as_str()[1..p.as_str().len() - 1];
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.char_indices();
        while let Some((i, c)) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some((_, '"')) => out.push('"'),
                    Some((_, '\\')) => out.push('\\'),
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((j, other)) => {
                        let start = span.start as usize + 1 + i;
                        let end = span.start as usize + 1 + j + other.len_utf8();
                        self.problems.push(
                            InvalidEscape::new(Span::new(start, end), format!("\\{other}"))
                                .help("a string knows only \\\", \\\\, \\n and \\t"),
                        );
                    }
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        Node::new(NodeKind::Str(out), span)
    }

    fn number(&mut self, p: &Pair<'_, Rule>) -> Node {
        let span = span_of(p);
        let text = p.as_str();
        if text.contains('.') {
            if let Ok(v) = text.parse::<f64>() {
                return Node::new(NodeKind::Dec(v), span);
            }
        } else if let Ok(v) = text.parse::<i64>() {
            return Node::new(NodeKind::Int(v), span);
        }
        self.problems.push(
            NumberTooLarge::new(span, clip_text(text, 60))
                .help("numbers in a game file fit in 64 bits; use a smaller one"),
        );
        Node::new(NodeKind::Error, span)
    }
}

fn describe_token(text: &str) -> String {
    let first = text.chars().next().unwrap_or(' ');
    let text = clip_text(text, 60);
    if first.is_ascii_digit() || first == '-' {
        format!("`{text}`: a number must stand alone")
    } else if first == '#' {
        format!("`{text}`: a parameter is `#1` to `#9`")
    } else {
        format!("`{text}`")
    }
}

fn token_help(text: &str) -> String {
    let first = text.chars().next().unwrap_or(' ');
    if first.is_ascii_digit() {
        "put a space between a number and what follows it".into()
    } else if first == '#' {
        "macro parameters are numbered #1 to #9".into()
    } else if first == '\'' {
        "strings are written with double quotes: \"King\"".into()
    } else if first == '[' || first == ']' {
        "lists are written with braces: `{a1 h1}`".into()
    } else {
        "names are letters, digits, `_` and inner `-`; strings are in double quotes".into()
    }
}
