//! Reading input with bounds: a file is read only if it is a regular file,
//! and never past a limit (at most `limit + 1` bytes, however long the
//! stream); a typed line is kept only up to a length, the rest of it skipped
//! in bounded chunks. What `lud` reads goes through here, so `/dev/zero`, a
//! FIFO with no writer or a 100 MB typed line are refused, not swallowed.
//!
//! ```
//! use lud::input::{read_file, InputError};
//! let err = read_file(std::path::Path::new("/"), 100).unwrap_err();
//! assert!(matches!(err, InputError::NotAFile { .. }));
//! ```

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The largest game record `lud` reads, in bytes (as a game file:
/// [`crate::source::MAX_SOURCE_BYTES`]).
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The largest file of records `lud replay` reads whole, one record after
/// another (as `lud match --records` writes them: about 25,000 games of
/// chess).
pub const MAX_RECORDS_BYTES: usize = 64 << 20;

/// The longest line `lud play` takes from its input, in bytes: a move, or
/// a word such as `moves`, is a few bytes.
pub const MAX_LINE_BYTES: usize = 1024;

/// The most `lud play` skips of one line that is too long before it stops
/// reading (input that is not typed, such as `/dev/zero`).
pub const MAX_SKIPPED_BYTES: usize = 256 << 20;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// Opening or reading failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The path names something that is not a regular file: a directory, a
    /// FIFO, a device or a socket. Nothing was read from it.
    #[error("it is {what}, not a regular file; give the path of a file")]
    NotAFile {
        /// What it is, as "a directory", "a FIFO (named pipe)".
        what: &'static str,
    },
    /// The file is longer than the limit. Only `limit + 1` bytes were read.
    #[error("it is {}the {limit} bytes lud reads", size.map_or_else(|| "longer than ".to_string(), |s| format!("{s} bytes, more than ")))]
    TooLarge {
        /// Its size, where the file system says it.
        size: Option<u64>,
        /// The limit.
        limit: usize,
    },
}

impl From<InputError> for io::Error {
    /// An [`io::Error`] that says the same (for callers that report I/O
    /// errors).
    fn from(e: InputError) -> io::Error {
        match e {
            InputError::Io(e) => e,
            e @ InputError::NotAFile { .. } => io::Error::new(io::ErrorKind::InvalidInput, e),
            e @ InputError::TooLarge { .. } => io::Error::new(io::ErrorKind::FileTooLarge, e),
        }
    }
}

/// What a file type is, in words, if it is not a regular file.
fn not_a_file(ft: std::fs::FileType) -> Option<&'static str> {
    if ft.is_file() {
        return None;
    }
    if ft.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if ft.is_char_device() {
            return Some("a character device");
        }
        if ft.is_block_device() {
            return Some("a block device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a file")
}

/// Opens a regular file to be read as it comes (a file of any length),
/// with [`read_file`]'s checks of its type: before it is opened (opening a
/// FIFO would wait for a writer) and once it is open.
pub fn open_file(path: &Path) -> Result<File, InputError> {
    let meta = std::fs::metadata(path)?;
    if let Some(what) = not_a_file(meta.file_type()) {
        return Err(InputError::NotAFile { what });
    }
    let file = File::open(path)?;
    if let Some(what) = not_a_file(file.metadata()?.file_type()) {
        return Err(InputError::NotAFile { what });
    }
    Ok(file)
}

/// Reads a whole regular file of at most `limit` bytes.
///
/// The file's type is looked at before it is opened (opening a FIFO would
/// wait for a writer), and again once it is open; at most `limit + 1` bytes
/// are read, so a file that grows, or a stream presented as a file, costs no
/// more than that.
pub fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, InputError> {
    let file = open_file(path)?;
    let meta = file.metadata()?;
    let cap = usize::try_from(meta.len()).unwrap_or(usize::MAX).min(limit) + 1;
    let mut bytes = Vec::with_capacity(cap);
    file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Err(InputError::TooLarge {
            size: Some(meta.len().max(bytes.len() as u64)),
            limit,
        });
    }
    Ok(bytes)
}

/// A line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text, without its line break.
    Text(String),
    /// A line that is not UTF-8 text (it was skipped).
    NotText,
    /// A line longer than the limit (it was skipped, not kept).
    TooLong,
    /// More than [`MAX_SKIPPED_BYTES`] without a line break: the input is
    /// not typed lines. Reading should stop.
    Flood,
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes. A longer line is skipped to its
/// end in the reader's own chunks, keeping nothing of it, up to
/// [`MAX_SKIPPED_BYTES`]; an interrupted read is retried.
pub fn read_line(reader: &mut impl BufRead, max: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut seen = 0usize;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let (part, used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        seen = seen.saturating_add(part.len());
        if seen <= max {
            line.extend_from_slice(part);
        }
        reader.consume(used);
        if ended {
            break;
        }
        if seen > MAX_SKIPPED_BYTES {
            return Ok(Line::Flood);
        }
    }
    if seen > max {
        return Ok(Line::TooLong);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(String::from_utf8(line).map_or(Line::NotText, Line::Text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut r = io::BufReader::with_capacity(16, input);
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, max).unwrap();
            let stop = matches!(l, Line::End | Line::Flood);
            out.push(l);
            if stop {
                return out;
            }
        }
    }

    #[test]
    fn a_typed_line_longer_than_the_limit_is_skipped_not_kept() {
        let mut input = b"e2e4\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 100));
        input.extend(b"\r\nquit");
        assert_eq!(
            lines(&input, 10),
            [
                Line::Text("e2e4".into()),
                Line::TooLong,
                Line::Text("quit".into()),
                Line::End
            ]
        );
    }

    #[test]
    fn a_line_of_invalid_utf8_is_reported_and_reading_goes_on() {
        assert_eq!(
            lines(b"\xff\xfe\nquit\n", 10),
            [Line::NotText, Line::Text("quit".into()), Line::End]
        );
    }

    #[test]
    fn endless_input_without_line_breaks_stops_after_a_bounded_skip() {
        let mut r = io::BufReader::new(io::repeat(0));
        assert_eq!(read_line(&mut r, 10).unwrap(), Line::Flood);
    }

    #[test]
    fn a_file_is_read_up_to_its_limit_and_refused_beyond() {
        let dir = std::env::temp_dir().join(format!("lud-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("f.txt");
        std::fs::write(&f, b"0123456789").unwrap();
        assert_eq!(read_file(&f, 10).unwrap(), b"0123456789");
        assert!(matches!(
            read_file(&f, 9),
            Err(InputError::TooLarge {
                size: Some(10),
                limit: 9
            })
        ));
        assert!(matches!(
            read_file(&dir, 9),
            Err(InputError::NotAFile {
                what: "a directory"
            })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_before_it_is_read() {
        assert!(matches!(
            read_file(Path::new("/dev/zero"), 10),
            Err(InputError::NotAFile {
                what: "a character device"
            })
        ));
    }
}
