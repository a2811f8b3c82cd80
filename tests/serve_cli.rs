//! `lud serve` as a user starts it: it prints its address, serves the page
//! and the API over real sockets, refuses paths it cannot serve (exit 2) and
//! a port it cannot take (exit 1).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const LUD: &str = env!("CARGO_BIN_EXE_lud");

/// A server that is killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `lud serve ARGS --port 0`; the server and its port.
fn start(args: &[&str]) -> (Server, u16) {
    start_in(".", args)
}

/// [`start`] in the folder `dir`.
fn start_in(dir: &str, args: &[&str]) -> (Server, u16) {
    let mut child = Command::new(LUD)
        .current_dir(dir)
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lud starts");
    let out = child.stdout.take().expect("stdout");
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .expect("a first line");
    let url = line
        .trim()
        .strip_prefix("lud serve: http://127.0.0.1:")
        .unwrap_or_else(|| panic!("the address first: {line:?}"));
    let port = url.trim_end_matches('/').parse().expect("a port");
    (server, port)
}

/// One HTTP/1.1 request; the status line and the body.
fn request(port: u16, method: &str, path: &str, body: &str) -> (String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("sent");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("an answer");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

#[test]
fn serve_prints_its_address_and_serves_the_page_and_the_api() {
    let (_server, port) = start(&["games"]);
    let (status, body) = request(port, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.to_ascii_lowercase().contains("<!doctype html>"),
        "{body:.200}"
    );
    let (status, body) = request(port, "GET", "/api/files", "");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("games/chess.lud"), "{body:.300}");
    let game = std::fs::read_to_string("games/chess.lud").expect("chess");
    let req = serde_json::json!({ "text": game, "moves": ["e2e4"] }).to_string();
    let (status, body) = request(port, "POST", "/api/position", &req);
    assert!(status.contains("200"), "{status}");
    let v: serde_json::Value = serde_json::from_str(body.trim()).unwrap_or_else(|_| {
        // A chunked body: the JSON is the middle line.
        serde_json::from_str(body.lines().nth(1).unwrap_or("")).expect("JSON")
    });
    assert_eq!(v["toMoveName"], "Black");
}

#[test]
fn serve_without_paths_serves_games_here_or_nothing() {
    let (_server, port) = start(&[]);
    let (_, body) = request(port, "GET", "/api/files", "");
    assert!(body.contains("games/chess.lud"), "{body:.300}");
    let tmp = std::env::temp_dir().join(format!("lud-serve-empty-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a temporary folder");
    let (_server, port) = start_in(tmp.to_str().expect("a UTF-8 path"), &[]);
    let (status, body) = request(port, "GET", "/api/files", "");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains(r#""files":[]"#), "{body}");
    let _ = std::fs::remove_dir(&tmp);
}

#[test]
fn serve_refuses_what_it_cannot_serve() {
    let out = Command::new(LUD)
        .args(["serve", "no/such/folder", "--port", "0"])
        .output()
        .expect("lud runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no/such/folder") && err.contains("help:"),
        "{err}"
    );
    // A port already taken.
    let (_server, port) = start(&["games"]);
    let out = Command::new(LUD)
        .args(["serve", "games", "--port", &port.to_string()])
        .output()
        .expect("lud runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot listen") && err.contains("--port"),
        "{err}"
    );
}

/// A client that opens connections and never finishes a request does not
/// hold them: each is closed once the headers are late (10 s), and the
/// server answers others meanwhile.
#[test]
fn serve_closes_a_connection_whose_request_never_comes() {
    let (_server, port) = start(&["games"]);
    let started = std::time::Instant::now();
    let mut half = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    write!(half, "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n").expect("sent");
    let silent = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    // Others are answered while both wait.
    let (status, _) = request(port, "GET", "/api/files", "");
    assert!(status.contains("200"), "{status}");
    for mut s in [half, silent] {
        s.set_read_timeout(Some(Duration::from_secs(40)))
            .expect("a timeout");
        let mut rest = Vec::new();
        // Closed: the end of the stream (or a reset), not the 40 s timeout.
        match s.read_to_end(&mut rest) {
            Ok(_) => {}
            Err(e) => assert_eq!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset,
                "not closed: {e}"
            ),
        }
    }
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(9) && waited < Duration::from_secs(30),
        "closed after {waited:?}"
    );
}
