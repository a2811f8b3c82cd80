//! Source files and byte spans.
//!
//! Every node of the syntax tree carries a [`Span`] into the [`SourceFile`] it
//! came from, so that diagnostics can point at the exact text.

use std::sync::Arc;

use miette::{NamedSource, SourceSpan};

/// The largest game file `lud` reads, in bytes. Larger input is refused with a
/// diagnostic before it is parsed.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// A named source text, cheap to clone.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
}

impl SourceFile {
    /// A source file from its name (usually its path) and its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let name: String = name.into();
        let mut text: String = text.into();
        if text.contains("\r\n") {
            text = text.replace("\r\n", "\n");
        }
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// The file's name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text of a span (empty if the span does not fit the text).
    pub fn slice(&self, span: Span) -> &str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// Line and column (both 1-based, columns in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// The source in the form miette renders.
    pub fn named_source(&self) -> NamedSource<String> {
        NamedSource::new(&self.name, self.text.to_string()).with_language("lisp")
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A byte range `start..end` in a [`SourceFile`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }
}

impl From<Span> for SourceSpan {
    fn from(s: Span) -> Self {
        SourceSpan::new((s.start as usize).into(), s.len())
    }
}
