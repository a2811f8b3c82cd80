//! From the syntax tree to a playable [`Game`]: the checks (one per file in
//! `checks/`), the lowering to a [`model::Model`], the [`graph::RuleGraph`],
//! and the interpreter's tables derived from it.

pub mod bind;
pub mod board;
mod checks;
pub mod decls;
pub mod graph;
mod lower;
pub mod ludemes;
pub mod model;
pub mod reference;
mod sites;

use std::path::Path;

use crate::diagnostics::{Diagnostics, NotText, Problem, TooLarge};
use crate::game::Game;
use crate::source::{SourceFile, Span, MAX_SOURCE_BYTES};
use crate::syntax;

/// Why a game file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The file was read but cannot be a game file (too large, not text).
    #[error("{0}")]
    Bad(Box<Diagnostics>),
}

/// Reads a game file, refusing a file that is too large or not UTF-8 text.
pub fn read_source(path: &Path) -> Result<SourceFile, ReadError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|error| ReadError::Io {
        path: name.clone(),
        error,
    })?;
    source_from_bytes(&name, &bytes).map_err(|d| ReadError::Bad(Box::new(d)))
}

/// Makes a source from raw bytes: the same checks as [`read_source`].
pub fn source_from_bytes(name: &str, bytes: &[u8]) -> Result<SourceFile, Diagnostics> {
    if bytes.len() > MAX_SOURCE_BYTES {
        let src = SourceFile::new(name, "");
        return Err(Diagnostics::new(
            src,
            vec![
                TooLarge::new(Span::new(0, 0), bytes.len(), MAX_SOURCE_BYTES)
                    .help("a game file is a short text; is this the right file?"),
            ],
        ));
    }
    let bad = match std::str::from_utf8(bytes) {
        Ok(text) => text
            .find('\0')
            .map(|i| (i, "a NUL byte: this looks like a binary file")),
        Err(e) => Some((e.valid_up_to(), "this byte is not UTF-8")),
    };
    if let Some((at, what)) = bad {
        // Show the text up to the bad byte, so the label points at a real place.
        let shown = String::from_utf8_lossy(&bytes[..at]).into_owned();
        let src = SourceFile::new(name, format!("{shown} "));
        let at = src.text().len() - 1;
        return Err(Diagnostics::new(
            src,
            vec![NotText::new(Span::new(at, at + 1), what)
                .help("a game file is UTF-8 text; save it as UTF-8, or check the path")],
        ));
    }
    let text = String::from_utf8_lossy(bytes).into_owned();
    Ok(SourceFile::new(name, text))
}

/// Every problem of a file: syntax, macros and all the checks. Empty if the
/// file compiles.
pub fn check(source: &SourceFile) -> Diagnostics {
    match compile(source) {
        Ok(_) => Diagnostics::new(source.clone(), Vec::new()),
        Err(d) => d,
    }
}

/// Compiles a game file into a [`Game`], or returns every problem found.
pub fn compile(source: &SourceFile) -> Result<Game, Diagnostics> {
    let (ast, mut problems) = syntax::parse_and_expand(source);
    if ast.items.is_empty() && problems.iter().any(Problem::is_error) {
        // The text's structure is broken: nothing further would be reliable.
        return Err(Diagnostics::new(source.clone(), problems));
    }
    let game_index = checks::top_level::check(&ast, &mut problems);
    let Some(game) = game_index.map(|i| &ast.items[i]) else {
        return Err(Diagnostics::new(source.clone(), problems));
    };
    let decls = decls::Decls::collect(game);
    problems.extend(checks::run(game, &decls));
    if problems.iter().any(Problem::is_error) {
        return Err(Diagnostics::new(source.clone(), problems));
    }
    let model = lower::lower(game).map_err(|p| {
        problems.extend(p);
        Diagnostics::new(source.clone(), std::mem::take(&mut problems))
    })?;
    let graph = graph::RuleGraph::build(&model);
    Ok(Game::new(model, graph))
}

/// Compiles a game from text (for tests and examples).
pub fn compile_str(name: &str, text: &str) -> Result<Game, Diagnostics> {
    compile(&SourceFile::new(name, text))
}
