//! The bracket check: `(` and `{` must be closed by their own kind, and may
//! nest at most [`MAX_DEPTH`] levels deep.
//!
//! Runs on the flat token stream pest gives (strings and comments skipped),
//! before the tree is built: the depth first (the parser that builds the tree
//! recurses once per level), then the pairs. Where a closing bracket does not
//! fit, three readings are tried: the bracket is extra, the brackets opened
//! since its partner were left open, or it is the wrong kind; the reading that
//! leaves the next brackets with the fewest errors wins. So a missing `)` is
//! reported at the form that lacks it, not at the end of the file.
//!
//! The check is linear in the number of brackets: the nearest open bracket of
//! each kind is kept with every entry of the stack (no search), a reading is
//! judged on at most [`LOOKAHEAD`] brackets, and once [`LOOKAHEAD_BUDGET`]
//! brackets have been looked ahead in a file, each further mismatch takes the
//! plain reading (close up to the partner if there is one, else the wrong
//! kind) without looking ahead.

use super::MAX_DEPTH;
use crate::diagnostics::{MismatchedBracket, Problem, TooDeep, Unclosed, UnexpectedClose};
use crate::source::Span;

/// One bracket: its character and byte offset.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bracket {
    pub ch: char,
    pub at: usize,
}

/// How many brackets after a mismatch are read to judge each reading.
const LOOKAHEAD: usize = 1000;

/// How many brackets may be looked ahead in all, in one file.
const LOOKAHEAD_BUDGET: usize = 1_000_000;

fn partner(open: char) -> char {
    if open == '{' {
        '}'
    } else {
        ')'
    }
}

fn opener(close: char) -> char {
    if close == '}' {
        '{'
    } else {
        '('
    }
}

fn is_open(c: char) -> bool {
    c == '(' || c == '{'
}

/// The first bracket that opens a level deeper than [`MAX_DEPTH`], counted as
/// the parser counts: every opening bracket goes one level in, every closing
/// one (of either kind) one level out.
pub(super) fn too_deep(stream: &[Bracket]) -> Option<Problem> {
    let mut depth = 0usize;
    for b in stream {
        if is_open(b.ch) {
            depth += 1;
            if depth > MAX_DEPTH {
                return Some(
                    TooDeep::new(Span::new(b.at, b.at + 1), MAX_DEPTH, depth).help(format!(
                        "a game file nests forms and lists at most {MAX_DEPTH} levels deep; \
                         look for brackets opened and never closed, or write the rule \
                         with fewer levels (`(and a b c)`, not `(and a (and b c))`)"
                    )),
                );
            }
        } else {
            depth = depth.saturating_sub(1);
        }
    }
    None
}

/// An open bracket on the stack, with the index of the nearest `(` and the
/// nearest `{` at or below it.
#[derive(Clone, Copy, Debug)]
struct Open {
    b: Bracket,
    paren: Option<usize>,
    brace: Option<usize>,
}

impl Open {
    /// `b` pushed at index `at` above `below`.
    fn new(b: Bracket, at: usize, below: Option<&Open>) -> Open {
        let (mut paren, mut brace) = below.map_or((None, None), |o| (o.paren, o.brace));
        if b.ch == '{' {
            brace = Some(at);
        } else {
            paren = Some(at);
        }
        Open { b, paren, brace }
    }

    /// The index of the nearest open bracket at or below this one that
    /// `close` closes.
    fn nearest_for(&self, close: char) -> Option<usize> {
        if close == '}' {
            self.brace
        } else {
            self.paren
        }
    }
}

/// A stack made of a fixed base (a prefix of the real stack) and what was
/// pushed above it, for judging a reading without copying the real stack.
struct Trial<'s> {
    base: &'s [Open],
    base_len: usize,
    above: Vec<Open>,
}

impl Trial<'_> {
    fn len(&self) -> usize {
        self.base_len + self.above.len()
    }

    fn top(&self) -> Option<&Open> {
        self.above
            .last()
            .or_else(|| self.base_len.checked_sub(1).map(|i| &self.base[i]))
    }

    fn push(&mut self, b: Bracket) {
        let o = Open::new(b, self.len(), self.top());
        self.above.push(o);
    }

    fn pop(&mut self) {
        if self.above.pop().is_none() {
            self.base_len = self.base_len.saturating_sub(1);
        }
    }

    /// Keeps the first `n` entries.
    fn truncate(&mut self, n: usize) {
        if n >= self.base_len {
            self.above.truncate(n - self.base_len);
        } else {
            self.above.clear();
            self.base_len = n;
        }
    }
}

/// How many problems the next brackets give from this stack, each mismatch
/// resolved the plain way (no branching), and the brackets still open after
/// them.
fn cost(stack: &[Open], rest: &[Bracket]) -> usize {
    let mut st = Trial {
        base: stack,
        base_len: stack.len(),
        above: Vec::new(),
    };
    let mut n = 0;
    for b in rest {
        if is_open(b.ch) {
            st.push(*b);
            continue;
        }
        match st.top().copied() {
            Some(top) if partner(top.b.ch) == b.ch => st.pop(),
            Some(top) => {
                n += 1;
                match top.nearest_for(b.ch) {
                    Some(i) => st.truncate(i),
                    None => st.pop(),
                }
            }
            None => n += 1,
        }
    }
    n + st.len()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Extra,
    Unclosed(usize),
    WrongKind,
}

/// Every bracket problem of the stream.
pub(super) fn check(stream: &[Bracket]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut budget = LOOKAHEAD_BUDGET;
    for (k, b) in stream.iter().enumerate() {
        if is_open(b.ch) {
            let o = Open::new(*b, stack.len(), stack.last());
            stack.push(o);
            continue;
        }
        let here = Span::new(b.at, b.at + 1);
        let Some(top) = stack.last().copied() else {
            out.push(
                UnexpectedClose::new(here, opener(b.ch), b.ch)
                    .help("remove it, or add the opening bracket it was meant to close"),
            );
            continue;
        };
        if partner(top.b.ch) == b.ch {
            stack.pop();
            continue;
        }
        let partner_at = top.nearest_for(b.ch);
        let rest = &stream[k + 1..stream.len().min(k + 1 + LOOKAHEAD)];
        let best = if budget >= 3 * rest.len() {
            budget -= 3 * rest.len();
            let mut readings = vec![(Reading::Extra, cost(&stack, rest))];
            if let Some(i) = partner_at {
                readings.push((Reading::Unclosed(i), cost(&stack[..i], rest)));
            }
            readings.push((Reading::WrongKind, cost(&stack[..stack.len() - 1], rest)));
            readings
                .iter()
                .min_by_key(|(_, c)| *c)
                .map_or(Reading::WrongKind, |(r, _)| *r)
        } else {
            partner_at.map_or(Reading::WrongKind, Reading::Unclosed)
        };
        match best {
            Reading::Extra => out.push(
                UnexpectedClose::new(here, opener(b.ch), b.ch)
                    .note(
                        Span::new(top.b.at, top.b.at + 1),
                        format!("the innermost open bracket is this `{}`", top.b.ch),
                    )
                    .help("remove this bracket: it has no partner"),
            ),
            Reading::Unclosed(i) => {
                for o in stack.drain(i + 1..).rev() {
                    let o = o.b;
                    out.push(
                        Unclosed::new(Span::new(o.at, o.at + 1), o.ch, partner(o.ch))
                            .note(here, format!("still open at this `{}`", b.ch))
                            .help(format!(
                                "add `{}` where the {} ends, before this `{}`",
                                partner(o.ch),
                                if o.ch == '{' { "list" } else { "form" },
                                b.ch
                            )),
                    );
                }
                stack.pop();
            }
            Reading::WrongKind => {
                out.push(
                    MismatchedBracket::new(here, top.b.ch, b.ch, partner(top.b.ch))
                        .note(
                            Span::new(top.b.at, top.b.at + 1),
                            format!("`{}` opened here", top.b.ch),
                        )
                        .help(format!("close `{}` with `{}`", top.b.ch, partner(top.b.ch))),
                );
                stack.pop();
            }
        }
    }
    for o in stack.into_iter().rev() {
        let o = o.b;
        out.push(
            Unclosed::new(Span::new(o.at, o.at + 1), o.ch, partner(o.ch)).help(format!(
                "add `{}` where it ends; the file ended with it still open",
                partner(o.ch)
            )),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(text: &str) -> Vec<Bracket> {
        text.char_indices()
            .filter(|(_, c)| "(){}".contains(*c))
            .map(|(at, ch)| Bracket { ch, at })
            .collect()
    }

    fn codes(text: &str) -> Vec<(String, usize)> {
        check(&stream(text))
            .iter()
            .map(|p| (p.code_str(), p.primary().offset()))
            .collect()
    }

    #[test]
    fn a_missing_close_is_reported_at_the_form_that_lacks_it() {
        // `(b` is never closed; the `}` closes the list.
        assert_eq!(
            codes("{(a) (b {c} (d)}"),
            vec![("lud::syntax::unclosed".to_string(), 5)]
        );
    }

    #[test]
    fn an_extra_close_is_reported_where_it_stands() {
        assert_eq!(
            codes("((a)) ) (b)"),
            vec![("lud::syntax::unexpected_close".to_string(), 6)]
        );
    }

    #[test]
    fn a_wrong_kind_of_close_is_reported_as_such() {
        assert_eq!(
            codes("(a {b) c)"),
            vec![("lud::syntax::mismatched_bracket".to_string(), 5)]
        );
    }

    #[test]
    fn depth_is_counted_as_the_parser_counts() {
        let ok = format!("{}{}", "(".repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
        assert!(too_deep(&stream(&ok)).is_none());
        let deep = format!("{}){}", "(".repeat(MAX_DEPTH), "(".repeat(2));
        let p = too_deep(&stream(&deep)).expect("too deep");
        assert_eq!(p.code_str(), "lud::syntax::too_deep");
        assert_eq!(p.primary().offset(), MAX_DEPTH + 2);
    }
}
