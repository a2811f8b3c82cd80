//! The checks every request passes before it is answered: on a loopback
//! address, its `Host` must name this server (a page of another site that
//! rebinds its own name to 127.0.0.1 names that site); and on any address,
//! its `Origin`, if it has one, must be the host it asks (another site's
//! page may send requests here, but the browser says whose page it is). Answers keep pages of other sites from framing
//! the playground or reading its scripts as theirs.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{ApiError, AppState};

/// Refuses a request from elsewhere; passes the rest on.
pub(super) async fn check(
    State(state): State<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_ascii_lowercase);
    if !state.hosts.is_empty() {
        let known = host
            .as_deref()
            .is_some_and(|h| state.hosts.iter().any(|k| k == h));
        if !known {
            return ApiError::status(
                StatusCode::FORBIDDEN,
                format!(
                    "this server answers only to {}, not to the host {}",
                    state.hosts.first().map_or("", String::as_str),
                    host.as_deref().unwrap_or("(none)")
                ),
                "open the address `lud serve` printed",
            )
            .into_response();
        }
    }
    // A page's requests say whose page it is: only this server's own.
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("").to_ascii_lowercase();
        let ours = origin
            .strip_prefix("http://")
            .is_some_and(|o| host.as_deref() == Some(o));
        if !ours {
            return ApiError::status(
                StatusCode::FORBIDDEN,
                format!("requests from the page {origin} are refused"),
                "use the playground from the address `lud serve` printed",
            )
            .into_response();
        }
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}
