//! The bracket check: `(` and `{` must be closed by their own kind.
//!
//! Runs on the flat token stream pest gives (strings and comments skipped).
//! Where a closing bracket does not fit, three readings are tried: the
//! bracket is extra, the brackets opened since its partner were left open, or
//! it is the wrong kind; the reading that leaves the rest of the file with the
//! fewest errors wins. So a missing `)` is reported at the form that lacks it,
//! not at the end of the file.

use crate::diagnostics::{MismatchedBracket, Problem, Unclosed, UnexpectedClose};
use crate::source::Span;

/// One bracket: its character and byte offset.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bracket {
    pub ch: char,
    pub at: usize,
}

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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Extra,
    Unclosed(usize),
    WrongKind,
}

/// How many problems the rest of the stream gives from this stack, each
/// mismatch resolved the cheap way (no branching).
fn cost(stack: &[Bracket], rest: &[Bracket]) -> usize {
    let mut st: Vec<Bracket> = stack.to_vec();
    let mut n = 0;
    for b in rest {
        if is_open(b.ch) {
            st.push(*b);
            continue;
        }
        match st.last() {
            Some(top) if partner(top.ch) == b.ch => {
                st.pop();
            }
            Some(_) => {
                n += 1;
                if let Some(i) = st.iter().rposition(|o| partner(o.ch) == b.ch) {
                    st.truncate(i);
                } else {
                    st.pop();
                }
            }
            None => n += 1,
        }
    }
    n + st.len()
}

/// Every bracket problem of the stream.
pub(super) fn check(stream: &[Bracket]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut stack: Vec<Bracket> = Vec::new();
    for (k, b) in stream.iter().enumerate() {
        if is_open(b.ch) {
            stack.push(*b);
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
        if partner(top.ch) == b.ch {
            stack.pop();
            continue;
        }
        let rest = &stream[k + 1..];
        let mut readings = vec![(Reading::Extra, cost(&stack, rest))];
        if let Some(i) = stack.iter().rposition(|o| partner(o.ch) == b.ch) {
            readings.push((Reading::Unclosed(i), cost(&stack[..i], rest)));
        }
        let mut popped = stack.clone();
        popped.pop();
        readings.push((Reading::WrongKind, cost(&popped, rest)));
        let best = readings
            .iter()
            .min_by_key(|(_, c)| *c)
            .map_or(Reading::WrongKind, |(r, _)| *r);
        match best {
            Reading::Extra => out.push(
                UnexpectedClose::new(here, opener(b.ch), b.ch)
                    .note(
                        Span::new(top.at, top.at + 1),
                        format!("the innermost open bracket is this `{}`", top.ch),
                    )
                    .help("remove this bracket: it has no partner"),
            ),
            Reading::Unclosed(i) => {
                for o in stack.drain(i + 1..).rev() {
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
                    MismatchedBracket::new(here, top.ch, b.ch, partner(top.ch))
                        .note(
                            Span::new(top.at, top.at + 1),
                            format!("`{}` opened here", top.ch),
                        )
                        .help(format!("close `{}` with `{}`", top.ch, partner(top.ch))),
                );
                stack.pop();
            }
        }
    }
    for o in stack.into_iter().rev() {
        out.push(
            Unclosed::new(Span::new(o.at, o.at + 1), o.ch, partner(o.ch)).help(format!(
                "add `{}` where it ends; the file ended with it still open",
                partner(o.ch)
            )),
        );
    }
    out
}
