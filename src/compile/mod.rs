//! From the syntax tree to a playable [`Game`]: the checks (one per file in
//! `checks/`), the lowering to a [`model::Model`], the [`graph::RuleGraph`],
//! and the interpreter's tables derived from it.

pub mod betza;
pub mod betza_moves;
pub mod bind;
pub mod board;
mod checks;
mod cycles;
pub mod decls;
pub mod graph;
mod lints;
mod lower;
pub mod ludemes;
pub mod model;
pub mod options;
pub mod reference;
mod sites;

use std::collections::hash_map::{Entry, HashMap};
use std::path::Path;

use crate::diagnostics::{Diagnostics, NotText, Problem, TooLarge, TooMuchToCheck};
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

/// Every problem of a file under every configuration `lud check` tries (each
/// ruleset, and each value of each option): syntax, macros and all the
/// checks. A problem found under only some configurations says under which.
pub fn check(source: &SourceFile) -> Diagnostics {
    let front = match front(source) {
        Ok(f) => f,
        Err(d) => return Diagnostics::new(source.clone(), errors_first(d.problems)),
    };
    let configs = front.declared.all_configs();
    // Configurations that give the options the tree reads the same values
    // give the same tree: each such group is compiled once.
    let read = options::read_options(&front.game);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_values: HashMap<Vec<(String, options::Value)>, usize> = HashMap::new();
    for (c, cfg) in configs.iter().enumerate() {
        let Ok(a) = front.declared.resolve(cfg) else {
            continue;
        };
        let values: Vec<(String, options::Value)> = a
            .values
            .into_iter()
            .filter(|(name, _)| read.contains(name))
            .collect();
        match by_values.entry(values) {
            Entry::Occupied(e) => groups[*e.get()].push(c),
            Entry::Vacant(e) => {
                e.insert(groups.len());
                groups.push(vec![c]);
            }
        }
    }
    let nodes = front.game.count_nodes();
    // Each problem once, with the configurations it is found under (by
    // index), found again by its code, place and message in a hash map.
    let mut found: Vec<(Problem, Vec<usize>)> = Vec::new();
    let mut index: HashMap<(String, usize, String), usize> = HashMap::new();
    let mut checked = 0; // configurations
    let mut late = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        if g > 0 && (g + 1) * nodes > MAX_CHECK_NODES {
            late.push(
                TooMuchToCheck::new(
                    options_span(&front.game),
                    groups.len(),
                    nodes,
                    MAX_CHECK_NODES,
                )
                .help(format!(
                    "only the first {g} were checked; declare fewer option values or rulesets, \
                     or make the file smaller"
                )),
            );
            break;
        }
        if g > 0 && found.len() > MAX_PROBLEMS_BEFORE_STOP {
            break; // enough to fix first: the rest are checked once they are fixed
        }
        let problems = match back(source, &front, &configs[group[0]], true) {
            Ok((_, warnings)) => warnings,
            Err(CompileError::Source(d)) => d.problems,
            Err(CompileError::Config(_)) => continue,
        };
        checked += group.len();
        for p in problems {
            let key = (p.code_str(), p.primary().offset(), p.to_string());
            match index.entry(key) {
                Entry::Occupied(e) => found[*e.get()].1.extend(group),
                Entry::Vacant(e) => {
                    e.insert(found.len());
                    found.push((p, group.clone()));
                }
            }
        }
    }
    let n = checked;
    let mut problems = front.problems.clone();
    for (p, under) in found {
        if under.len() < n && lints::everywhere(&p) {
            continue;
        }
        if under.len() < n {
            let labels: Vec<String> = under
                .iter()
                .map(|&c| describe_config(&configs[c], &front.declared))
                .collect();
            let note = format!("(found under {})", labels.join("; "));
            let help = p
                .help_text()
                .map_or(note.clone(), |h| format!("{h} {note}"));
            problems.push(p.help(help));
        } else {
            problems.push(p);
        }
    }
    problems.extend(late);
    Diagnostics::new(source.clone(), errors_first(problems))
}

/// The most nodes `lud check` compiles for a file, summed over the
/// configurations it checks (each ruleset and option value that changes the
/// tree): past it the remaining configurations are refused
/// (`lud::options::too_much_to_check`), so that time does not grow with the
/// file's size times its number of options.
pub const MAX_CHECK_NODES: usize = 1_000_000;

/// Once this many problems are found, `lud check` compiles no further
/// configurations: the ones found are the ones to fix first.
const MAX_PROBLEMS_BEFORE_STOP: usize = 1_000;

/// Where the options are declared (the game's head if nowhere).
fn options_span(game: &crate::syntax::ast::Node) -> Span {
    game.as_form()
        .and_then(|f| {
            f.args
                .iter()
                .find(|a| a.as_form().is_some_and(|o| o.head == "options"))
                .map(|a| a.as_form().map_or(a.span, |o| o.head_span))
                .or(Some(f.head_span))
        })
        .unwrap_or(game.span)
}

/// Warnings are reported once a file has no errors: until then they would
/// mostly repeat the errors (a macro unused because its use is misspelt).
fn errors_first(mut problems: Vec<Problem>) -> Vec<Problem> {
    if problems.iter().any(Problem::is_error) {
        problems.retain(Problem::is_error);
    }
    problems
}

/// Every problem of a file under one configuration (errors and warnings).
pub fn check_with(
    source: &SourceFile,
    config: &options::Config,
) -> Result<Diagnostics, CompileError> {
    let f = match front(source) {
        Ok(f) => f,
        Err(d) => return Ok(Diagnostics::new(source.clone(), errors_first(d.problems))),
    };
    let mut problems = f.problems.clone();
    match back(source, &f, config, true) {
        Ok((_, warnings)) => problems.extend(warnings),
        Err(CompileError::Source(d)) => problems.extend(d.problems),
        Err(e @ CompileError::Config(_)) => return Err(e),
    }
    Ok(Diagnostics::new(source.clone(), errors_first(problems)))
}

fn describe_config(cfg: &options::Config, d: &options::Declared) -> String {
    let ruleset = cfg
        .ruleset
        .clone()
        .or_else(|| d.rulesets.first().map(|r| r.name.clone()));
    let mut parts = Vec::new();
    if let Some(r) = ruleset {
        parts.push(format!("ruleset {r}"));
    }
    for (k, v) in &cfg.options {
        parts.push(format!("{k}={v}"));
    }
    if parts.is_empty() {
        "the defaults".into()
    } else {
        parts.join(", ")
    }
}

/// The part of compiling that does not depend on the configuration.
struct Front {
    game: crate::syntax::ast::Node,
    declared: options::Declared,
    problems: Vec<Problem>,
}

fn front(source: &SourceFile) -> Result<Front, Diagnostics> {
    let (ast, mut problems) = syntax::parse_and_expand(source);
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
    Ok(Front {
        game,
        declared,
        problems,
    })
}

/// Compiles the configuration-dependent part; with `lint`, also returns the
/// warnings of the compiled game.
fn back(
    source: &SourceFile,
    front: &Front,
    config: &options::Config,
    lint: bool,
) -> Result<(Game, Vec<Problem>), CompileError> {
    let assignment = front
        .declared
        .resolve(config)
        .map_err(CompileError::Config)?;
    let (game, mut problems) = options::apply(&front.game, &front.declared, &assignment);
    let decls = decls::Decls::collect(&game);
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
    let compiled = Game::new(model, graph);
    let warnings = if lint {
        lints::run(&game, &decls, &compiled)
    } else {
        Vec::new()
    };
    Ok((compiled, warnings))
}

/// Compiles a game file for a configuration (ruleset and options).
pub fn compile_with(source: &SourceFile, config: &options::Config) -> Result<Game, CompileError> {
    let f = front(source).map_err(|d| {
        CompileError::Source(Diagnostics::new(source.clone(), errors_first(d.problems)))
    })?;
    back(source, &f, config, false)
        .map(|(g, _)| g)
        .map_err(|e| match e {
            CompileError::Source(d) => {
                let mut all = f.problems.clone();
                all.extend(d.problems);
                CompileError::Source(Diagnostics::new(source.clone(), errors_first(all)))
            }
            other @ CompileError::Config(_) => other,
        })
}

/// Compiles a game file into a [`Game`] (its first ruleset, default options),
/// or returns every problem found.
pub fn compile(source: &SourceFile) -> Result<Game, Diagnostics> {
    compile_with(source, &options::Config::default()).map_err(|e| match e {
        CompileError::Source(d) => d,
        // The default configuration always exists.
        CompileError::Config(c) => Diagnostics::new(
            source.clone(),
            vec![crate::diagnostics::BadWhen::new(Span::new(0, 0)).help(c.message)],
        ),
    })
}

/// Compiles a game from text (for tests and examples).
pub fn compile_str(name: &str, text: &str) -> Result<Game, Diagnostics> {
    compile(&SourceFile::new(name, text))
}
