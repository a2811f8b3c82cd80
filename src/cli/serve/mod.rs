//! `lud serve`: the playground in the browser, served by the binary itself
//! (axum over HTTP/1 on 127.0.0.1). The page (`web/`, built by Vite and
//! committed as `web/dist/`) is embedded at build time. The API is
//! stateless: every request carries the game's text (and its ruleset and
//! options, the start and the moves played), so the page can be reloaded
//! and the server restarted at any time; compiled games are kept in a
//! small cache. Long work (the computer's move, perft, self-play) answers
//! as server-sent events, and stops when the page stops listening.
//!
//! Only the files named on the command line (or found in the folders
//! named) can be read or saved. A request must name this server in its
//! `Host` (against DNS rebinding) and, if it has one, its `Origin`
//! (against other sites' pages): `guard.rs`.

mod api;
mod assets;
mod guard;
mod jobs;
mod play;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::compile::options::Config;
use crate::game::Game;

/// The largest request body: a game file's limit, and room for the rest.
const MAX_BODY: usize = crate::source::MAX_SOURCE_BYTES * 2 + (64 << 10);

/// Compiled games kept.
const CACHE: usize = 16;

/// Where `lud serve` listens and what it serves.
#[derive(Clone, Debug)]
pub struct Options {
    /// The files and folders given (a folder's `.lud` files are served).
    pub paths: Vec<PathBuf>,
    /// The address to listen on.
    pub host: String,
    /// The port (0: one the system picks).
    pub port: u16,
}

/// A served file: the name the page shows and asks for, and its path.
#[derive(Clone, Debug)]
struct Served {
    name: String,
    path: PathBuf,
}

/// A game compiled for one text and configuration.
pub(crate) struct Compiled {
    pub(crate) game: Game,
}

/// What the handlers share.
pub(crate) struct AppState {
    /// The files served (new ones saved into a folder are added).
    files: Mutex<Vec<Served>>,
    /// The folders named, where new files may be saved.
    folders: Vec<Served>,
    /// The hosts a request may name (`127.0.0.1:8080`, `localhost:8080`...);
    /// empty: any (a server bound to a public address).
    hosts: Vec<String>,
    /// Compiled games, most recently used last: (text, config, game).
    games: Mutex<VecDeque<(String, Config, Arc<Compiled>)>>,
    /// The stop flag of the job of each kind running (the computer's
    /// move, perft, self-play): a new job stops the last of its kind.
    jobs: Mutex<Vec<(Job, Arc<AtomicBool>)>>,
    /// What the computer learnt (its table, 16 MB at most), kept for the
    /// game it searched last.
    pub(crate) memory: crate::ai::Memory,
}

/// The kinds of long work, each of which runs one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Job {
    /// The computer's move.
    Think,
    /// A move-tree count.
    Perft,
    /// Random games.
    Selfplay,
}

/// An error answered to the page: a status and `{error: {message, help}}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
    help: Option<String>,
}

impl ApiError {
    /// A request the page should not have made (400).
    pub(crate) fn bad(message: impl Into<String>, help: Option<&str>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            help: help.map(str::to_string),
        }
    }

    /// Input that is wrong for the game: a file with errors, a bad move or
    /// position (422).
    pub(crate) fn input(message: impl Into<String>, help: Option<String>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            help,
        }
    }

    fn status(status: StatusCode, message: impl Into<String>, help: &str) -> Self {
        ApiError {
            status,
            message: message.into(),
            help: Some(help.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({"error": {"message": self.message, "help": self.help}})),
        )
            .into_response()
    }
}

/// A JSON body; one that cannot be read is answered as every error is,
/// `{error: {message, help}}`, saying what is wrong with it.
pub(crate) struct Body<T>(pub(crate) T);

impl<S, T> axum::extract::FromRequest<S> for Body<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) => Err(ApiError {
                status: e.status(),
                message: e.body_text(),
                help: Some("send JSON as the playground does (see docs/playground.md)".into()),
            }),
        }
    }
}

/// A handler's answer.
pub(crate) type Answer = Result<Json<serde_json::Value>, ApiError>;

/// Runs `f` on a thread for blocking work (compiling, searching), so the
/// server keeps answering meanwhile.
pub(crate) async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(f).await.map_err(|_| {
        ApiError::status(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed on this request",
            "this is a bug in lud: please report it with the game file",
        )
    })?
}

/// The ruleset and options a request names.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct ConfigIn {
    #[serde(default)]
    ruleset: Option<String>,
    #[serde(default)]
    options: serde_json::Map<String, serde_json::Value>,
}

impl ConfigIn {
    fn config(&self) -> Config {
        Config {
            ruleset: self.ruleset.clone().filter(|r| !r.is_empty()),
            options: self
                .options
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (k.clone(), v)
                })
                .collect(),
        }
    }
}

impl AppState {
    /// The game of a text under a configuration: from the cache, or
    /// compiled (a file with errors, or a configuration it does not have,
    /// is a 422 with the first problem).
    pub(crate) fn game(&self, text: &str, config: &ConfigIn) -> Result<Arc<Compiled>, ApiError> {
        let config = config.config();
        if let Ok(mut games) = self.games.lock() {
            if let Some(i) = games.iter().position(|(t, c, _)| t == text && *c == config) {
                if let Some(hit) = games.remove(i) {
                    let game = hit.2.clone();
                    games.push_back(hit);
                    return Ok(game);
                }
            }
        }
        let source = crate::compile::source_from_bytes("game.lud", text.as_bytes())
            .map_err(|d| first_problem(&d))?;
        let game = crate::build::compile_with(&source, &config).map_err(|e| match e {
            crate::compile::CompileError::Source(d) => first_problem(&d),
            crate::compile::CompileError::Config(c) => ApiError::input(c.message, c.help),
        })?;
        let compiled = Arc::new(Compiled { game });
        if let Ok(mut games) = self.games.lock() {
            if games.len() >= CACHE {
                games.pop_front();
            }
            games.push_back((text.to_string(), config, compiled.clone()));
        }
        Ok(compiled)
    }

    /// Starts a job: the last of its kind is told to stop; the new one's
    /// stop flag.
    pub(crate) fn start_job(&self, kind: Job) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.retain(|(k, old)| {
                if *k == kind {
                    old.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                *k != kind
            });
            jobs.push((kind, flag.clone()));
        }
        flag
    }

    /// The path of the served file of a name.
    fn served(&self, name: &str) -> Result<PathBuf, ApiError> {
        self.files
            .lock()
            .ok()
            .and_then(|files| files.iter().find(|f| f.name == name).map(|f| f.path.clone()))
            .ok_or_else(|| {
                ApiError::status(
                    StatusCode::NOT_FOUND,
                    format!("`{name}` is not one of the files this server was given"),
                    "pick a file from the list; `lud serve` reads and saves only the files it was started with, and new files in its folders",
                )
            })
    }

    /// Where a new file of a name would be saved: `FOLDER/NAME.lud`, in a
    /// folder this server was given, a name of letters, digits, `-`, `_`,
    /// `.` and spaces, not a file already there.
    fn new_file(&self, name: &str) -> Result<PathBuf, ApiError> {
        let refuse = |why: &str| {
            ApiError::status(
                StatusCode::NOT_FOUND,
                format!("`{name}` cannot be saved: {why}"),
                "save a new game as FOLDER/NAME.lud, in a folder `lud serve` was given",
            )
        };
        let (folder, file) = name
            .rsplit_once('/')
            .ok_or_else(|| refuse("it names no folder"))?;
        let dir = self
            .folders
            .iter()
            .find(|f| f.name.trim_end_matches('/') == folder)
            .ok_or_else(|| refuse("that folder is not served"))?;
        let stem = file
            .strip_suffix(".lud")
            .ok_or_else(|| refuse("a game file ends in .lud"))?;
        let fine = !stem.is_empty()
            && stem.len() <= 100
            && !stem.starts_with('.')
            && stem
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' '));
        if !fine {
            return Err(refuse(
                "a name is letters, digits, `-`, `_`, `.` and spaces",
            ));
        }
        let path = dir.path.join(file);
        let served = self
            .files
            .lock()
            .is_ok_and(|files| files.iter().any(|f| f.name == name));
        if served || path.exists() {
            return Err(ApiError::status(
                StatusCode::CONFLICT,
                format!("`{name}` is there already"),
                "pick another name: Save as never writes over a file",
            ));
        }
        Ok(path)
    }

    /// Adds a newly saved file to those served.
    fn add_file(&self, name: &str, path: PathBuf) {
        if let Ok(mut files) = self.files.lock() {
            if !files.iter().any(|f| f.name == name) {
                files.push(Served {
                    name: name.to_string(),
                    path,
                });
            }
        }
    }

    /// The names of the files served, and of the folders.
    fn names(&self) -> (Vec<String>, Vec<String>) {
        let files = self
            .files
            .lock()
            .map(|f| f.iter().map(|f| f.name.clone()).collect())
            .unwrap_or_default();
        (files, self.folders.iter().map(|f| f.name.clone()).collect())
    }
}

/// A file with errors as an error answer: how many, and the first.
fn first_problem(d: &crate::diagnostics::Diagnostics) -> ApiError {
    let items = d.items();
    let errors = d.error_count();
    match items.into_iter().find(|i| i.error) {
        Some(first) => {
            let line = d.source.line_col(first.span.start).0;
            ApiError::input(
                format!(
                    "the file has {errors} error{}; the first, on line {line}: {}",
                    if errors == 1 { "" } else { "s" },
                    first.message
                ),
                first.help,
            )
        }
        None => ApiError::input("the file cannot be compiled", None),
    }
}

/// The files to serve: each file named, and the `.lud` files of each
/// folder named (not of its subfolders), sorted; and the folders; or a
/// usage error.
fn collect(paths: &[PathBuf]) -> Result<(Vec<Served>, Vec<Served>), String> {
    let mut out = Vec::new();
    let mut folders = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("cannot read the folder {}: {e}", p.display()))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "lud") && f.is_file())
                .collect();
            found.sort();
            folders.push(Served {
                name: display_name(p).trim_end_matches('/').to_string(),
                path: p.clone(),
            });
            out.extend(found.into_iter().map(|path| Served {
                name: display_name(&path),
                path,
            }));
        } else if meta.is_file() {
            out.push(Served {
                name: display_name(p),
                path: p.clone(),
            });
        } else {
            return Err(format!("{} is neither a file nor a folder", p.display()));
        }
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|s| seen.insert(s.name.clone()));
    Ok((out, folders))
}

fn display_name(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// The router of a server that serves `paths` and answers requests naming
/// `hosts` (each `host:port`; empty: any host). A usage error for a path
/// that cannot be served.
pub fn router(paths: &[PathBuf], hosts: Vec<String>) -> Result<Router, String> {
    let (files, folders) = collect(paths)?;
    let state = Arc::new(AppState {
        files: Mutex::new(files),
        folders,
        hosts,
        games: Mutex::new(VecDeque::new()),
        jobs: Mutex::new(Vec::new()),
        memory: crate::ai::Memory::new(),
    });
    let api = Router::new()
        .route("/files", get(api::files))
        .route("/file", get(api::read_file).put(api::save_file))
        .route("/reference", get(api::reference))
        .route("/check", post(api::check))
        .route("/format", post(api::format))
        .route("/tokens", post(api::tokens))
        .route("/hover", post(api::hover))
        .route("/complete", post(api::complete))
        .route("/game", post(play::game))
        .route("/position", post(play::position))
        .route("/explain", post(play::explain))
        .route("/record/read", post(play::record_read))
        .route("/record/write", post(play::record_write))
        .route("/think", post(jobs::think))
        .route("/perft", post(jobs::perft))
        .route("/selfplay", post(jobs::selfplay))
        .fallback(api::not_found);
    Ok(Router::new()
        .nest("/api", api)
        .route("/", get(assets::index))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(assets::index_or_404)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check,
        ))
        .with_state(state))
}

/// Whether `host` is this machine only: `localhost` or a loopback address.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The hosts a page may name for a server on `host:port`: for a loopback
/// address, its names (without the port too on port 80, which browsers
/// leave out); for any other, none (every host is accepted).
fn allowed_hosts(host: &str, port: u16) -> Vec<String> {
    if !is_loopback(host) {
        return Vec::new();
    }
    let bracketed = |h: &str| {
        if h.contains(':') {
            format!("[{h}]")
        } else {
            h.to_ascii_lowercase()
        }
    };
    let mut names = vec![bracketed(host)];
    for n in ["127.0.0.1", "localhost", "[::1]"] {
        if !names.iter().any(|x| x == n) {
            names.push(n.to_string());
        }
    }
    let mut hosts: Vec<String> = names.iter().map(|h| format!("{h}:{port}")).collect();
    if port == 80 {
        hosts.extend(names);
    }
    hosts
}

/// Runs `lud serve` until Ctrl-C; the exit code.
pub(super) fn run(o: &Options) -> i32 {
    let mut o = o.clone();
    if o.paths.is_empty() && Path::new("games").is_dir() {
        o.paths.push(PathBuf::from("games"));
    }
    let o = &o;
    if let Err(e) = collect(&o.paths) {
        eoutln!("error: {e}\n  help: name .lud files or folders that hold them");
        return super::EXIT_USAGE;
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(8)
        .thread_stack_size(crate::perft::stack_size(0))
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eoutln!("error: cannot start the server: {e}");
            return super::EXIT_INPUT;
        }
    };
    runtime.block_on(serve(o))
}

async fn serve(o: &Options) -> i32 {
    let host = o.host.trim_start_matches('[').trim_end_matches(']');
    let listener = match tokio::net::TcpListener::bind((host, o.port)).await {
        Ok(l) => l,
        Err(e) => {
            eoutln!(
                "error: cannot listen on {}:{}: {e}\n  help: pick another port with --port (0 lets the system choose)",
                o.host,
                o.port
            );
            return super::EXIT_INPUT;
        }
    };
    let port = listener.local_addr().map_or(o.port, |a| a.port());
    let app = match router(&o.paths, allowed_hosts(host, port)) {
        Ok(a) => a,
        Err(e) => {
            eoutln!("error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let shown = if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    outln!("lud serve: http://{shown}:{port}/");
    super::io::flush_out();
    if allowed_hosts(host, port).is_empty() {
        eoutln!(
            "warning: listening on {host}, which other machines may reach: they can open the playground and save the files it serves (pages of other sites are still refused)"
        );
    }
    // Ctrl-C ends the server at once: nothing is kept in it (a file is
    // saved whole or not at all), and an open stream must not hold it up.
    tokio::select! {
        () = accept(listener, app) => super::EXIT_OK,
        _ = tokio::signal::ctrl_c() => super::EXIT_OK,
    }
}

/// How long a connection may take to send a request's headers (from its
/// first byte, or from the end of the last answer on a kept connection)
/// before it is closed: a client that opens connections and sends nothing
/// cannot hold them, and the server's file handles, for ever.
const HEADER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Serves each connection `listener` accepts, as `axum::serve` does, but
/// with [`HEADER_TIMEOUT`] (which `axum::serve` does not set). Runs until
/// the task is dropped.
async fn accept(listener: tokio::net::TcpListener, app: Router) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file handles or the like: wait for some to be freed
            // rather than spin.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            // A connection's end, closed or broken, concerns only it.
            let _ = http
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::allowed_hosts;

    #[test]
    fn hosts_a_page_may_name() {
        assert_eq!(
            allowed_hosts("127.0.0.1", 8080),
            ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"]
        );
        assert_eq!(allowed_hosts("::1", 9)[0], "[::1]:9");
        assert_eq!(allowed_hosts("127.0.0.2", 9)[0], "127.0.0.2:9");
        assert_eq!(allowed_hosts("LOCALHOST", 9)[0], "localhost:9");
        assert!(allowed_hosts("127.0.0.1", 80).contains(&"localhost".to_string()));
        assert!(allowed_hosts("0.0.0.0", 8080).is_empty());
        assert!(allowed_hosts("192.168.1.5", 8080).is_empty());
    }
}
