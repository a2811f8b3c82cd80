//! `lud serve`'s HTTP API, driven in process (the router, one request at a
//! time): every endpoint on the shipped games, moves made by their clicks,
//! refusals explained, records round-tripped, the computer's move streamed,
//! and hostile requests (other hosts and pages, broken JSON, huge or binary
//! texts, bad moves and positions, paths outside the files served).

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt as _;
use serde_json::{json, Value};
use tower::ServiceExt as _;

const HOST: &str = "127.0.0.1:8080";

fn app(paths: &[PathBuf]) -> axum::Router {
    lud::cli::serve::router(paths, vec![HOST.to_string(), "localhost:8080".to_string()])
        .expect("the paths can be served")
}

fn games() -> axum::Router {
    app(&[PathBuf::from("games")])
}

/// Sends a request; the status and the body (as JSON where it is JSON,
/// else as a string).
async fn send(app: &axum::Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(req).await.expect("the router answers");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("a body").to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, v)
}

/// A request with exactly these headers.
fn request(
    method: Method,
    path: &str,
    headers: &[(header::HeaderName, &str)],
    body: impl Into<Body>,
) -> Request<Body> {
    let mut r = Request::builder().method(method).uri(path);
    for (k, v) in headers {
        r = r.header(k, *v);
    }
    r.body(body.into()).expect("a request")
}

const JSON: (header::HeaderName, &str) = (header::CONTENT_TYPE, "application/json");
const OURS: (header::HeaderName, &str) = (header::HOST, HOST);

/// A POST from the page: this server's host and origin.
fn post(path: &str, body: &Value) -> Request<Body> {
    let origin = format!("http://{HOST}");
    request(
        Method::POST,
        path,
        &[OURS, (header::ORIGIN, &origin), JSON],
        body.to_string(),
    )
}

fn get(path: &str) -> Request<Body> {
    request(Method::GET, path, &[OURS], Body::empty())
}

/// A save of `text` as the file `name` (`&new=1` for Save as).
fn put(name: &str, text: &str) -> Request<Body> {
    let path = format!("/api/file?name={}", name.replace(' ', "%20"));
    request(
        Method::PUT,
        &path,
        &[OURS, JSON],
        json!({ "text": text }).to_string(),
    )
}

async fn ok(app: &axum::Router, path: &str, body: &Value) -> Value {
    let (status, v) = send(app, post(path, body)).await;
    assert_eq!(status, StatusCode::OK, "{path}: {v}");
    v
}

fn text_of(file: &str) -> String {
    std::fs::read_to_string(Path::new("games").join(file)).expect("a shipped game")
}

fn shipped() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("games")
        .expect("games/")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| Path::new(n).extension().is_some_and(|x| x == "lud"))
        .collect();
    v.sort();
    v
}

/// The UTF-16 slice of a text, as the page's editor reads `from..to`.
fn utf16_slice(text: &str, from: &Value, to: &Value) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let (f, t) = (
        from.as_u64().expect("from") as usize,
        to.as_u64().expect("to") as usize,
    );
    String::from_utf16_lossy(&units[f..t])
}

#[tokio::test]
async fn files_are_listed_read_and_only_those_saved() {
    let dir = std::env::temp_dir().join(format!("lud-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("mine.lud");
    std::fs::write(&file, lud::EXAMPLE).expect("written");
    std::fs::write(dir.join("notes.txt"), "not a game").expect("written");
    let app = app(std::slice::from_ref(&dir));
    let (status, v) = send(&app, get("/api/files")).await;
    assert_eq!(status, StatusCode::OK);
    let name = file.to_string_lossy().replace('\\', "/");
    assert_eq!(v["files"], json!([{ "name": name }]), "only .lud files");
    let folder = dir.to_string_lossy().replace('\\', "/");
    assert_eq!(v["folders"], json!([folder]));
    let (status, v) = send(&app, get(&format!("/api/file?name={name}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["text"], lud::EXAMPLE);
    // Saved whole.
    let changed = lud::EXAMPLE.replace("Kings", "Two Kings");
    let (status, v) = send(&app, put(&name, &changed)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), changed);
    // Nothing else is read or written.
    for other in [
        dir.join("notes.txt").to_string_lossy().into_owned(),
        format!("{name}/../notes.txt"),
        "/etc/passwd".to_string(),
        "Cargo.toml".to_string(),
    ] {
        let (status, v) = send(&app, get(&format!("/api/file?name={other}"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{other}: {v}");
        assert!(v["error"]["help"].is_string(), "{v}");
        assert_eq!(
            send(&app, put(&other, "x")).await.0,
            StatusCode::NOT_FOUND,
            "{other}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).expect("read"),
        "not a game"
    );
    // A new game saved in the folder (Save as), served from then on.
    let new = format!("{folder}/my variant.lud");
    assert_eq!(
        send(&app, put(&new, lud::EXAMPLE)).await.0,
        StatusCode::NOT_FOUND,
        "not yet served"
    );
    let save_as = |name: &str| put(&format!("{name}&new=1"), lud::EXAMPLE);
    let (status, v) = send(&app, save_as(&new)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["new"], true);
    assert_eq!(
        std::fs::read_to_string(dir.join("my variant.lud")).expect("saved"),
        lud::EXAMPLE
    );
    let (_, v) = send(&app, get("/api/files")).await;
    assert_eq!(v["files"].as_array().map(Vec::len), Some(2), "{v}");
    let (status, v) = send(&app, put(&new, lud::EXAMPLE)).await;
    assert_eq!((status, &v["new"]), (StatusCode::OK, &json!(false)), "{v}");
    // Save as never writes over a file: one served, or one that is there.
    for there in [new.clone(), format!("{folder}/mine.lud")] {
        let (status, v) = send(&app, save_as(&there)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{there}: {v}");
    }
    std::fs::write(dir.join("late.lud"), "x").expect("written");
    assert_eq!(
        send(&app, save_as(&format!("{folder}/late.lud"))).await.0,
        StatusCode::CONFLICT
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("late.lud")).expect("read"),
        "x"
    );
    for bad in [
        format!("{folder}/../x.lud"),
        format!("{folder}/.hidden.lud"),
        format!("{folder}/x.txt"),
        format!("{folder}/sub/x.lud"),
        format!("{folder}/.lud"),
        format!("{folder}/notes.txt"),
        "x.lud".to_string(),
        "/tmp/x.lud".to_string(),
    ] {
        let (status, v) = send(&app, save_as(&bad)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}: {v}");
        assert!(
            v["error"]["help"]
                .as_str()
                .is_some_and(|h| h.contains("FOLDER/NAME.lud")),
            "{v}"
        );
    }
    assert!(!dir.join("x.txt").exists() && !dir.join(".hidden.lud").exists());
    let _ = std::fs::remove_dir_all(&dir);
    // A path that does not exist is a usage error when the server starts.
    assert!(lud::cli::serve::router(&[PathBuf::from("no/such/dir")], Vec::new()).is_err());
}

#[tokio::test]
async fn check_gives_lud_checks_problems_at_their_utf16_places() {
    let app = games();
    // A wide character and an astral one before the typo: UTF-16 places
    // differ from byte places from there on.
    let text = lud::EXAMPLE
        .replace("(game \"Kings\"", "(game \"K×😀ings\"")
        .replace("(step All)", "(stpe All)");
    let v = ok(&app, "/api/check", &json!({ "text": text })).await;
    let problems = v["problems"].as_array().expect("problems");
    let expected =
        lud::build::check(&lud::source::SourceFile::new("game.lud", text.as_str())).items();
    assert_eq!(problems.len(), expected.len());
    let p = &problems[0];
    assert_eq!(p["severity"], "error");
    assert_eq!(p["code"], expected[0].code.as_str());
    assert_eq!(p["message"], expected[0].message.as_str());
    assert!(
        p["help"].as_str().is_some_and(|h| h.contains("step")),
        "{p}"
    );
    assert_eq!(utf16_slice(&text, &p["from"], &p["to"]), "stpe");
    assert_eq!(p["line"], 5);
    // A file's rulesets and options, for the page's controls.
    let v = ok(
        &app,
        "/api/check",
        &json!({ "text": text_of("parsi-chess.lud") }),
    )
    .await;
    assert_eq!(v["problems"], json!([]));
    let rulesets: Vec<&str> = v["rulesets"]
        .as_array()
        .expect("rulesets")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    assert!(rulesets.len() > 1, "{rulesets:?}");
    // Text that is not a game: problems, not a failure.
    for bad in [
        "",
        "\0\0\0",
        "(((((",
        "\"",
        "(game \"x\" ×)",
        &"(".repeat(100_000),
    ] {
        let v = ok(&app, "/api/check", &json!({ "text": bad })).await;
        assert!(
            !v["problems"].as_array().expect("problems").is_empty(),
            "{bad:.20}"
        );
    }
}

#[tokio::test]
async fn format_tokens_hover_and_complete() {
    let app = games();
    let chess = text_of("chess.lud");
    let messy: String = chess.lines().flat_map(|l| [l.trim_start(), "\n"]).collect();
    assert_ne!(messy, chess);
    let v = ok(&app, "/api/format", &json!({ "text": messy })).await;
    assert_eq!(v["text"], chess.as_str(), "lud fmt's layout");
    let v = ok(&app, "/api/format", &json!({ "text": "(game" })).await;
    assert_eq!(v["text"], Value::Null, "broken syntax is left alone");
    let text = text_of("xiangqi.lud");
    let v = ok(&app, "/api/tokens", &json!({ "text": text })).await;
    let tokens = v["tokens"].as_array().expect("tokens");
    let ludemes: Vec<String> = tokens
        .iter()
        .filter(|t| t["kind"] == "ludeme")
        .map(|t| utf16_slice(&text, &t["from"], &t["to"]))
        .collect();
    assert!(ludemes.iter().any(|l| l == "game"), "{ludemes:?}");
    assert!(ludemes.iter().any(|l| l == "slide"), "{ludemes:?}");
    for t in tokens {
        let s = utf16_slice(&text, &t["from"], &t["to"]);
        match t["kind"].as_str() {
            Some("string") => assert!(s.starts_with('"') && s.ends_with('"'), "{s}"),
            Some("comment") => assert!(s.starts_with("//") || s.starts_with("/*"), "{s}"),
            _ => assert!(!s.is_empty()),
        }
    }
    // Hover over `slide`, counted in UTF-16 units.
    let units: Vec<u16> = text.encode_utf16().collect();
    let slide: Vec<u16> = "(slide".encode_utf16().collect();
    let at = units
        .windows(slide.len())
        .position(|w| w == slide.as_slice())
        .expect("xiangqi slides")
        + 2;
    let v = ok(&app, "/api/hover", &json!({ "text": text, "at": at })).await;
    assert_eq!(utf16_slice(&text, &v["from"], &v["to"]), "slide");
    assert!(
        v["markdown"].as_str().is_some_and(|m| m.contains("slide")),
        "{v}"
    );
    let v = ok(
        &app,
        "/api/hover",
        &json!({ "text": text, "at": 10_000_000 }),
    )
    .await;
    assert_eq!(v, Value::Null);
    // Completion after `(sl`: ludemes, replacing what is typed.
    let typed = format!("{}(sl", lud::EXAMPLE.trim_end());
    let at = typed.encode_utf16().count();
    let v = ok(&app, "/api/complete", &json!({ "text": typed, "at": at })).await;
    assert_eq!(utf16_slice(&typed, &v["from"], &v["to"]), "sl");
    let labels: Vec<&str> = v["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(labels.contains(&"slide"), "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with("sl")), "{labels:?}");
    // The whole reference, as `lud doc` prints it.
    let (status, v) = send(&app, get("/api/reference")).await;
    assert_eq!(status, StatusCode::OK);
    let doc = std::fs::read_to_string("docs/language.md").expect("the reference");
    assert_eq!(v["markdown"], doc.as_str());
}

/// The legal moves left after the clicks so far, as the page narrows them.
fn narrow<'a>(legal: &'a [Value], clicks: &[u64]) -> Vec<&'a Value> {
    legal
        .iter()
        .filter(|m| {
            let c: Vec<u64> = m["clicks"]
                .as_array()
                .expect("clicks")
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            c.starts_with(clicks)
        })
        .collect()
}

#[tokio::test]
async fn every_shipped_game_plays_by_clicks() {
    let app = games();
    for file in shipped() {
        let text = text_of(&file);
        let g = ok(&app, "/api/game", &json!({ "text": text })).await;
        assert!(
            g["describe"].as_str().is_some_and(|d| !d.is_empty()),
            "{file}"
        );
        assert!(
            g["dot"].as_str().is_some_and(|d| d.starts_with("digraph")),
            "{file}"
        );
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..6 {
            let p = ok(
                &app,
                "/api/position",
                &json!({ "text": text, "moves": moves }),
            )
            .await;
            assert_eq!(p["error"], Value::Null, "{file} ply {ply}");
            let svg = p["svg"].as_str().expect("svg");
            assert!(svg.starts_with("<svg"), "{file}");
            let legal = p["legal"].as_array().expect("legal").clone();
            if legal.is_empty() {
                assert!(p["outcome"].is_object(), "{file}: no moves and no result");
                break;
            }
            for m in &legal {
                let clicks: Vec<u64> = m["clicks"]
                    .as_array()
                    .expect("clicks")
                    .iter()
                    .filter_map(Value::as_u64)
                    .collect();
                // Every square clicked is drawn.
                for c in &clicks {
                    assert!(
                        svg.contains(&format!("data-sq=\"{c}\"")),
                        "{file}: square {c}"
                    );
                }
                // Moves made by the same clicks are told apart by their labels.
                let same: Vec<&Value> = narrow(&legal, &clicks)
                    .into_iter()
                    .filter(|o| o["clicks"] == m["clicks"])
                    .collect();
                let mut labels: Vec<&str> =
                    same.iter().filter_map(|o| o["label"].as_str()).collect();
                labels.sort_unstable();
                labels.dedup();
                assert_eq!(labels.len(), same.len(), "{file}: {same:?}");
            }
            // Play the move the middle of the list, found by its clicks.
            let pick = &legal[legal.len() / 2];
            let clicks: Vec<u64> = pick["clicks"]
                .as_array()
                .expect("clicks")
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            let found = narrow(&legal, &clicks);
            assert!(found.iter().any(|m| m["text"] == pick["text"]), "{file}");
            moves.push(pick["text"].as_str().expect("text").to_string());
        }
        let p = ok(
            &app,
            "/api/position",
            &json!({ "text": text, "moves": moves, "flipped": true }),
        )
        .await;
        let played: Vec<&str> = p["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(|m| m["text"].as_str())
            .collect();
        assert_eq!(
            played,
            moves.iter().map(String::as_str).collect::<Vec<_>>(),
            "{file}"
        );
        if !moves.is_empty() {
            assert!(p["last"]["to"].is_u64(), "{file}");
        }
    }
}

/// A game that drops two kinds: a click on a square offers both drops, each
/// labelled with its piece, and the one chosen is played by its text.
#[tokio::test]
async fn drops_of_two_kinds_are_offered_by_their_pieces() {
    let app = games();
    let text = std::fs::read_to_string("tests/fixtures/drops/two-kinds.lud").expect("the fixture");
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text, "moves": ["R@b2"] }),
    )
    .await;
    assert_eq!(p["moves"][0]["text"], "R@b2", "{p}");
    let legal = p["legal"].as_array().expect("legal").clone();
    // c3 is square 12 of the 5x5 board.
    let mut labels: Vec<&str> = narrow(&legal, &[12])
        .iter()
        .filter_map(|m| m["label"].as_str())
        .collect();
    labels.sort_unstable();
    assert_eq!(labels, ["R@c3 (Rock)", "S@c3 (Stone)"], "{p}");
}

#[tokio::test]
async fn played_moves_carry_their_move_numbers_by_turns() {
    let app = games();
    let field = |p: &Value, key: &str| -> Vec<u64> {
        p["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m[key].as_u64().unwrap())
            .collect()
    };
    // Amazons: a queen's move and its arrow are one turn, one number.
    let moves = ["d1d5", "d5b7", "d10c9", "c9c1", "g1g3"];
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text_of("amazons.lud"), "moves": moves }),
    )
    .await;
    assert_eq!(field(&p, "number"), [1, 1, 1, 1, 2], "{p}");
    assert_eq!(field(&p, "side"), [0, 0, 1, 1, 0], "{p}");
    // One ply a turn, from a position with the second player to move.
    let p = ok(
        &app,
        "/api/position",
        &json!({
            "text": text_of("chess.lud"),
            "start": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 4",
            "moves": ["e8d7", "e2e4", "d7c6"],
        }),
    )
    .await;
    assert_eq!(field(&p, "number"), [4, 5, 5], "{p}");
    assert_eq!(field(&p, "side"), [1, 0, 1], "{p}");
}

#[tokio::test]
async fn refused_moves_are_explained() {
    let app = games();
    let text = text_of("chess.lud");
    // A refused move: the position before it, and why.
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text, "moves": ["e2e4", "e7e4"] }),
    )
    .await;
    assert_eq!(p["error"]["index"], 1);
    assert!(
        p["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("e7")),
        "{p}"
    );
    assert_eq!(p["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(p["toMoveName"], "Black");
    // Why not, by squares: e2 is 12, e5 is 36.
    let v = ok(
        &app,
        "/api/explain",
        &json!({ "text": text, "moves": [], "from": 12, "to": 36 }),
    )
    .await;
    assert_eq!(v["legal"], false);
    assert_eq!(v["message"], "a Pawn cannot move from e2 to e5");
    assert!(
        v["rules"].as_array().is_some_and(|r| r
            .iter()
            .any(|x| x.as_str().is_some_and(|s| s.contains("step Forward")))),
        "{v}"
    );
    let v = ok(
        &app,
        "/api/explain",
        &json!({ "text": text, "moves": [], "from": 12, "to": 28 }),
    )
    .await;
    assert_eq!(v["legal"], true, "{v}");
    // Squares off the board.
    let (status, v) = send(
        &app,
        post(
            "/api/explain",
            &json!({ "text": text, "from": 12, "to": 64 }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    // Fool's mate: the result and its kind.
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
    )
    .await;
    assert_eq!(p["outcome"]["score"], "0-1");
    assert!(
        p["outcome"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("checkmate")),
        "{p}"
    );
    assert_eq!(p["check"], false, "a game over shows its result, not check");
    assert_eq!(p["legal"], json!([]));
    let v = ok(
        &app,
        "/api/explain",
        &json!({ "text": text, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "from": 12, "to": 28 }),
    )
    .await;
    assert!(
        v["message"].as_str().is_some_and(|m| m.contains("over")),
        "{v}"
    );
    // Check shown.
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text, "moves": ["e2e4", "f7f6", "d1h5"] }),
    )
    .await;
    assert_eq!(p["check"], true);
    assert!(p["svg"].as_str().is_some_and(|s| s.contains("check")));
}

#[tokio::test]
async fn positions_and_records_round_trip() {
    let app = games();
    let text = text_of("chess.lud");
    let start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let p = ok(
        &app,
        "/api/position",
        &json!({ "text": text, "start": start, "moves": ["e2e4"] }),
    )
    .await;
    assert_eq!(p["fen"], "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    let (status, v) = send(
        &app,
        post(
            "/api/position",
            &json!({ "text": text, "start": "8/8/8 w" }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("the position string")),
        "{v}"
    );
    // A record written, then read back.
    let moves = ["e2e4", "e7e5", "g1f3"];
    let v = ok(
        &app,
        "/api/record/write",
        &json!({ "text": text, "moves": moves }),
    )
    .await;
    let record = v["record"].as_str().expect("record").to_string();
    assert!(record.contains("[Game \"Chess\"]"), "{record}");
    let v = ok(
        &app,
        "/api/record/read",
        &json!({ "text": text, "record": record }),
    )
    .await;
    assert_eq!(v["moves"], json!(moves));
    let v = ok(
        &app,
        "/api/record/write",
        &json!({ "text": text, "moves": moves, "format": "pgn" }),
    )
    .await;
    let pgn = v["record"].as_str().expect("pgn").to_string();
    assert!(pgn.contains("1. e4 e5 2. Nf3"), "{pgn}");
    let v = ok(
        &app,
        "/api/record/read",
        &json!({ "text": text, "record": pgn }),
    )
    .await;
    assert_eq!(v["moves"], json!(moves));
    // A ruleset travels with the record.
    let sh = text_of("parsi-chess.lud");
    let g = ok(&app, "/api/check", &json!({ "text": sh })).await;
    let second = g["rulesets"][1]["name"]
        .as_str()
        .expect("a second ruleset")
        .to_string();
    let cfg = json!({ "ruleset": second, "options": {} });
    let v = ok(
        &app,
        "/api/record/write",
        &json!({ "text": sh, "config": cfg, "moves": [] }),
    )
    .await;
    let v = ok(
        &app,
        "/api/record/read",
        &json!({ "text": sh, "record": v["record"] }),
    )
    .await;
    assert_eq!(v["config"]["ruleset"], second.as_str());
    let g = ok(&app, "/api/game", &json!({ "text": sh, "config": cfg })).await;
    assert_eq!(g["config"]["ruleset"], second.as_str());
    // Bad records, formats and configurations.
    for (path, body) in [
        (
            "/api/record/read",
            json!({ "text": text, "record": "1. e2e5" }),
        ),
        ("/api/record/read", json!({ "text": text, "record": "" })),
        (
            "/api/record/read",
            json!({ "text": text, "record": "[Options \"x\"]\n1. e2e4" }),
        ),
        (
            "/api/record/write",
            json!({ "text": text, "moves": ["e2e4"], "format": "xml" }),
        ),
        (
            "/api/record/write",
            json!({ "text": text, "moves": ["e2e5"] }),
        ),
        (
            "/api/game",
            json!({ "text": sh, "config": { "ruleset": "Nope" } }),
        ),
        (
            "/api/game",
            json!({ "text": sh, "config": { "options": { "Nope": "1" } } }),
        ),
    ] {
        let (status, v) = send(&app, post(path, &body)).await;
        assert!(status.is_client_error(), "{path} {body}: {status}");
        assert!(v["error"]["message"].is_string(), "{path}: {v}");
    }
}

/// The events of a stream answer: (name, data).
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = None;
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = Some(n.to_string());
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data = serde_json::from_str(d).ok();
                }
            }
            Some((name?, data?))
        })
        .collect()
}

#[tokio::test]
async fn jobs_stream_their_results() {
    let app = games();
    let text = text_of("chess.lud");
    for level in [0, 1, 2] {
        let (status, v) = send(
            &app,
            post(
                "/api/think",
                &json!({ "text": text, "moves": ["e2e4"], "level": level }),
            ),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let ev = events(v.as_str().expect("an event stream"));
        let (last, data) = ev.last().expect("events");
        assert_eq!(last, "best");
        let mv = data["move"].as_str().expect("a move").to_string();
        let p = ok(
            &app,
            "/api/position",
            &json!({ "text": text, "moves": ["e2e4", mv] }),
        )
        .await;
        assert_eq!(p["error"], Value::Null, "the computer's move is legal");
        if level > 0 {
            assert!(
                ev.iter()
                    .any(|(n, d)| n == "progress" && d["depth"].is_u64()),
                "{ev:?}"
            );
        }
    }
    // A finished game has no move to find.
    let (status, _) = send(
        &app,
        post(
            "/api/think",
            &json!({ "text": text, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Perft, against the published counts.
    let (_, v) = send(
        &app,
        post("/api/perft", &json!({ "text": text, "seconds": 0.5 })),
    )
    .await;
    let ev = events(v.as_str().expect("an event stream"));
    let counts: Vec<u64> = ev
        .iter()
        .filter(|(n, _)| n == "depth")
        .filter_map(|(_, d)| d["nodes"].as_u64())
        .collect();
    assert!(counts.len() >= 2, "{ev:?}");
    assert_eq!(&counts[..2], &[20, 400]);
    assert_eq!(ev.last().map(|e| e.0.as_str()), Some("done"));
    // Self-play: every game accounted for.
    let (_, v) = send(
        &app,
        post(
            "/api/selfplay",
            &json!({ "text": text_of("connect-four.lud"), "games": 50 }),
        ),
    )
    .await;
    let ev = events(v.as_str().expect("an event stream"));
    let (name, s) = ev.last().expect("events");
    assert_eq!(name, "summary");
    let wins: u64 = s["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(
        wins + s["draws"].as_u64().expect("draws") + s["capped"].as_u64().expect("capped"),
        50
    );
}

#[tokio::test]
async fn hostile_requests_are_refused_with_a_reason() {
    let app = games();
    // Another host (DNS rebinding), another site's page.
    let req = request(
        Method::GET,
        "/api/files",
        &[(header::HOST, "evil.example:8080")],
        Body::empty(),
    );
    let (status, v) = send(&app, req).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(v["error"]["help"].is_string());
    let req = request(
        Method::POST,
        "/api/check",
        &[OURS, (header::ORIGIN, "http://evil.example"), JSON],
        r#"{"text":""}"#,
    );
    assert_eq!(send(&app, req).await.0, StatusCode::FORBIDDEN);
    let req = request(Method::GET, "/", &[], Body::empty());
    assert_eq!(
        send(&app, req).await.0,
        StatusCode::FORBIDDEN,
        "no Host at all"
    );
    // A server on a public address takes any host, but still only its own
    // page's requests.
    let public = lud::cli::serve::router(&[PathBuf::from("games")], Vec::new()).expect("served");
    let from = |origin: &str| {
        request(
            Method::POST,
            "/api/format",
            &[
                (header::HOST, "10.0.0.5:8080"),
                (header::ORIGIN, origin),
                JSON,
            ],
            r#"{"text":""}"#,
        )
    };
    assert_eq!(
        send(&public, from("http://evil.example")).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&public, from("http://10.0.0.5:8080")).await.0,
        StatusCode::OK
    );
    // Broken bodies: JSON errors in the usual form.
    for body in ["", "{", "[]", "{\"text\": 5}", "\u{0}"] {
        let req = request(Method::POST, "/api/check", &[OURS, JSON], body);
        let (status, v) = send(&app, req).await;
        assert!(status.is_client_error(), "{body:?}: {status}");
        assert!(v["error"]["message"].is_string(), "{body:?}: {v}");
    }
    // Too large: refused before it is read whole.
    let huge = json!({ "text": "x".repeat(3 << 20) });
    assert_eq!(
        send(&app, post("/api/check", &huge)).await.0,
        StatusCode::PAYLOAD_TOO_LARGE
    );
    let big = json!({ "text": format!("//{}", "x".repeat(1 << 20)) });
    let (status, v) = send(&app, post("/api/check", &big)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    // Games that are not games, moves that are not moves.
    let text = text_of("chess.lud");
    for body in [
        json!({ "text": "(game" }),
        json!({ "text": "\u{0}" }),
        json!({ "text": text, "moves": ["", "\u{0}", "zz99"] }),
        json!({ "text": text, "moves": vec!["e2e4"; 30_000] }),
        json!({ "text": text, "start": "\u{0}" }),
    ] {
        let (status, v) = send(&app, post("/api/position", &body)).await;
        if status == StatusCode::OK {
            assert!(v["error"]["message"].is_string(), "{v}");
        } else {
            assert!(status.is_client_error(), "{status}");
            assert!(v["error"]["message"].is_string(), "{v}");
        }
    }
    let (status, v) = send(&app, get("/api/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(v["error"]["message"].is_string());
    // The page itself, and a 304 for what the browser has.
    let res = app.clone().oneshot(get("/")).await.expect("an answer");
    assert_eq!(res.status(), StatusCode::OK);
    let etag = res.headers().get(header::ETAG).expect("an ETag").clone();
    let etag = etag.to_str().expect("an ASCII ETag").to_string();
    let req = request(
        Method::GET,
        "/",
        &[OURS, (header::IF_NONE_MATCH, &etag)],
        Body::empty(),
    );
    assert_eq!(
        app.clone().oneshot(req).await.expect("an answer").status(),
        StatusCode::NOT_MODIFIED
    );
    for path in [
        "/assets/../Cargo.toml",
        "/assets/nothing.js",
        "/a/b/c",
        "/assets/..%5C..%5CCargo.toml",
        "/C:%5Cwindows",
    ] {
        assert_eq!(
            send(&app, get(path)).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}
