//! Source files and byte spans.
//!
//! Every node of the syntax tree carries a [`Span`] into the [`SourceFile`] it
//! came from, so that diagnostics can point at the exact text. A source file
//! knows where each of its lines starts (found once, when it is made), so
//! that the line and column of any offset take a binary search, however many
//! diagnostics a file has.

use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, NamedSource, SourceCode, SourceSpan, SpanContents};

/// The largest game file `lud` reads, in bytes. Larger input is refused with a
/// diagnostic before it is parsed.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// A named source text, cheap to clone.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
    /// The byte offset where each line starts (the first is 0).
    lines: Arc<[u32]>,
}

impl SourceFile {
    /// A source file from its name (usually its path) and its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let name: String = name.into();
        let mut text: String = text.into();
        if text.contains("\r\n") {
            text = text.replace("\r\n", "\n");
        }
        let lines: Vec<u32> = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| (i + 1) as u32),
            )
            .collect();
        SourceFile {
            name: name.into(),
            text: text.into(),
            lines: lines.into(),
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

    /// The number of lines (a text ending with a newline has an empty last line).
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The 0-based line that holds a byte offset (offsets past the end are on
    /// the last line). A newline belongs to the line it ends.
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len()) as u32;
        // The last line start at or before `offset`.
        self.lines
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The byte range of a 0-based line, its newline included.
    pub fn line_range(&self, line: usize) -> std::ops::Range<usize> {
        let start = self
            .lines
            .get(line)
            .map_or(self.text.len(), |&s| s as usize);
        let end = self
            .lines
            .get(line + 1)
            .map_or(self.text.len(), |&s| s as usize);
        start..end
    }

    /// Line and column (both 1-based, columns in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, (offset as usize).min(self.text.len()));
        let line = self.line_of(offset);
        let start = self.line_range(line).start;
        (line + 1, self.text[start..offset].chars().count() + 1)
    }

    /// The source in the form miette renders. [`SourceFile`] is itself a
    /// [`SourceCode`], and a faster one: prefer it.
    pub fn named_source(&self) -> NamedSource<String> {
        NamedSource::new(&self.name, self.text.to_string()).with_language("lisp")
    }
}

/// The snippets miette shows, found through the line index: reading a span
/// costs a binary search and the lines shown, not a scan from the start.
///
/// As miette's own sources do, the contents run from the start of the first
/// context line to the end of the last (its newline included); with no
/// context before, they start at the span, and their column is the span's
/// (in characters); with no context after, they end with the span.
impl SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text = &self.text;
        let start = span.offset();
        let end = start + span.len();
        if end > text.len() || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            return Err(MietteError::OutOfBounds);
        }
        let first = self.line_of(start);
        let last = self.line_of(end.saturating_sub(1).max(start));
        let from_line = first.saturating_sub(context_lines_before);
        let to_line = (last + context_lines_after).min(self.lines.len() - 1);
        let (data_start, column) = if context_lines_before == 0 {
            let line_start = self.line_range(first).start;
            (start, text[line_start..start].chars().count())
        } else {
            (self.line_range(from_line).start, 0)
        };
        let data_end = if context_lines_after == 0 {
            end
        } else {
            self.line_range(to_line).end
        };
        let contents = MietteSpanContents::new_named(
            self.name.to_string(),
            &text.as_bytes()[data_start..data_end],
            (data_start, data_end - data_start).into(),
            from_line.min(first),
            column,
            to_line - from_line + 1,
        )
        .with_language("lisp");
        Ok(Box::new(contents))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        let src = SourceFile::new("x", "ab\n漢c\n\nd");
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(2), (1, 3)); // the newline ends line 1
        assert_eq!(src.line_col(3), (2, 1));
        assert_eq!(src.line_col(6), (2, 2)); // after the wide character
        assert_eq!(src.line_col(8), (3, 1));
        assert_eq!(src.line_col(9), (4, 1));
        assert_eq!(src.line_col(10), (4, 2)); // the end of the text
        assert_eq!(src.line_col(99), (4, 2));
        assert_eq!(src.line_count(), 4);
    }

    #[test]
    fn read_span_gives_the_lines_around_a_span() {
        let src = SourceFile::new("x", "one\ntwo\nthree\nfour");
        let span = SourceSpan::from((8, 5)); // `three`
        let c = src.read_span(&span, 1, 1).unwrap();
        assert_eq!(std::str::from_utf8(c.data()).unwrap(), "two\nthree\nfour");
        assert_eq!((c.line(), c.column(), c.line_count()), (1, 0, 3));
        let c = src.read_span(&span, 0, 0).unwrap();
        assert_eq!(std::str::from_utf8(c.data()).unwrap(), "three");
        assert_eq!((c.line(), c.column()), (2, 0));
        let c = src.read_span(&SourceSpan::from((0, 1)), 1, 1).unwrap();
        assert_eq!(std::str::from_utf8(c.data()).unwrap(), "one\ntwo\n");
        assert!(src.read_span(&SourceSpan::from((17, 5)), 1, 1).is_err());
    }
}
