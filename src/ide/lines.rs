//! Offsets in a text to and from (line, column) positions, columns counted
//! in bytes or in UTF-16 units, as editors ask.

/// How an editor counts columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// In bytes of UTF-8.
    Utf8,
    /// In UTF-16 code units (the Language Server Protocol's default, and
    /// JavaScript's strings).
    Utf16,
}

/// Where each line of a text starts.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// The index of `text` (lines end at `\n`).
    pub fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The 0-based line and column of a byte offset (clamped to the text).
    pub fn position(&self, offset: usize, columns: Columns) -> (u32, u32) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let before = &self.text[self.starts[line]..offset];
        let col = match columns {
            Columns::Utf8 => before.len(),
            Columns::Utf16 => before.encode_utf16().count(),
        };
        (
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }

    /// The byte offset of a 0-based line and column: a line past the end is
    /// the end of the text, a column past the end of its line the line's
    /// end, a column inside a character that character's start.
    pub fn offset(&self, line: u32, col: u32, columns: Columns) -> usize {
        let Some(&start) = self.starts.get(line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let text = &self.text[start..end];
        let mut units = 0usize;
        for (i, c) in text.char_indices() {
            let width = match columns {
                Columns::Utf8 => c.len_utf8(),
                Columns::Utf16 => c.len_utf16(),
            };
            if units + width > col as usize {
                return start + i;
            }
            units += width;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_bytes_or_utf16_units() {
        // `×` is 2 bytes and 1 UTF-16 unit; `𝄞` 4 bytes and 2 units.
        let text = "ab\n×c𝄞d\n";
        let ix = LineIndex::new(text);
        let d = text.find('d').unwrap();
        assert_eq!(ix.position(d, Columns::Utf8), (1, 7));
        assert_eq!(ix.position(d, Columns::Utf16), (1, 4));
        assert_eq!(ix.offset(1, 4, Columns::Utf16), d);
        assert_eq!(ix.offset(1, 7, Columns::Utf8), d);
        // Inside a character: its start; past the line: its end.
        assert_eq!(ix.offset(1, 3, Columns::Utf16), text.find('𝄞').unwrap());
        assert_eq!(ix.offset(0, 99, Columns::Utf16), 2);
        assert_eq!(ix.offset(9, 0, Columns::Utf16), text.len());
        assert_eq!(ix.position(999, Columns::Utf16), (2, 0));
    }
}
