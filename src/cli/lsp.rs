//! `lud lsp`: a language server on stdin and stdout (the Language Server
//! Protocol, through rust-analyzer's `lsp-server`), for any editor. It
//! answers from `crate::ide` and `lud check`: diagnostics as the file
//! changes, hover, completion, go to definition, rename, formatting and the
//! outline. Documents are synced whole.

use std::collections::HashMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use serde_json::Value;

use crate::ide::lines::{Columns, LineIndex};
use crate::source::{SourceFile, Span};

/// The kinds of word the server colours, in the order of
/// [`crate::ide::TokenKind`]'s use in [`Server::tokens`].
const TOKEN_TYPES: [lsp::SemanticTokenType; 8] = [
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::MACRO,
    lsp::SemanticTokenType::PROPERTY,
    lsp::SemanticTokenType::ENUM_MEMBER,
    lsp::SemanticTokenType::PARAMETER,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::COMMENT,
];

/// Runs the server until the client says `exit`; the exit code.
pub(super) fn run() -> i32 {
    let (connection, io) = super::lsp_io::stdio();
    let served = serve(&connection).map_err(|e| e.to_string());
    // Where the input broke off, that is the cause: the server's own
    // complaint (the channel closed) says nothing more.
    match (io.finish(connection), served) {
        (Some(why), _) | (None, Err(why)) => {
            super::io::write_err(format_args!("lud lsp: {why}\n"));
            1
        }
        (None, Ok(())) => 0,
    }
}

/// The open documents, and how columns are counted.
struct Server {
    docs: HashMap<String, (lsp::Uri, SourceFile)>,
    /// Documents closed since their diagnostics were last cleared.
    closed: Vec<lsp::Uri>,
    /// The documents written with CRLF line ends (formatting keeps them).
    crlf: std::collections::HashSet<String>,
    columns: Columns,
}

fn serve(connection: &Connection) -> Result<(), Box<dyn std::error::Error>> {
    let (id, params) = connection.initialize_start()?;
    // Only the encodings are read: a client's other capabilities, however
    // written, never stop the server from starting.
    let utf8 = params
        .pointer("/capabilities/general/positionEncodings")
        .and_then(Value::as_array)
        .is_some_and(|e| e.iter().any(|v| v == "utf-8"));
    let columns = if utf8 { Columns::Utf8 } else { Columns::Utf16 };
    let capabilities = lsp::ServerCapabilities {
        position_encoding: Some(if utf8 {
            lsp::PositionEncodingKind::UTF8
        } else {
            lsp::PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["(".into(), "\"".into()]),
            ..lsp::CompletionOptions::default()
        }),
        definition_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        })),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: lsp::SemanticTokensLegend {
                        token_types: TOKEN_TYPES.to_vec(),
                        token_modifiers: Vec::new(),
                    },
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    ..lsp::SemanticTokensOptions::default()
                },
            ),
        ),
        ..lsp::ServerCapabilities::default()
    };
    connection.initialize_finish(
        id,
        serde_json::json!({
            "capabilities": capabilities,
            "serverInfo": {"name": "lud", "version": env!("CARGO_PKG_VERSION")},
        }),
    )?;
    let mut server = Server {
        docs: HashMap::new(),
        closed: Vec::new(),
        crlf: std::collections::HashSet::new(),
        columns,
    };
    let mut shut_down = false;
    while let Ok(first) = connection.receiver.recv() {
        // Everything already waiting is taken at once, in order; a
        // document's diagnostics are published once, at its latest text,
        // before the next request is answered (and at the end).
        let mut batch = vec![first];
        while let Ok(m) = connection.receiver.try_recv() {
            batch.push(m);
        }
        let mut changed: Vec<String> = Vec::new();
        for msg in batch {
            if matches!(msg, Message::Request(_))
                || matches!(&msg, Message::Notification(n) if n.method == "exit")
            {
                for uri in changed.drain(..) {
                    connection
                        .sender
                        .send(Message::Notification(server.diagnostics(&uri)))?;
                }
            }
            match msg {
                Message::Request(req) if req.method == "shutdown" => {
                    shut_down = true;
                    connection
                        .sender
                        .send(Message::Response(Response::new_ok(req.id, ())))?;
                }
                Message::Request(req) => {
                    let resp = server.answer(&req);
                    connection.sender.send(Message::Response(resp))?;
                }
                Message::Notification(n) if n.method == "exit" => {
                    return if shut_down {
                        Ok(())
                    } else {
                        Err("exit without shutdown".into())
                    };
                }
                Message::Notification(n) => {
                    if let Some(uri) = server.note(n) {
                        if !changed.contains(&uri) {
                            changed.push(uri);
                        }
                    }
                }
                Message::Response(_) => {}
            }
        }
        for uri in changed {
            connection
                .sender
                .send(Message::Notification(server.diagnostics(&uri)))?;
        }
    }
    Err("the client closed the connection without exit".into())
}

/// A request refused: the error code and the message.
struct Refusal(ErrorCode, String);

/// A request's parameters, or why they are refused.
fn params<P: serde::de::DeserializeOwned>(req: &Request) -> Result<P, Refusal> {
    serde_json::from_value(req.params.clone()).map_err(|e| {
        Refusal(
            ErrorCode::InvalidParams,
            format!("bad parameters for {}: {e}", req.method),
        )
    })
}

impl Server {
    /// Takes in an opened, changed or closed document; the URI whose
    /// diagnostics are to be published.
    fn note(&mut self, n: Notification) -> Option<String> {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let p: lsp::DidOpenTextDocumentParams = serde_json::from_value(n.params).ok()?;
                Some(self.put(p.text_document.uri, p.text_document.text))
            }
            "textDocument/didChange" => {
                let p: lsp::DidChangeTextDocumentParams = serde_json::from_value(n.params).ok()?;
                let text = p.content_changes.into_iter().last()?.text;
                Some(self.put(p.text_document.uri, text))
            }
            "textDocument/didClose" => {
                let p: lsp::DidCloseTextDocumentParams = serde_json::from_value(n.params).ok()?;
                let key = p.text_document.uri.as_str().to_string();
                self.docs.remove(&key);
                self.closed.push(p.text_document.uri);
                Some(key)
            }
            _ => None,
        }
    }

    fn put(&mut self, uri: lsp::Uri, text: String) -> String {
        let key = uri.as_str().to_string();
        let name = key.rsplit('/').next().unwrap_or(&key).to_string();
        if text.contains("\r\n") {
            self.crlf.insert(key.clone());
        } else {
            self.crlf.remove(&key);
        }
        self.docs
            .insert(key.clone(), (uri, SourceFile::new(name, text)));
        key
    }

    /// `lud check`'s problems of a document, as the notification that
    /// publishes them (none once it is closed).
    fn diagnostics(&mut self, key: &str) -> Notification {
        let Some((uri, src)) = self.docs.get(key) else {
            // Closed: its problems are cleared.
            let uri = self
                .closed
                .iter()
                .position(|u| u.as_str() == key)
                .map(|i| self.closed.swap_remove(i));
            return Notification::new(
                "textDocument/publishDiagnostics".into(),
                serde_json::json!({"uri": uri.as_ref().map_or(key, |u| u.as_str()), "diagnostics": []}),
            );
        };
        let ix = LineIndex::new(src.text());
        let found = crate::build::check(src);
        let diagnostics: Vec<lsp::Diagnostic> = found
            .items()
            .into_iter()
            .map(|item| {
                let mut message = item.message;
                if let Some(label) = item.label {
                    message = format!("{message}\n{label}");
                }
                if let Some(help) = item.help {
                    message = format!("{message}\nhelp: {help}");
                }
                lsp::Diagnostic {
                    range: self.range(&ix, item.span),
                    severity: Some(if item.error {
                        lsp::DiagnosticSeverity::ERROR
                    } else {
                        lsp::DiagnosticSeverity::WARNING
                    }),
                    code: Some(lsp::NumberOrString::String(item.code)),
                    source: Some("lud".into()),
                    message,
                    related_information: (!item.notes.is_empty()).then(|| {
                        item.notes
                            .into_iter()
                            .map(|(label, span)| lsp::DiagnosticRelatedInformation {
                                location: lsp::Location::new(uri.clone(), self.range(&ix, span)),
                                message: label.unwrap_or_default(),
                            })
                            .collect()
                    }),
                    ..lsp::Diagnostic::default()
                }
            })
            .collect();
        let p = lsp::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version: None,
        };
        Notification::new(
            "textDocument/publishDiagnostics".into(),
            serde_json::to_value(p).unwrap_or(Value::Null),
        )
    }

    fn range(&self, ix: &LineIndex<'_>, span: Span) -> lsp::Range {
        let at = |o: u32| {
            let (line, character) = ix.position(o as usize, self.columns);
            lsp::Position { line, character }
        };
        lsp::Range {
            start: at(span.start),
            end: at(span.end),
        }
    }

    /// Spans of a document as the protocol's locations.
    fn locations(&self, uri: &lsp::Uri, src: &SourceFile, spans: Vec<Span>) -> Vec<lsp::Location> {
        let ix = LineIndex::new(src.text());
        spans
            .into_iter()
            .map(|s| lsp::Location::new(uri.clone(), self.range(&ix, s)))
            .collect()
    }

    /// The document and byte offset a position names.
    fn at(&self, p: &lsp::TextDocumentPositionParams) -> Option<(&lsp::Uri, &SourceFile, usize)> {
        let (uri, src) = self.docs.get(p.text_document.uri.as_str())?;
        let ix = LineIndex::new(src.text());
        Some((
            uri,
            src,
            ix.offset(p.position.line, p.position.character, self.columns),
        ))
    }

    /// The response to a request.
    fn answer(&self, req: &Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            "textDocument/hover" => self.hover(req),
            "textDocument/completion" => self.completion(req),
            "textDocument/definition" => self.definition(req),
            "textDocument/prepareRename" => self.prepare_rename(req),
            "textDocument/rename" => self.rename(req),
            "textDocument/references" => self.references(req),
            "textDocument/semanticTokens/full" => self.tokens(req),
            "textDocument/formatting" => self.format(req),
            "textDocument/documentSymbol" => self.symbols(req),
            other => Err(Refusal(
                ErrorCode::MethodNotFound,
                format!("lud lsp does not answer {other}"),
            )),
        };
        match result {
            Ok(v) => Response::new_ok(id, v),
            Err(Refusal(code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn hover(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::HoverParams = params(req)?;
        let Some((_, src, at)) = self.at(&p.text_document_position_params) else {
            return Ok(Value::Null);
        };
        let Some(h) = crate::ide::hover(src, at) else {
            return Ok(Value::Null);
        };
        let ix = LineIndex::new(src.text());
        Ok(serde_json::json!(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: h.text,
            }),
            range: Some(self.range(&ix, h.span)),
        }))
    }

    fn completion(&self, req: &Request) -> Result<Value, Refusal> {
        use crate::ide::CompletionKind as K;
        let p: lsp::CompletionParams = params(req)?;
        let Some((_, src, at)) = self.at(&p.text_document_position) else {
            return Ok(Value::Null);
        };
        let found = crate::ide::complete(src, at);
        let ix = LineIndex::new(src.text());
        let range = self.range(&ix, found.replace);
        let items: Vec<lsp::CompletionItem> = found
            .items
            .into_iter()
            .map(|c| lsp::CompletionItem {
                kind: Some(match c.kind {
                    K::Ludeme => lsp::CompletionItemKind::FUNCTION,
                    K::Macro => lsp::CompletionItemKind::SNIPPET,
                    K::Key => lsp::CompletionItemKind::PROPERTY,
                    K::Constant => lsp::CompletionItemKind::CONSTANT,
                    K::Name => lsp::CompletionItemKind::VARIABLE,
                }),
                detail: Some(c.detail),
                documentation: (!c.doc.is_empty()).then_some(lsp::Documentation::MarkupContent(
                    lsp::MarkupContent {
                        kind: lsp::MarkupKind::Markdown,
                        value: c.doc,
                    },
                )),
                text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit::new(
                    range,
                    c.label.clone(),
                ))),
                label: c.label,
                ..lsp::CompletionItem::default()
            })
            .collect();
        Ok(serde_json::json!(items))
    }

    fn definition(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::GotoDefinitionParams = params(req)?;
        let Some((uri, src, at)) = self.at(&p.text_document_position_params) else {
            return Ok(Value::Null);
        };
        let found = self.locations(uri, src, crate::ide::definition(src, at));
        Ok(if found.is_empty() {
            Value::Null
        } else {
            serde_json::json!(found)
        })
    }

    fn prepare_rename(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::TextDocumentPositionParams = params(req)?;
        let Some((_, src, at)) = self.at(&p) else {
            return Ok(Value::Null);
        };
        let ix = LineIndex::new(src.text());
        Ok(crate::ide::rename_target(src, at)
            .map_or(Value::Null, |(s, _)| serde_json::json!(self.range(&ix, s))))
    }

    fn references(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::ReferenceParams = params(req)?;
        let Some((uri, src, at)) = self.at(&p.text_document_position) else {
            return Ok(Value::Null);
        };
        Ok(serde_json::json!(self.locations(
            uri,
            src,
            crate::ide::references(src, at)
        )))
    }

    fn rename(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::RenameParams = params(req)?;
        let Some((uri, src, at)) = self.at(&p.text_document_position) else {
            return Ok(Value::Null);
        };
        let Some((_, kind)) = crate::ide::rename_target(src, at) else {
            return Err(Refusal(
                ErrorCode::RequestFailed,
                "only a name the file declares (a piece, player, region or macro) can be renamed"
                    .into(),
            ));
        };
        let new = p.new_name.as_str();
        let word = new.chars().next().is_some_and(char::is_alphabetic)
            && new.chars().all(|c| c.is_alphanumeric() || c == '_');
        if kind == crate::ide::SymbolKind::Player && !word {
            return Err(Refusal(
                ErrorCode::InvalidParams,
                "a player's name is written as a word (letters, digits and `_`, a letter first)"
                    .into(),
            ));
        }
        if new.is_empty() || new.contains(['"', '\\', '\n', '\r']) {
            return Err(Refusal(
                ErrorCode::InvalidParams,
                "a name is written in quotes: it cannot be empty or hold quotes, backslashes or line breaks".into(),
            ));
        }
        if crate::ide::is_declared(src, new) {
            return Err(Refusal(
                ErrorCode::InvalidParams,
                format!("the file already declares \"{new}\": choose another name"),
            ));
        }
        let ix = LineIndex::new(src.text());
        let edits: Vec<lsp::TextEdit> = crate::ide::references(src, at)
            .into_iter()
            .map(|s| lsp::TextEdit::new(self.range(&ix, s), new.to_string()))
            .collect();
        // A map keyed by the URI's text (lsp-types' `Uri` is not a plain key).
        Ok(serde_json::json!({"changes": {uri.as_str(): edits}}))
    }

    fn format(&self, req: &Request) -> Result<Value, Refusal> {
        let p: lsp::DocumentFormattingParams = params(req)?;
        let Some((_, src)) = self.docs.get(p.text_document.uri.as_str()) else {
            return Ok(Value::Null);
        };
        // A file with syntax errors is left as it is: its diagnostics say why.
        let Ok(mut text) = crate::syntax::format(src) else {
            return Ok(Value::Null);
        };
        if text == src.text() {
            return Ok(serde_json::json!([]));
        }
        if self.crlf.contains(p.text_document.uri.as_str()) {
            text = text.replace('\n', "\r\n");
        }
        let ix = LineIndex::new(src.text());
        let whole = self.range(&ix, Span::new(0, src.text().len()));
        Ok(serde_json::json!([lsp::TextEdit::new(whole, text)]))
    }

    /// The file's coloured words, as the protocol packs them: five numbers
    /// each (line and start relative to the one before, length, kind, no
    /// modifiers), a word over several lines cut at each line's end.
    fn tokens(&self, req: &Request) -> Result<Value, Refusal> {
        use crate::ide::TokenKind as K;
        let p: lsp::SemanticTokensParams = params(req)?;
        let Some((_, src)) = self.docs.get(p.text_document.uri.as_str()) else {
            return Ok(Value::Null);
        };
        let ix = LineIndex::new(src.text());
        let text = src.text();
        let mut data: Vec<u32> = Vec::new();
        let (mut last_line, mut last_col) = (0u32, 0u32);
        for t in crate::ide::tokens(src) {
            let kind = match t.kind {
                K::Ludeme => 0,
                K::Macro => 1,
                K::Key => 2,
                K::Word => 3,
                K::Param => 4,
                K::Str => 5,
                K::Number => 6,
                K::Comment => 7,
            };
            let mut start = t.span.start as usize;
            let end = (t.span.end as usize).min(text.len());
            while start < end {
                let line_end = text[start..end].find('\n').map_or(end, |i| start + i);
                let (line, col) = ix.position(start, self.columns);
                let (_, end_col) = ix.position(line_end, self.columns);
                if end_col > col {
                    let delta_col = if line == last_line {
                        col - last_col
                    } else {
                        col
                    };
                    data.extend([line - last_line, delta_col, end_col - col, kind, 0]);
                    (last_line, last_col) = (line, col);
                }
                start = line_end + 1;
            }
        }
        Ok(serde_json::json!({ "data": data }))
    }

    fn symbols(&self, req: &Request) -> Result<Value, Refusal> {
        use crate::ide::SymbolKind as K;
        let p: lsp::DocumentSymbolParams = params(req)?;
        let Some((uri, src)) = self.docs.get(p.text_document.uri.as_str()) else {
            return Ok(Value::Null);
        };
        let ix = LineIndex::new(src.text());
        #[allow(deprecated)]
        let out: Vec<lsp::SymbolInformation> = crate::ide::symbols(src)
            .into_iter()
            .map(|s| lsp::SymbolInformation {
                name: s.name,
                kind: match s.kind {
                    K::Game => lsp::SymbolKind::MODULE,
                    K::Define => lsp::SymbolKind::FUNCTION,
                    K::Piece => lsp::SymbolKind::CLASS,
                    K::Player => lsp::SymbolKind::OBJECT,
                    K::Region => lsp::SymbolKind::ARRAY,
                },
                tags: None,
                deprecated: None,
                location: lsp::Location::new(uri.clone(), self.range(&ix, s.span)),
                container_name: Some(s.kind.word().into()),
            })
            .collect();
        Ok(serde_json::json!(out))
    }
}
