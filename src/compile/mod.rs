//! From the syntax tree to the compiled description of a game, for one
//! configuration: the checks (one per file in `checks/`), the lowering to a
//! [`model::Model`] and the [`graph::RuleGraph`], or every problem found.
//! The engine, the `Game` and the warnings that need it come after
//! (`crate::build`, `crate::lint`).

pub mod betza;
pub mod betza_moves;
pub mod bind;
pub mod board;
mod checks;
mod cycles;
pub mod decls;
pub mod graph;
mod lower;
pub mod ludemes;
pub mod model;
pub mod options;
pub mod reference;
mod sites;

use std::path::Path;

use crate::diagnostics::{Diagnostics, NotText, Problem, TooLarge};
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

/// Reads a game file, refusing what is not a regular file (a directory, a
/// FIFO, a device: before it is opened for reading), a file that is too large
/// (never reading more than one byte past the limit) or not UTF-8 text.
pub fn read_source(path: &Path) -> Result<SourceFile, ReadError> {
    let name = path.display().to_string();
    let bytes = match crate::input::read_file(path, MAX_SOURCE_BYTES) {
        Ok(b) => b,
        Err(crate::input::InputError::TooLarge { size, limit }) => {
            let size = size.map_or(limit + 1, |s| usize::try_from(s).unwrap_or(usize::MAX));
            return Err(ReadError::Bad(Box::new(too_large(&name, size))));
        }
        Err(e) => {
            return Err(ReadError::Io {
                path: name,
                error: e.into(),
            })
        }
    };
    source_from_bytes(&name, &bytes).map_err(|d| ReadError::Bad(Box::new(d)))
}

/// The diagnostic for a file of `size` bytes, over the limit.
fn too_large(name: &str, size: usize) -> Diagnostics {
    Diagnostics::new(
        SourceFile::new(name, ""),
        vec![TooLarge::new(Span::new(0, 0), size, MAX_SOURCE_BYTES)
            .help("a game file is a short text; is this the right file?")],
    )
}

/// Makes a source from raw bytes: the same checks as [`read_source`].
pub fn source_from_bytes(name: &str, bytes: &[u8]) -> Result<SourceFile, Diagnostics> {
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(too_large(name, bytes.len()));
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

/// Why a game could not be compiled.
#[derive(Debug)]
pub enum CompileError {
    /// The file has errors.
    Source(Diagnostics),
    /// The ruleset or an option asked for does not exist.
    Config(Box<options::ConfigError>),
}

/// The part of compiling that does not depend on the configuration.
pub(crate) struct Front {
    /// The `(game ...)` tree, macros expanded, options not yet applied.
    pub(crate) game: crate::syntax::ast::Node,
    /// The rulesets and options it declares.
    pub(crate) declared: options::Declared,
    /// The problems found so far (errors and warnings).
    pub(crate) problems: Vec<Problem>,
    /// The names of the file's macros (`(define "Name" ...)`): a name
    /// used where it means nothing may be a macro written without brackets.
    pub(crate) macros: Vec<String>,
}

/// Parses, expands and reads the options: the part every configuration shares.
pub(crate) fn front(source: &SourceFile) -> Result<Front, Diagnostics> {
    let (tree, mut problems) = syntax::parse(source);
    let macros = syntax::define_names(&tree);
    let (ast, more) = syntax::expand(&tree);
    problems.extend(more);
    if ast.items.is_empty() && problems.iter().any(Problem::is_error) {
        // The text's structure is broken: nothing further would be reliable.
        return Err(Diagnostics::new(source.clone(), problems));
    }
    let game_index = checks::top_level::check(&ast, &mut problems);
    let Some(game) = game_index.map(|i| ast.items[i].clone()) else {
        return Err(Diagnostics::new(source.clone(), problems));
    };
    let (declared, more) = options::Declared::read(&game);
    problems.extend(more);
    problems.extend(options::unused_values(&game, &declared));
    problems.extend(checks::fixed::check(&game));
    Ok(Front {
        game,
        declared,
        problems,
        macros,
    })
}

/// A game compiled for one configuration: its model and rule graph, with the
/// `(game ...)` tree of that configuration and the names it declares (what
/// the lints read).
pub(crate) struct Compiled {
    /// The compiled description.
    pub(crate) model: model::Model,
    /// Its rule graph.
    pub(crate) graph: graph::RuleGraph,
    /// The `(game ...)` tree, options applied.
    pub(crate) tree: crate::syntax::ast::Node,
    /// The names the tree declares.
    pub(crate) decls: decls::Decls,
}

/// Compiles the configuration-dependent part.
pub(crate) fn back(
    source: &SourceFile,
    front: &Front,
    config: &options::Config,
) -> Result<Compiled, CompileError> {
    let assignment = front
        .declared
        .resolve(config)
        .map_err(CompileError::Config)?;
    let (game, mut problems) = options::apply(&front.game, &front.declared, &assignment);
    let mut decls = decls::Decls::collect(&game);
    decls.macros.clone_from(&front.macros);
    problems.extend(checks::run(&game, &decls));
    if problems
        .iter()
        .chain(&front.problems)
        .any(Problem::is_error)
    {
        return Err(CompileError::Source(Diagnostics::new(
            source.clone(),
            problems,
        )));
    }
    let mut model = lower::lower(&game).map_err(|p| {
        problems.extend(p);
        CompileError::Source(Diagnostics::new(
            source.clone(),
            std::mem::take(&mut problems),
        ))
    })?;
    let cycles = cycles::check(&model);
    if !cycles.is_empty() {
        problems.extend(cycles);
        return Err(CompileError::Source(Diagnostics::new(
            source.clone(),
            problems,
        )));
    }
    model.options = front.declared.clone();
    model.assignment = assignment;
    let graph = graph::RuleGraph::build(&model);
    Ok(Compiled {
        model,
        graph,
        tree: game,
        decls,
    })
}
