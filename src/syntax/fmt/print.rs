//! Printing the layout tree: choosing where lines break, then the lines as
//! text with trailing comments aligned.

use std::mem;

use super::tree::{Kind, Node, Tree, ROOT};
use super::{INDENT, WIDTH};
use crate::source::MAX_SOURCE_BYTES;

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

pub(super) struct Printer<'a, 't> {
    tree: &'a Tree<'t>,
    lines: Vec<Line<'t>>,
    cur: Line<'t>,
    tasks: Vec<Task>,
    /// Roughly the size of the lines so far.
    size: usize,
}

impl<'a, 't> Printer<'a, 't> {
    pub(super) fn new(tree: &'a Tree<'t>) -> Self {
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
    pub(super) fn print(mut self) -> Option<String> {
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
