//! `lud lsp`: a scripted editor session in, the server's replies out (a
//! golden transcript). The session opens a file with a mistake, fixes it,
//! and asks for every feature at places found in the text (one line holds
//! a `×` before the place asked about, so that columns in UTF-16 units and
//! in bytes differ); then bad requests, and shutdown.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

const URI: &str = "file:///work/tiny.lud";

const BROKEN: &str = r#"// A small game to ask the server about.
(define "Forward step" (step Forward to:Empty))
(game "Tiny"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 4))
        (region "Home×" {a1 b1}) (region "Goal" {a4 b4 c4 d4})
        (piece "Pawn" "P" ("Forward step") (step {ForwardLeft ForwardRight} to:Enemy))
    })
    (rules
        (start {(place White "Pawn" "Home×") (place Black "Pawn" {c4 d4})})
        (end {
            (if (reached Mover (lastRank)) (win Mover "far rank"))
            (if (noMoves Next) (los Next "no moves"))})))
"#;

/// Line and column (UTF-16 units) of the `nth` occurrence of `needle`,
/// plus `plus` characters.
fn pos(text: &str, needle: &str, nth: usize, plus: usize) -> Value {
    let at = text.match_indices(needle).nth(nth).expect("in the text").0;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count();
    let col: usize = text[line_start..at].encode_utf16().count() + plus;
    json!({"line": line, "character": col})
}

fn frame(v: &Value) -> Vec<u8> {
    let body = v.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// `lud lsp`, started with every stream piped.
fn start() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_lud"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lud starts")
}

/// Runs a session, one message at a time as an editor would: after a
/// request, its answer is awaited; after a change to a document, the
/// diagnostics published. The exit code and every message the server sent.
fn session(init: Value, msgs: &[Value]) -> (Option<i32>, Vec<Value>) {
    let mut child = start();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel::<Value>();
    std::thread::spawn(move || {
        use std::io::{BufRead, Read};
        loop {
            let mut head = String::new();
            let mut len = 0;
            loop {
                head.clear();
                if stdout.read_line(&mut head).unwrap_or(0) == 0 {
                    return;
                }
                if let Some(n) = head.trim().strip_prefix("Content-Length: ") {
                    len = n.parse().unwrap();
                }
                if head == "\r\n" {
                    break;
                }
            }
            let mut body = vec![0; len];
            stdout.read_exact(&mut body).unwrap();
            if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                return;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut replies = Vec::new();
    let wait_for = |what: &dyn Fn(&Value) -> bool, replies: &mut Vec<Value>| loop {
        let v = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("lud lsp answers within a minute");
        let done = what(&v);
        replies.push(v);
        if done {
            return;
        }
    };
    let first = request(0, "initialize", init);
    for m in std::iter::once(&first).chain(msgs) {
        stdin.write_all(&frame(m)).unwrap();
        stdin.flush().unwrap();
        let method = m["method"].as_str().unwrap_or("");
        if let Some(id) = m.get("id").cloned() {
            if method != "shutdown" {
                wait_for(&|v: &Value| v.get("id") == Some(&id), &mut replies);
            }
        } else if [
            "textDocument/didOpen",
            "textDocument/didChange",
            "textDocument/didClose",
        ]
        .contains(&method)
        {
            wait_for(
                &|v: &Value| v["method"] == "textDocument/publishDiagnostics",
                &mut replies,
            );
        }
    }
    drop(stdin);
    let (txs, rxs) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = txs.send(child.wait_with_output());
    });
    let out = rxs
        .recv_timeout(Duration::from_secs(60))
        .expect("lud lsp ends within a minute")
        .unwrap();
    replies.extend(rx.try_iter());
    if out.status.code() != Some(0) {
        eprintln!("stderr: {}", String::from_utf8_lossy(&out.stderr));
    }
    (out.status.code(), replies)
}

fn request(id: u32, method: &str, params: Value) -> Value {
    let mut v = json!({"jsonrpc": "2.0", "id": id, "method": method});
    v["params"] = params;
    v
}

fn notify(method: &str, params: Value) -> Value {
    let mut v = json!({"jsonrpc": "2.0", "method": method});
    v["params"] = params;
    v
}

fn at(text: &str, needle: &str, nth: usize, plus: usize) -> Value {
    json!({"textDocument": {"uri": URI}, "position": pos(text, needle, nth, plus)})
}

/// A reply as the transcript shows it: completion lists as their labels.
fn shown(v: &Value) -> String {
    let mut v = v.clone();
    if let Some(items) = v.get_mut("result").and_then(Value::as_array_mut) {
        if items.iter().all(|i| i.get("label").is_some()) && !items.is_empty() {
            let labels: Vec<Value> = items.iter().map(|i| i["label"].clone()).collect();
            let first = items[0].clone();
            v["result"] = json!({"labels": labels, "first": first});
        }
    }
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn an_editor_session_gets_every_answer() {
    let fixed = BROKEN.replace("(los Next", "(loss Next");
    let t = &fixed;
    let msgs = vec![
        notify("initialized", json!({})),
        notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "lud", "version": 1, "text": BROKEN}}),
        ),
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
        ),
        // Hover: a ludeme, a key, a constant, a declared name after the `×`, a macro use.
        request(1, "textDocument/hover", at(t, "(reached", 0, 2)),
        request(2, "textDocument/hover", at(t, "to:Enemy", 0, 1)),
        request(3, "textDocument/hover", at(t, "ForwardLeft", 0, 3)),
        request(4, "textDocument/hover", at(t, "\"Goal\"", 0, 2)),
        request(5, "textDocument/hover", at(t, "(\"Forward step\")", 0, 3)),
        // Completion: after `(re`, inside quotes, the keys of `step`.
        request(6, "textDocument/completion", at(t, "(reached", 0, 3)),
        request(7, "textDocument/completion", at(t, "\"Pawn\" {c4", 0, 1)),
        request(8, "textDocument/completion", at(t, "to:Enemy", 0, 0)),
        // Definition and rename of the region named with a `×`.
        request(9, "textDocument/definition", at(t, "\"Home×\"", 1, 2)),
        request(10, "textDocument/prepareRename", at(t, "\"Home×\"", 1, 2)),
        request(
            11,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "\"Home×\"", 1, 2), "newName": "Start"}),
        ),
        request(
            12,
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        ),
        request(
            13,
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        // Refused: a name with a quote, a name not declared, bad params, an unknown method.
        request(
            14,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "\"Goal\"", 0, 2), "newName": "a\"b"}),
        ),
        request(
            15,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "\"far rank\"", 0, 2), "newName": "x"}),
        ),
        request(16, "textDocument/hover", json!({"nonsense": true})),
        request(17, "workspace/symbol", json!({"query": ""})),
        // Completion in a list (constants only), after `("` (macros only).
        request(19, "textDocument/completion", at(t, "ForwardRight", 0, 4)),
        request(
            20,
            "textDocument/completion",
            at(t, "(\"Forward step\")", 0, 2),
        ),
        // A player: written bare, declared in quotes.
        request(21, "textDocument/references", {
            let mut p = at(t, "(place White", 0, 8);
            p["context"] = json!({"includeDeclaration": true});
            p
        }),
        request(
            22,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "(place White", 0, 8), "newName": "Gold"}),
        ),
        request(
            23,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "(place White", 0, 8), "newName": "Gold Star"}),
        ),
        // A name already declared.
        request(
            24,
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": pos(t, "\"Goal\"", 0, 2), "newName": "Pawn"}),
        ),
        // The reason a game ends is not the region of the same name.
        request(25, "textDocument/hover", at(t, "(place White", 0, 8)),
        notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": URI}}),
        ),
        request(18, "shutdown", Value::Null),
        notify("exit", Value::Null),
    ];
    let (code, replies) = session(json!({"capabilities": {}}), &msgs);
    assert_eq!(code, Some(0), "a clean shutdown exits with 0");
    let transcript: Vec<String> = replies.iter().map(shown).collect();
    insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("lsp_session", transcript.join("\n"));
    });
}

/// A client that counts in bytes gets byte columns: the same place after
/// the `×` is one column further on.
#[test]
fn columns_are_in_bytes_when_the_client_asks() {
    let t = BROKEN;
    let msgs = vec![
        notify("initialized", json!({})),
        notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "lud", "version": 1, "text": t}}),
        ),
        request(1, "textDocument/definition", at(t, "\"Home×\"", 1, 2)),
        // After the `×` on its line, in bytes: one column further than in UTF-16 units.
        request(3, "textDocument/definition", {
            let mut p = at(t, "\"Goal\"", 0, 2);
            p["position"]["character"] = json!(p["position"]["character"].as_u64().unwrap() + 1);
            p
        }),
        request(2, "shutdown", Value::Null),
        notify("exit", Value::Null),
    ];
    let init = json!({"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}});
    let (code, replies) = session(init, &msgs);
    assert_eq!(code, Some(0));
    assert_eq!(
        replies[0]["result"]["capabilities"]["positionEncoding"],
        "utf-8"
    );
    let def = replies.iter().find(|r| r["id"] == 1).expect("an answer");
    // The declaration `(region "Home×"` starts at byte column 17 of line 6,
    // and the name ends after the two-byte `×` (column 22 in UTF-16 units).
    assert_eq!(
        def["result"][0]["range"]["start"],
        json!({"line": 6, "character": 17})
    );
    assert_eq!(
        def["result"][0]["range"]["end"],
        json!({"line": 6, "character": 23})
    );
    // Asked for by its byte column too: "Goal" starts at byte 43 (42 in UTF-16 units).
    let goal = replies.iter().find(|r| r["id"] == 3).expect("an answer");
    assert_eq!(
        goal["result"][0]["range"]["start"],
        json!({"line": 6, "character": 43})
    );
}

/// Semantic tokens: each word of the file by what it is, decoded from the
/// packed numbers and read back from the text (a string holding a `×`
/// counted in UTF-16 units).
#[test]
fn words_are_coloured_by_what_they_are() {
    let t = BROKEN;
    let msgs = vec![
        notify("initialized", json!({})),
        notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "lud", "version": 1, "text": t}}),
        ),
        request(
            1,
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        ),
        request(2, "shutdown", Value::Null),
        notify("exit", Value::Null),
    ];
    let (code, replies) = session(json!({"capabilities": {}}), &msgs);
    assert_eq!(code, Some(0));
    let legend: Vec<String> = replies[0]["result"]["capabilities"]["semanticTokensProvider"]
        ["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let data: Vec<u64> = replies.iter().find(|r| r["id"] == 1).unwrap()["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let lines: Vec<Vec<u16>> = t.lines().map(|l| l.encode_utf16().collect()).collect();
    let (mut line, mut col) = (0usize, 0usize);
    let mut words: Vec<(String, String)> = Vec::new();
    for d in data.chunks(5) {
        if d[0] > 0 {
            col = 0;
        }
        line += d[0] as usize;
        col += d[1] as usize;
        let text = String::from_utf16(&lines[line][col..col + d[2] as usize]).unwrap();
        words.push((text, legend[d[3] as usize].clone()));
    }
    for (word, kind) in [
        ("// A small game to ask the server about.", "comment"),
        ("define", "function"),
        ("\"Forward step\"", "macro"),
        ("step", "function"),
        ("to:", "property"),
        ("Forward", "enumMember"),
        ("4", "number"),
        ("\"Home×\"", "string"),
        ("a1", "enumMember"),
        ("\"far rank\"", "string"),
        ("los", "enumMember"),
    ] {
        assert!(
            words.iter().any(|(w, k)| w == word && k == kind),
            "{word} as {kind}: {words:?}"
        );
    }
}

/// A file written with CRLF line ends is formatted with CRLF line ends.
#[test]
fn formatting_keeps_crlf_line_ends() {
    let t = BROKEN
        .replace("(los Next", "(loss Next")
        .replace("(board (square 4))", "(board   (square 4))")
        .replace('\n', "\r\n");
    let msgs = vec![
        notify("initialized", json!({})),
        notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "lud", "version": 1, "text": t}}),
        ),
        request(
            1,
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        request(2, "shutdown", Value::Null),
        notify("exit", Value::Null),
    ];
    let (code, replies) = session(json!({"capabilities": {}}), &msgs);
    assert_eq!(code, Some(0));
    let edit = replies.iter().find(|r| r["id"] == 1).expect("an answer");
    let text = edit["result"][0]["newText"].as_str().expect("an edit");
    assert!(text.contains("(board (square 4))\r\n"), "{text}");
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "every line end is CRLF"
    );
}

/// Input that is not the protocol ends the server with an error, at once.
#[test]
fn garbage_ends_the_server_with_an_error() {
    let mut child = start();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"Content-Length: 5\r\n\r\n{{{{{").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        !String::from_utf8_lossy(&out.stderr).is_empty(),
        "it says why"
    );
}
