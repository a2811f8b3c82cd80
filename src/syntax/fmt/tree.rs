//! The layout tree: the parsed file as nodes in an arena (atoms, forms,
//! lists, `key:value` pairs and comments, each comment where it will be
//! printed), with each node's width on one line.

use std::mem;

use pest::iterators::Pairs;

use super::super::Rule;

/// What a node of the layout tree is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
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
pub(super) struct Node<'t> {
    pub(super) kind: Kind,
    pub(super) text: &'t str,
    pub(super) kids: Vec<usize>,
    /// Newlines between the token before and this one in the source; at
    /// least 1 after a `//` comment and for the first token of the file. A
    /// `//` comment with 0 is a trailing comment.
    pub(super) nl: usize,
    /// The width on one line, or `None` if it cannot be on one line.
    pub(super) flat: Option<usize>,
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

    pub(super) fn is_comment(&self) -> bool {
        matches!(self.kind, Kind::Line | Kind::Block)
    }

    pub(super) fn is_trailing(&self) -> bool {
        self.kind == Kind::Line && self.nl == 0
    }
}

/// The layout tree: nodes in an arena, the file at index 0.
pub(super) struct Tree<'t> {
    pub(super) nodes: Vec<Node<'t>>,
}

pub(super) const ROOT: usize = 0;

impl<'t> Tree<'t> {
    /// Builds the tree from the pairs inside `file`, without recursion.
    pub(super) fn build(text: &'t str, file: Pairs<'t, Rule>) -> Self {
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
    pub(super) fn list_of(&self, id: usize) -> Option<usize> {
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
