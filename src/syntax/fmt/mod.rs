//! `lud fmt`: one canonical layout for a `.lud` file, every comment kept.
//!
//! The layout, as the hand-written games have it:
//!
//! - A form or list that fits in 100 columns (its indentation and the
//!   closing brackets after it counted, a trailing comment not) is written on
//!   one line with single spaces; a list is tight: `{a1 h1}`.
//! - Otherwise a form keeps its head on the first line, and after it the
//!   arguments that belong there while they fit: names, strings, numbers,
//!   lists, `key:value` pairs, and forms when a `key:value` follows them (the
//!   form is then an argument, as in `(board (square 8) marked:...)`, not one
//!   of a run of children, as in `(piece "Pawn" "P" (step ...) ...)`). Pairs
//!   whose value is a form stay there only if all that follows them does too,
//!   so that `if:` and `then:` are not parted. The first argument that does
//!   not belong or fit starts the body: the rest, indented one level (4
//!   spaces) deeper than the line the form starts on, the closing bracket
//!   ending the last line.
//! - In the body, arguments the author wrote together on a line of their own
//!   stay on one line as long as they fit (a row of a start position:
//!   `(place White "Rook" {a1 h1}) (place White "Horse" {b1 g1})`); the others
//!   go one per line (so do the arguments of a form written all on one line
//!   and too long for it, unless they are all plain words: those fill lines).
//!   A blank line the author left between two of them is kept (several
//!   become one).
//! - A list that is the last argument and does not fit opens at the end of the
//!   first line and closes on a line of its own: `(equipment {` ... `})`. Any
//!   other list that does not fit keeps its first item after `{` and the others
//!   aligned under it: `{(set ...) (set ...)` / ` (set ...)}`.
//! - A `//` comment after code stays at the end of its line; those on
//!   consecutive lines are aligned one column, two spaces after the longest code
//!   (as gofmt does). A comment on a line of its own stays on a line of its
//!   own, at the indentation of what follows. A form with a comment inside
//!   cannot be on one line. A comment just before a `)` goes after it (and
//!   after any `)` that follow), where the closing bracket has to be; one
//!   between a key and its value goes before the pair.
//! - A `/* */` comment on one line is kept in place like a word; one over
//!   several lines starts a line and is kept byte for byte. Strings too.
//! - No trailing whitespace; the file ends with exactly one newline.
//!
//! Everything here works with explicit stacks, not recursion. The parser it
//! relies on does recurse, so nesting deeper than [`super::MAX_DEPTH`] levels
//! is refused with a diagnostic (`lud::syntax::too_deep`) before the parser
//! sees it. Before the text is returned it is
//! read back and checked to hold the same tokens and comments in the same
//! order.

use std::mem;

use pest::iterators::Pairs;
use pest::Parser as _;

use super::{LudParser, Rule};
use crate::diagnostics::Problem;
use crate::source::{SourceFile, MAX_SOURCE_BYTES};

/// The line width the layout keeps to, indentation included. A trailing
/// comment may run past it; so may a single string that is longer.
const WIDTH: usize = 100;

/// Spaces per level of indentation.
const INDENT: usize = 4;

/// Why a file was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file has syntax errors (every one of them): it is not formatted,
    /// since a layout of a misread file could lose text.
    #[error("the file has {} syntax error(s)", .0.len())]
    Syntax(Vec<Problem>),
    /// The layout did not read back as the same tokens and comments: a bug in
    /// the formatter, caught before anything is written.
    #[error("the layout would not keep the file's text (a bug in lud fmt)")]
    Unsafe,
    /// Formatted, the file would be larger than `lud` reads
    /// ([`MAX_SOURCE_BYTES`]), mostly by indentation.
    #[error(
        "formatted, the file would be more than the {MAX_SOURCE_BYTES} bytes a game file may have"
    )]
    TooLarge,
}

/// Formats a file; see the module documentation for the layout.
pub(super) fn format(source: &SourceFile) -> Result<String, FormatError> {
    // Nesting deeper than `MAX_DEPTH` is among the problems, found before
    // the parser that recurses runs.
    let (_, problems) = super::parse(source);
    if !problems.is_empty() {
        return Err(FormatError::Syntax(problems));
    }
    let text = source.text();
    let Ok(mut pairs) = LudParser::parse(Rule::file, text) else {
        return Err(FormatError::Unsafe);
    };
    let Some(file) = pairs.next() else {
        return Err(FormatError::Unsafe);
    };
    let before = tokens(file.clone().into_inner());
    let tree = Tree::build(text, file.into_inner());
    let Some(out) = Printer::new(&tree).print() else {
        return Err(FormatError::TooLarge);
    };
    let same = LudParser::parse(Rule::file, &out)
        .ok()
        .and_then(|mut p| p.next())
        .is_some_and(|f| tokens(f.into_inner()) == before);
    if same {
        Ok(out)
    } else {
        Err(FormatError::Unsafe)
    }
}

/// The tokens of a parsed file, comments aside: what a layout must keep.
#[derive(PartialEq, Eq, Debug)]
struct Tokens<'t> {
    code: Vec<&'t str>,
    comments: Vec<&'t str>,
}

fn tokens(pairs: Pairs<'_, Rule>) -> Tokens<'_> {
    let mut t = Tokens {
        code: Vec::new(),
        comments: Vec::new(),
    };
    for p in pairs.flatten() {
        match p.as_rule() {
            Rule::form => t.code.push("("),
            Rule::list => t.code.push("{"),
            Rule::COMMENT => t.comments.push(p.as_str().trim_end()),
            Rule::named | Rule::string_inner | Rule::line_comment | Rule::block_comment => {}
            _ => t.code.push(p.as_str()),
        }
    }
    t
}

/// What a node of the layout tree is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A string, number, name, parameter or operator, or a `/* */` comment on
    /// one line: text that is written as it is and never broken.
    Atom,
    /// `key:value`: the text is the key with its colon, the one child the value.
    Named,
    /// `( ... )`.
    Form,
    /// `{ ... }` (and the file itself, as the root).
    List,
    /// A `//` comment.
    Line,
    /// A `/* */` comment over several lines.
    Block,
}

/// A node of the layout tree.
#[derive(Debug)]
struct Node<'t> {
    kind: Kind,
    text: &'t str,
    kids: Vec<usize>,
    /// Newlines between the token before and this one in the source; at
    /// least 1 after a `//` comment and for the first token of the file. A
    /// `//` comment with 0 is a trailing comment.
    nl: usize,
    /// The width on one line, or `None` if it cannot be on one line.
    flat: Option<usize>,
}

impl<'t> Node<'t> {
    fn new(kind: Kind, text: &'t str, nl: usize) -> Self {
        Node {
            kind,
            text,
            kids: Vec::new(),
            nl,
            flat: None,
        }
    }

    fn is_comment(&self) -> bool {
        matches!(self.kind, Kind::Line | Kind::Block)
    }

    fn is_trailing(&self) -> bool {
        self.kind == Kind::Line && self.nl == 0
    }
}

/// The layout tree: nodes in an arena, the file at index 0.
struct Tree<'t> {
    nodes: Vec<Node<'t>>,
}

const ROOT: usize = 0;

impl<'t> Tree<'t> {
    /// Builds the tree from the pairs inside `file`, without recursion.
    fn build(text: &'t str, file: Pairs<'t, Rule>) -> Self {
        let mut t = Tree {
            nodes: vec![Node::new(Kind::List, "", 0)],
        };
        // The open nodes, innermost last, each with the pairs still to read.
        let mut stack: Vec<(usize, Pairs<'t, Rule>)> = vec![(ROOT, file)];
        let mut last_end = 0;
        let mut seen_token = false;
        while let Some(top) = stack.len().checked_sub(1) {
            let id = stack[top].0;
            let Some(p) = stack[top].1.next() else {
                stack.pop();
                t.finish(id, &stack);
                continue;
            };
            let span = p.as_span();
            let nl = if seen_token {
                text.get(last_end..span.start())
                    .map_or(1, |gap| gap.matches('\n').count())
            } else {
                1
            };
            match p.as_rule() {
                Rule::EOI => {}
                Rule::close => last_end = span.end(),
                Rule::key => {
                    t.nodes[id].text = p.as_str();
                    last_end = span.end();
                }
                Rule::COMMENT => {
                    let s = p.as_str();
                    let kind = if s.starts_with("//") {
                        Kind::Line
                    } else if s.contains('\n') {
                        Kind::Block
                    } else {
                        Kind::Atom
                    };
                    let text = if kind == Kind::Line { s.trim_end() } else { s };
                    let c = t.add(Node::new(kind, text, nl));
                    if t.nodes[id].kind == Kind::Named && top > 0 {
                        // Between a key and its value: the comment goes
                        // before the pair, which then follows it.
                        let parent = stack[top - 1].0;
                        let at = t.nodes[parent].kids.len().saturating_sub(1);
                        t.nodes[c].nl = t.nodes[id].nl;
                        t.nodes[id].nl = 0;
                        t.nodes[parent].kids.insert(at, c);
                    } else {
                        t.nodes[id].kids.push(c);
                    }
                    last_end = span.end();
                }
                Rule::form | Rule::list | Rule::named => {
                    let kind = match p.as_rule() {
                        Rule::form => Kind::Form,
                        Rule::list => Kind::List,
                        _ => Kind::Named,
                    };
                    let n = t.add(Node::new(kind, "", nl));
                    t.nodes[id].kids.push(n);
                    if kind != Kind::Named {
                        last_end = span.start() + 1;
                    }
                    stack.push((n, p.into_inner()));
                }
                _ => {
                    let n = t.add(Node::new(Kind::Atom, p.as_str(), nl));
                    t.nodes[id].kids.push(n);
                    last_end = span.end();
                }
            }
            seen_token = true;
        }
        t.measure();
        t
    }

    fn add(&mut self, n: Node<'t>) -> usize {
        self.nodes.push(n);
        self.nodes.len() - 1
    }

    /// A node's pairs are all read: what follows a `//` comment starts a
    /// line, and a form's trailing comment moves out after its `)`.
    fn finish(&mut self, id: usize, stack: &[(usize, Pairs<'t, Rule>)]) {
        let kids = mem::take(&mut self.nodes[id].kids);
        for w in kids.windows(2) {
            if self.nodes[w[0]].kind == Kind::Line {
                let n = &mut self.nodes[w[1]];
                n.nl = n.nl.max(1);
            }
        }
        self.nodes[id].kids = kids;
        if self.nodes[id].kind != Kind::Form {
            return;
        }
        let Some(&last) = self.nodes[id].kids.last() else {
            return;
        };
        if !self.nodes[last].is_trailing() {
            return;
        }
        // The form is the last child of its parent (or of the `key:value`
        // it is the value of, itself its parent's last child).
        let mut up = stack.iter().rev().map(|f| f.0);
        let Some(mut target) = up.next() else {
            return;
        };
        if self.nodes[target].kind == Kind::Named {
            let Some(t) = up.next() else {
                return;
            };
            target = t;
        }
        self.nodes[id].kids.pop();
        self.nodes[target].kids.push(last);
    }

    /// Computes every node's width on one line, children before parents
    /// (children always come later in the arena).
    fn measure(&mut self) {
        for id in (0..self.nodes.len()).rev() {
            let n = &self.nodes[id];
            let flat = match n.kind {
                Kind::Atom => Some(n.text.chars().count()),
                Kind::Line | Kind::Block => None,
                Kind::Named => match n.kids.first() {
                    Some(&v) => self.nodes[v].flat.map(|w| w + n.text.chars().count()),
                    None => Some(n.text.chars().count()),
                },
                Kind::Form | Kind::List => {
                    let mut w = 2 + n.kids.len().saturating_sub(1);
                    let mut ok = true;
                    for &k in &n.kids {
                        match self.nodes[k].flat {
                            Some(kw) => w += kw,
                            None => ok = false,
                        }
                    }
                    ok.then_some(w)
                }
            };
            self.nodes[id].flat = flat;
        }
    }

    /// The list a `{ ... }` or `key:{ ... }` argument holds.
    fn list_of(&self, id: usize) -> Option<usize> {
        let n = &self.nodes[id];
        match n.kind {
            Kind::List => Some(id),
            Kind::Named => n
                .kids
                .first()
                .copied()
                .filter(|&v| self.nodes[v].kind == Kind::List),
            _ => None,
        }
    }
}

/// One output line: code, and a trailing comment aligned when printed.
#[derive(Default)]
struct Line<'t> {
    indent: usize,
    code: String,
    comment: Option<&'t str>,
    /// Columns so far: the indentation and the code.
    width: usize,
}

impl Line<'_> {
    fn at(indent: usize) -> Self {
        Line {
            indent,
            width: indent,
            ..Line::default()
        }
    }

    fn is_empty(&self) -> bool {
        self.code.is_empty() && self.comment.is_none()
    }
}

/// What is left to print, innermost last.
enum Task {
    /// Print a node at the current place. `base` is the column its broken
    /// layout indents from; `closers` how many brackets follow it on its line.
    Node {
        id: usize,
        base: usize,
        closers: usize,
    },
    /// Append a closing bracket.
    Text(&'static str),
    /// A closing bracket on a line of its own at `col` (after a comment).
    CloseAlone { col: usize, text: &'static str },
    /// The rest of a body.
    Seq(Seq),
}

/// A body being printed: the children of `id` from `next` on.
#[derive(Clone, Copy)]
struct Seq {
    /// The form, list or file whose children these are.
    id: usize,
    /// The child to print next.
    next: usize,
    /// Where the children's lines start.
    indent: usize,
    /// Brackets that follow the last child on its line.
    closers: usize,
    /// The first child goes on the current line (after `{`).
    inline_first: bool,
    /// `next` is the first child of the body.
    first: bool,
    /// The line the previous child started on.
    prev_line: usize,
    /// The previous child is on the source line of the opening bracket
    /// (children there are not kept together: the author wrote the whole
    /// form on one line, not a group).
    on_open: bool,
}

struct Printer<'a, 't> {
    tree: &'a Tree<'t>,
    lines: Vec<Line<'t>>,
    cur: Line<'t>,
    tasks: Vec<Task>,
    /// Roughly the size of the lines so far.
    size: usize,
}

impl<'a, 't> Printer<'a, 't> {
    fn new(tree: &'a Tree<'t>) -> Self {
        Printer {
            tree,
            lines: Vec::new(),
            cur: Line::default(),
            tasks: Vec::new(),
            size: 0,
        }
    }

    fn node(&self, id: usize) -> &'a Node<'t> {
        &self.tree.nodes[id]
    }

    fn col(&self) -> usize {
        self.cur.width
    }

    fn line_no(&self) -> usize {
        self.lines.len()
    }

    fn push(&mut self, s: &str) {
        self.cur.code.push_str(s);
        self.cur.width += s.chars().count();
    }

    /// Ends the current line (after a blank one if asked) and starts one at `indent`.
    fn newline(&mut self, indent: usize, blank: bool) {
        if self.lines.is_empty() && self.cur.is_empty() {
            self.cur = Line::at(indent);
            return;
        }
        let done = mem::replace(&mut self.cur, Line::at(indent));
        self.size += done.width + done.comment.map_or(0, |c| c.len() + 2) + 1;
        self.lines.push(done);
        if blank {
            self.lines.push(Line::default());
        }
    }

    fn fits(&self, id: usize, sep: usize, closers: usize) -> bool {
        self.node(id)
            .flat
            .is_some_and(|w| self.col() + sep + w + closers <= WIDTH)
    }

    /// The text, or `None` once it grows past what `lud` reads (indentation
    /// can make a file much larger, deep nesting most).
    fn print(mut self) -> Option<String> {
        self.tasks.push(Task::Seq(Seq {
            id: ROOT,
            next: 0,
            indent: 0,
            closers: 0,
            inline_first: false,
            first: true,
            prev_line: 0,
            on_open: false,
        }));
        while let Some(task) = self.tasks.pop() {
            if self.size > MAX_SOURCE_BYTES {
                return None;
            }
            match task {
                Task::Node { id, base, closers } => self.print_node(id, base, closers),
                Task::Text(s) => self.push(s),
                Task::CloseAlone { col, text } => {
                    self.newline(col, false);
                    self.push(text);
                }
                Task::Seq(s) => self.seq(s),
            }
        }
        if !self.cur.is_empty() {
            let done = mem::take(&mut self.cur);
            self.lines.push(done);
        }
        Some(render(&self.lines))
    }

    /// Appends a node on one line.
    fn flat(&mut self, id: usize) {
        let mut stack = vec![(id, 0)];
        while let Some((n, i)) = stack.pop() {
            let node = self.node(n);
            match node.kind {
                Kind::Atom | Kind::Line | Kind::Block => self.push(node.text),
                Kind::Named => {
                    self.push(node.text);
                    if let Some(&v) = node.kids.first() {
                        stack.push((v, 0));
                    }
                }
                Kind::Form | Kind::List => {
                    let (open, close) = brackets(node.kind);
                    if i == 0 {
                        self.push(open);
                    }
                    if let Some(&k) = node.kids.get(i) {
                        if i > 0 {
                            self.push(" ");
                        }
                        stack.push((n, i + 1));
                        stack.push((k, 0));
                    } else {
                        self.push(close);
                    }
                }
            }
        }
    }

    fn print_node(&mut self, id: usize, base: usize, closers: usize) {
        let node = self.node(id);
        match node.kind {
            Kind::Atom | Kind::Line => self.push(node.text),
            Kind::Block => {
                for (i, l) in node.text.split('\n').enumerate() {
                    if i > 0 {
                        self.newline(0, false);
                    }
                    self.push(l);
                }
            }
            Kind::Named => {
                self.push(node.text);
                if let Some(&v) = node.kids.first() {
                    self.tasks.push(Task::Node {
                        id: v,
                        base,
                        closers,
                    });
                }
            }
            Kind::Form | Kind::List if self.fits(id, 0, closers) => self.flat(id),
            Kind::Form => self.form(id, base, closers),
            Kind::List => {
                let col = self.col();
                self.push("{");
                self.close_after(id, col, "}");
                self.tasks.push(Task::Seq(Seq {
                    id,
                    next: 0,
                    indent: col + 1,
                    closers: closers + 1,
                    inline_first: true,
                    first: true,
                    prev_line: self.line_no(),
                    on_open: false,
                }));
            }
        }
    }

    /// Queues the closing bracket of a broken form or list opened at `col`.
    fn close_after(&mut self, id: usize, col: usize, text: &'static str) {
        let ends_in_comment = self
            .node(id)
            .kids
            .last()
            .is_some_and(|&k| self.node(k).kind == Kind::Line);
        self.tasks.push(if ends_in_comment {
            Task::CloseAlone { col, text }
        } else {
            Task::Text(text)
        });
    }

    /// How many of a broken form's children go on its first line, starting
    /// at the current column, and whether the last of them is a trailing
    /// comment.
    fn head_line(&self, id: usize, closers: usize) -> (usize, bool) {
        let kids = &self.node(id).kids;
        let n = kids.len();
        let last_named = kids.iter().rposition(|&k| self.node(k).kind == Kind::Named);
        let mut col = self.col() + 1;
        let mut i = 0;
        while let Some(&k) = kids.get(i) {
            let kid = self.node(k);
            if kid.is_trailing() && self.cur.comment.is_none() {
                return (i + 1, true);
            }
            if kid.is_comment() {
                break;
            }
            // A form is an argument here only if a `key:value` follows it.
            let belongs = kid.kind != Kind::Form || last_named.is_some_and(|l| i < l);
            let sep = usize::from(i > 0);
            let tail = if i + 1 == n { closers + 1 } else { 0 };
            let Some(w) = kid.flat else { break };
            if !(i == 0 || belongs && col + sep + w + tail <= WIDTH) {
                break;
            }
            col += sep + w;
            i += 1;
        }
        // `key:(form)` arguments stay together: on the first line only if
        // all that follow are there too.
        if i < n {
            while i > 1 && self.named_form(kids[i - 1]) {
                i -= 1;
            }
        }
        (i, false)
    }

    /// Whether a form's or list's children are all words (no forms, lists or
    /// `key:value` pairs): then those written on one line fill lines.
    fn plain(&self, id: usize) -> bool {
        self.node(id)
            .kids
            .iter()
            .all(|&k| matches!(self.node(k).kind, Kind::Atom | Kind::Line | Kind::Block))
    }

    fn named_form(&self, id: usize) -> bool {
        let n = self.node(id);
        n.kind == Kind::Named
            && n.kids
                .first()
                .is_some_and(|&v| self.node(v).kind == Kind::Form)
    }

    /// A form that does not fit on one line: the head line, then the body.
    fn form(&mut self, id: usize, base: usize, closers: usize) {
        let kids = &self.node(id).kids;
        let n = kids.len();
        let (i, comment) = self.head_line(id, closers);
        self.push("(");
        for (j, &k) in kids[..i].iter().enumerate() {
            let kid = self.node(k);
            if kid.is_trailing() {
                self.cur.comment = Some(kid.text);
            } else {
                if j > 0 {
                    self.push(" ");
                }
                self.flat(k);
            }
        }
        if i == n {
            self.push(")");
            return;
        }
        // A last list that does not fit opens here and closes on its own line.
        if let Some(list) = self
            .tree
            .list_of(kids[i])
            .filter(|_| !comment && i + 1 == n)
        {
            let items = &self.node(list).kids;
            let key = self.node(kids[i]).text;
            if !items.is_empty() && self.col() + 2 + key.chars().count() <= WIDTH {
                self.push(" ");
                self.push(key);
                self.push("{");
                self.tasks.push(Task::Text(")"));
                self.tasks.push(Task::CloseAlone {
                    col: base,
                    text: "}",
                });
                let mut next = 0;
                if let Some(&c) = items.first() {
                    if self.node(c).is_trailing() {
                        self.cur.comment = Some(self.node(c).text);
                        next = 1;
                    }
                }
                self.tasks.push(Task::Seq(Seq {
                    id: list,
                    next,
                    indent: base + INDENT,
                    closers: 0,
                    inline_first: false,
                    first: true,
                    prev_line: self.line_no(),
                    on_open: !self.plain(list),
                }));
                return;
            }
        }
        self.close_after(id, base, ")");
        let on_open = kids[..i].iter().all(|&k| self.node(k).nl == 0) && !self.plain(id);
        self.tasks.push(Task::Seq(Seq {
            id,
            next: i,
            indent: base + INDENT,
            closers: closers + 1,
            inline_first: false,
            first: true,
            prev_line: self.line_no(),
            on_open,
        }));
    }

    /// The next child of a body: on the current line or a new one.
    fn seq(&mut self, s: Seq) {
        let kids = &self.node(s.id).kids;
        let Some(&k) = kids.get(s.next) else {
            return;
        };
        let kid = self.node(k);
        let tail = if s.next + 1 == kids.len() {
            s.closers
        } else {
            0
        };
        let on_open = s.on_open && kid.nl == 0;
        let rest = Seq {
            next: s.next + 1,
            first: false,
            on_open,
            ..s
        };
        if kid.is_trailing() && self.cur.comment.is_none() && !self.cur.code.is_empty() {
            self.cur.comment = Some(kid.text);
            self.tasks.push(Task::Seq(Seq {
                prev_line: self.line_no(),
                ..rest
            }));
            return;
        }
        let alone = kid.is_comment();
        let new_line = if s.first {
            !s.inline_first || alone
        } else {
            kid.nl > 0
                || on_open
                || alone
                || self.line_no() != s.prev_line
                || self.cur.comment.is_some()
                || !self.fits(k, 1, tail)
        };
        if new_line {
            self.newline(s.indent, !s.first && kid.nl >= 2);
        } else if !s.first {
            self.push(" ");
        }
        self.tasks.push(Task::Seq(Seq {
            prev_line: self.line_no(),
            ..rest
        }));
        self.tasks.push(Task::Node {
            id: k,
            base: self.col(),
            closers: tail,
        });
    }
}

fn brackets(kind: Kind) -> (&'static str, &'static str) {
    if kind == Kind::Form {
        ("(", ")")
    } else {
        ("{", "}")
    }
}

/// The lines as text, trailing comments on consecutive lines aligned.
fn render(lines: &[Line<'_>]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        while j < lines.len() && lines[j].comment.is_some() {
            j += 1;
        }
        let run = if j > i { i..j } else { i..i + 1 };
        let column = lines[run.clone()]
            .iter()
            .map(|l| l.width)
            .max()
            .unwrap_or(0)
            + 2;
        for l in &lines[run.clone()] {
            if !l.code.is_empty() {
                out.extend(std::iter::repeat_n(' ', l.indent));
                out.push_str(&l.code);
            }
            if let Some(c) = l.comment {
                let pad = if l.code.is_empty() {
                    l.indent
                } else {
                    column - l.width
                };
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(c);
            }
            out.push('\n');
        }
        i = run.end;
    }
    out
}
