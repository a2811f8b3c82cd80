//! The standard input and output of `lud lsp`: the Language Server
//! Protocol's frames (header lines, a blank line, then a JSON body of
//! `Content-Length` bytes) read within limits. A header line or a body
//! larger than any editor sends is refused with a message rather than
//! read into memory; a body that is not a JSON-RPC message is told on
//! stderr and skipped (the next frame is still found). The channels hold
//! one message at a time, so a client that writes faster than the server
//! answers waits: the memory used stays bounded.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use lsp_server::{Connection, Message};

/// The largest body read: a document is refused past 1 MB anyway
/// (`crate::input`), and JSON escapes grow it at most sixfold.
const MAX_BODY: usize = 8 << 20;

/// The longest header line read.
const MAX_HEADER: u64 = 4096;

/// The threads that read and write the frames.
pub(super) struct Io {
    writer: JoinHandle<io::Result<()>>,
    /// Why reading stopped, where the input was not a stream of frames.
    failed: Arc<Mutex<Option<String>>>,
}

/// A connection over stdin and stdout, and its threads.
pub(super) fn stdio() -> (Connection, Io) {
    let (to_server, from_client) = crossbeam_channel::bounded::<Message>(0);
    let (to_client, from_server) = crossbeam_channel::bounded::<Message>(0);
    let failed = Arc::new(Mutex::new(None));
    let told = Arc::clone(&failed);
    // Not joined: at the end it may be waiting on stdin, which the process
    // leaving closes.
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            match read_message(&mut input) {
                Ok(Frame::End) => break,
                Ok(Frame::Skipped(why)) => {
                    super::io::write_err(format_args!("lud lsp: a message skipped: {why}\n"));
                }
                Ok(Frame::Message(m)) => {
                    let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                    if to_server.send(m).is_err() || exit {
                        break;
                    }
                }
                Err(e) => {
                    if let Ok(mut slot) = told.lock() {
                        *slot = Some(e);
                    }
                    break;
                }
            }
        }
    });
    let writer = std::thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        for m in from_server {
            m.write(&mut out)?;
            out.flush()?;
        }
        Ok(())
    });
    (
        Connection {
            sender: to_client,
            receiver: from_client,
        },
        Io { writer, failed },
    )
}

impl Io {
    /// Waits for the last messages to be written: why reading stopped
    /// early, if it did, else why writing failed, if it did.
    pub(super) fn finish(self, connection: Connection) -> Option<String> {
        drop(connection);
        let wrote = match self.writer.join() {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(format!("cannot write to the client: {e}")),
            Err(_) => Some("the writing thread stopped".to_string()),
        };
        let read = self.failed.lock().ok().and_then(|mut s| s.take());
        read.or(wrote)
    }
}

/// What one frame held.
#[derive(Debug)]
enum Frame {
    /// A message.
    Message(Message),
    /// A body that is not a JSON-RPC message (why).
    Skipped(String),
    /// The input ended between frames.
    End,
}

/// Reads one frame; an error says why the input cannot be read on.
fn read_message(input: &mut impl BufRead) -> Result<Frame, String> {
    let mut size = None;
    let mut first = true;
    loop {
        let mut line = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_HEADER)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read the input: {e}"))?;
        if n == 0 {
            return if first {
                Ok(Frame::End)
            } else {
                Err("the input ended inside a message's headers".to_string())
            };
        }
        first = false;
        let Some(text) = line.strip_suffix(b"\r\n") else {
            return Err(if n as u64 == MAX_HEADER {
                format!("a header line longer than {MAX_HEADER} bytes: not the Language Server Protocol")
            } else {
                "a header line not ended by CRLF: not the Language Server Protocol".to_string()
            });
        };
        if text.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(text);
        let Some((name, value)) = text.split_once(':') else {
            return Err(format!("`{}` is not a header (Name: value)", clip(&text)));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let value = value.trim();
            match value.parse::<u64>() {
                Ok(n) if n <= MAX_BODY as u64 => size = Some(n as usize),
                Ok(n) => {
                    return Err(format!(
                        "a message of {n} bytes: lud lsp reads messages of at most {MAX_BODY} bytes"
                    ))
                }
                Err(_) => return Err(format!("Content-Length `{}` is not a number", clip(value))),
            }
        }
    }
    let size = size.ok_or("a message with no Content-Length header")?;
    let mut body = vec![0; size];
    input
        .read_exact(&mut body)
        .map_err(|_| format!("the input ended inside a message of {size} bytes"))?;
    Ok(match serde_json::from_slice::<Message>(&body) {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Skipped(format!("not a JSON-RPC message ({e})")),
    })
}

/// At most 40 characters of a text, for a message.
fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Result<String, String>> {
        let mut r = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            match read_message(&mut r) {
                Ok(Frame::End) => return out,
                Ok(Frame::Message(m)) => out.push(Ok(format!("{m:?}"))),
                Ok(Frame::Skipped(w)) => out.push(Err(w)),
                Err(e) => {
                    out.push(Err(e));
                    return out;
                }
            }
        }
    }

    #[test]
    fn frames_are_read_within_limits() {
        let msg = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let two = format!("Content-Length: {}\r\n\r\n{msg}", msg.len()).repeat(2);
        let read = frames(two.as_bytes());
        assert_eq!(read.len(), 2);
        assert!(read
            .iter()
            .all(|r| r.as_ref().is_ok_and(|m| m.contains("exit"))));
        // A body too large is refused before it is read.
        let huge = frames(b"Content-Length: 99999999999999\r\n\r\n{}");
        assert!(
            huge[0].as_ref().is_err_and(|e| e.contains("at most")),
            "{huge:?}"
        );
        // A header line with no end is cut off.
        let endless = vec![b'a'; 10_000];
        let r = frames(&endless);
        assert!(
            r[0].as_ref().is_err_and(|e| e.contains("longer than")),
            "{r:?}"
        );
        // A body that is not JSON-RPC is skipped, and the next one read.
        let bad = format!(
            "Content-Length: 2\r\n\r\n{{}}Content-Length: {}\r\n\r\n{msg}",
            msg.len()
        );
        let r = frames(bad.as_bytes());
        assert!(
            r[0].as_ref().is_err_and(|e| e.contains("not a JSON-RPC")),
            "{r:?}"
        );
        assert!(r[1].is_ok(), "{r:?}");
        // The input ending inside a body is said so.
        let r = frames(b"Content-Length: 10\r\n\r\n{}");
        assert!(
            r[0].as_ref().is_err_and(|e| e.contains("ended inside")),
            "{r:?}"
        );
    }
}
