//! The page's files: `web/dist/`, built by Vite from `web/` and committed,
//! embedded in the binary at build time (rust-embed), so the binary alone
//! serves the playground. `LUD_WEB_DIR=web/dist` serves them from that
//! folder instead, for working on the page.

use std::fmt::Write as _;

use axum::extract::Path as UrlPath;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

/// The built page.
#[derive(Embed)]
#[folder = "web/dist/"]
struct Dist;

/// `/`: the page.
pub(super) async fn index(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// `/assets/...`: scripts, styles, the Graphviz module.
pub(super) async fn asset(UrlPath(path): UrlPath<String>, headers: HeaderMap) -> Response {
    file(&format!("assets/{path}"), &headers)
}

/// Any other address: the page's own files at the top (`favicon.svg`),
/// else not found.
pub(super) async fn index_or_404(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() && !path.contains('/') {
        return file(path, &headers);
    }
    not_found(uri.path())
}

fn not_found(path: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{path}: no such page here; the playground is at /\n"),
    )
        .into_response()
}

/// A file of the page, with its type and an `ETag` (its hash); a request
/// that already has it gets 304. Hashed assets may be cached for good.
fn file(path: &str, headers: &HeaderMap) -> Response {
    // Names of the page's own files only: no way up, no other separator or
    // drive.
    if path.split('/').any(|p| p == ".." || p.is_empty()) || path.contains(['\\', ':']) {
        return not_found(path);
    }
    if let Some(dir) = std::env::var_os("LUD_WEB_DIR") {
        return from_disk(&std::path::Path::new(&dir).join(path), path);
    }
    let Some(f) = Dist::get(path) else {
        return not_found(path);
    };
    let mut etag = String::from("\"");
    for b in f.metadata.sha256_hash().iter().take(12) {
        let _ = write!(etag, "{b:02x}");
    }
    etag.push('"');
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut h = HeaderMap::new();
    if let Ok(v) = HeaderValue::from_str(f.metadata.mimetype()) {
        h.insert(header::CONTENT_TYPE, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if fresh {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    (h, f.data.into_owned()).into_response()
}

fn from_disk(full: &std::path::Path, path: &str) -> Response {
    match std::fs::read(full) {
        Ok(bytes) => {
            let mime = mime_type(path);
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                bytes,
            )
                .into_response()
        }
        Err(_) => not_found(path),
    }
}

fn mime_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}
