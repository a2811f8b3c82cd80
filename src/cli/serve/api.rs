//! The editor's requests: the served files (read and saved), `lud check`'s
//! problems, `lud fmt`, the coloured words, hover and completion. Places in
//! the text are counted in UTF-16 units, as the page's editor counts them.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{blocking, Answer, ApiError, AppState, Body};
use crate::source::{SourceFile, Span, MAX_SOURCE_BYTES};

/// A character past U+007F: where it starts in bytes and in UTF-16 units,
/// and how many of each it takes.
#[derive(Clone, Copy)]
struct Wide {
    byte: usize,
    unit: usize,
    bytes: usize,
    units: usize,
}

/// Byte offsets of a text to and from UTF-16 offsets.
pub(super) struct Utf16 {
    /// The characters past U+007F, in order (none for ASCII text): between
    /// them, one byte is one unit.
    wide: Vec<Wide>,
    len: usize,
}

impl Utf16 {
    pub(super) fn new(text: &str) -> Self {
        let mut wide = Vec::new();
        if !text.is_ascii() {
            let mut unit = 0;
            for (byte, c) in text.char_indices() {
                if !c.is_ascii() {
                    wide.push(Wide {
                        byte,
                        unit,
                        bytes: c.len_utf8(),
                        units: c.len_utf16(),
                    });
                }
                unit += c.len_utf16();
            }
        }
        Utf16 {
            wide,
            len: text.len(),
        }
    }

    /// The UTF-16 offset of byte `b` (a byte inside a character counts as
    /// that character's start).
    pub(super) fn of(&self, b: usize) -> u32 {
        let b = b.min(self.len);
        let i = self.wide.partition_point(|w| w.byte <= b);
        let u = match i.checked_sub(1).map(|i| self.wide[i]) {
            None => b,
            Some(w) if b < w.byte + w.bytes => w.unit,
            Some(w) => w.unit + w.units + (b - w.byte - w.bytes),
        };
        u32::try_from(u).unwrap_or(u32::MAX)
    }

    /// The byte offset of UTF-16 offset `u` (clamped to the text; a unit
    /// inside a character counts as its start).
    pub(super) fn byte(&self, u: usize) -> usize {
        let i = self.wide.partition_point(|w| w.unit <= u);
        let b = match i.checked_sub(1).map(|i| self.wide[i]) {
            None => u,
            Some(w) if u < w.unit + w.units => w.byte,
            Some(w) => (w.byte + w.bytes).saturating_add(u - w.unit - w.units),
        };
        b.min(self.len)
    }

    /// A span as `[from, to]` in UTF-16 units.
    fn span(&self, s: Span) -> (u32, u32) {
        (self.of(s.start as usize), self.of(s.end as usize))
    }
}

/// A request that carries a game's text.
#[derive(Deserialize)]
pub(super) struct Text {
    text: String,
}

/// A request about a place in a text.
#[derive(Deserialize)]
pub(super) struct At {
    text: String,
    at: usize,
}

/// The text as a source file, or why it cannot be one (too long).
fn source(text: &str) -> Result<SourceFile, ApiError> {
    if text.len() > MAX_SOURCE_BYTES {
        return Err(ApiError::input(
            format!(
                "the text is {} bytes; a game file may have at most {MAX_SOURCE_BYTES}",
                text.len()
            ),
            Some("a game file is a short text: is this the right one?".into()),
        ));
    }
    Ok(SourceFile::new("game.lud", text))
}

/// `GET /api/files`: the files this server serves.
pub(super) async fn files(State(s): State<Arc<AppState>>) -> Answer {
    let (files, folders) = s.names();
    let files: Vec<Value> = files
        .into_iter()
        .map(|name| json!({ "name": name }))
        .collect();
    Ok(Json(json!({ "files": files, "folders": folders })))
}

#[derive(Deserialize)]
pub(super) struct Name {
    name: String,
    /// A new file (`Save as`): never one that is there already.
    #[serde(default)]
    new: Option<String>,
}

/// `GET /api/file?name=...`: a served file's text.
pub(super) async fn read_file(State(s): State<Arc<AppState>>, Query(q): Query<Name>) -> Answer {
    let path = s.served(&q.name)?;
    let name = q.name.clone();
    blocking(move || {
        let src = crate::compile::read_source(&path).map_err(|e| {
            ApiError::input(
                format!("cannot read {name}: {e}"),
                Some("check that the file still exists and is a UTF-8 text".into()),
            )
        })?;
        Ok(Json(json!({"name": name, "text": src.text()})))
    })
    .await
}

/// `PUT /api/file?name=...` `{text}`: saves a served file (whole, or not at
/// all); with `&new=1`, a new one in a served folder (`FOLDER/NAME.lud`,
/// never over a file there), served from then on.
pub(super) async fn save_file(
    State(s): State<Arc<AppState>>,
    Query(q): Query<Name>,
    Body(body): Body<Text>,
) -> Answer {
    let new = q
        .new
        .as_deref()
        .is_some_and(|v| !matches!(v, "" | "0" | "false"));
    let path = if new {
        s.new_file(&q.name)?
    } else {
        s.served(&q.name)?
    };
    source(&body.text)?;
    let name = q.name.clone();
    let saved = {
        let path = path.clone();
        blocking(move || {
            crate::cli::io::write_atomic(&path, body.text.as_bytes()).map_err(|e| {
                ApiError::input(
                    format!("cannot save {name}: {e}"),
                    Some("check that the folder can be written".into()),
                )
            })
        })
        .await
    };
    saved?;
    if new {
        s.add_file(&q.name, path);
    }
    Ok(Json(json!({ "saved": true, "new": new })))
}

/// `POST /api/check` `{text}`: every problem `lud check` finds, under every
/// ruleset and option, and the rulesets and options the file declares.
pub(super) async fn check(Body(body): Body<Text>) -> Answer {
    blocking(move || {
        let src = source(&body.text)?;
        let u = Utf16::new(src.text());
        let found = crate::build::check(&src);
        let problems: Vec<Value> = found
            .items()
            .into_iter()
            .map(|item| {
                let (from, to) = u.span(item.span);
                let (line, column) = src.line_col(item.span.start);
                let notes: Vec<Value> = item
                    .notes
                    .iter()
                    .map(|(label, span)| {
                        let (from, to) = u.span(*span);
                        json!({"label": label, "from": from, "to": to})
                    })
                    .collect();
                json!({
                    "severity": if item.error { "error" } else { "warning" },
                    "code": item.code,
                    "message": item.message,
                    "label": item.label,
                    "help": item.help,
                    "from": from,
                    "to": to,
                    "line": line,
                    "column": column,
                    "notes": notes,
                })
            })
            .collect();
        let declared = crate::compile::front(&src)
            .map(|f| f.declared)
            .unwrap_or_default();
        let mut reply = declared_json(&declared);
        reply.insert("problems".into(), Value::Array(problems));
        reply.insert("more".into(), json!(found.not_shown()));
        Ok(Json(Value::Object(reply)))
    })
    .await
}

/// The rulesets and options a file declares, as the page's controls show
/// them.
pub(super) fn declared_json(
    d: &crate::compile::options::Declared,
) -> serde_json::Map<String, Value> {
    let rulesets: Vec<Value> = d
        .rulesets
        .iter()
        .map(|r| json!({"name": r.name, "doc": r.doc}))
        .collect();
    let options: Vec<Value> = d
        .options
        .iter()
        .map(|o| {
            json!({
                "name": o.name,
                "values": o.values.iter().map(bare).collect::<Vec<_>>(),
                "default": bare(&o.default),
                "doc": o.doc,
            })
        })
        .collect();
    let mut m = serde_json::Map::new();
    m.insert("rulesets".into(), Value::Array(rulesets));
    m.insert("options".into(), Value::Array(options));
    m
}

/// An option's value as `--option` takes it (a string without quotes).
pub(super) fn bare(v: &crate::compile::options::Value) -> String {
    match v {
        crate::compile::options::Value::Str(s) => s.clone(),
        crate::compile::options::Value::Int(i) => i.to_string(),
    }
}

/// `POST /api/format` `{text}`: `lud fmt`'s layout, or `null` where the
/// syntax is broken.
pub(super) async fn format(Body(body): Body<Text>) -> Answer {
    blocking(move || {
        let src = source(&body.text)?;
        let text = crate::syntax::format(&src).ok();
        Ok(Json(json!({ "text": text })))
    })
    .await
}

/// `POST /api/tokens` `{text}`: the words by what they are, for colours.
pub(super) async fn tokens(Body(body): Body<Text>) -> Answer {
    use crate::ide::TokenKind as K;
    blocking(move || {
        let src = source(&body.text)?;
        let u = Utf16::new(src.text());
        let tokens: Vec<Value> = crate::ide::tokens(&src)
            .into_iter()
            .map(|t| {
                let (from, to) = u.span(t.span);
                let kind = match t.kind {
                    K::Ludeme => "ludeme",
                    K::Macro => "macro",
                    K::Key => "key",
                    K::Word => "word",
                    K::Param => "param",
                    K::Str => "string",
                    K::Number => "number",
                    K::Comment => "comment",
                };
                json!({"from": from, "to": to, "kind": kind})
            })
            .collect();
        Ok(Json(json!({ "tokens": tokens })))
    })
    .await
}

/// `POST /api/hover` `{text, at}`: the docs of what is under `at`.
pub(super) async fn hover(Body(body): Body<At>) -> Answer {
    blocking(move || {
        let src = source(&body.text)?;
        let u = Utf16::new(src.text());
        let at = u.byte(body.at);
        Ok(Json(match crate::ide::hover(&src, at) {
            Some(h) => {
                let (from, to) = u.span(h.span);
                json!({"from": from, "to": to, "markdown": h.text})
            }
            None => Value::Null,
        }))
    })
    .await
}

/// `POST /api/complete` `{text, at}`: what may be typed at `at`, and the
/// text it replaces.
pub(super) async fn complete(Body(body): Body<At>) -> Answer {
    blocking(move || {
        let src = source(&body.text)?;
        let u = Utf16::new(src.text());
        let at = u.byte(body.at);
        let c = crate::ide::complete(&src, at);
        let (from, to) = u.span(c.replace);
        let items: Vec<Value> = c
            .items
            .into_iter()
            .map(|i| {
                json!({
                    "label": i.label,
                    "insert": i.label,
                    "detail": (!i.detail.is_empty()).then_some(i.detail),
                    "doc": (!i.doc.is_empty()).then_some(i.doc),
                    "kind": format!("{:?}", i.kind).to_lowercase(),
                })
            })
            .collect();
        Ok(Json(json!({"from": from, "to": to, "items": items})))
    })
    .await
}

/// `GET /api/reference`: the language reference (`lud doc`), as Markdown.
pub(super) async fn reference() -> Answer {
    Ok(Json(
        json!({ "markdown": crate::compile::reference::markdown() }),
    ))
}

/// Any other `/api/...` address.
pub(super) async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::status(
        axum::http::StatusCode::NOT_FOUND,
        format!("{} is not a request this server knows", uri.path()),
        "see /api/files, /api/check, /api/position ...",
    )
}

#[cfg(test)]
mod tests {
    use super::Utf16;

    #[test]
    fn utf16_offsets_round_trip() {
        for text in ["", "abc", "a×b", "×", "😀x×y", "(a \"Home×\" 😀)\n"] {
            let u = Utf16::new(text);
            let mut unit = 0;
            for (b, c) in text.char_indices() {
                assert_eq!(u.of(b) as usize, unit, "{text:?} byte {b}");
                assert_eq!(u.byte(unit), b, "{text:?} unit {unit}");
                if c.len_utf8() > 1 {
                    // A byte inside the character counts as its start.
                    assert_eq!(u.of(b + 1) as usize, unit);
                }
                if c.len_utf16() == 2 {
                    assert_eq!(u.byte(unit + 1), b);
                }
                unit += c.len_utf16();
            }
            assert_eq!(u.of(text.len()) as usize, unit);
            assert_eq!(u.byte(unit), text.len());
            assert_eq!(u.byte(unit + 5), text.len());
            assert_eq!(u.byte(usize::MAX), text.len());
            assert_eq!(u.of(usize::MAX) as usize, unit);
        }
    }
}
