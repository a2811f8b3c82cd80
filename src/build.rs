//! From a file to a playable [`Game`], and everything `lud check` reports.
//!
//! `compile/` turns the text into the compiled description (or every problem
//! found); here the [`Game`] is built from it, and for `lud check` the
//! warnings that need the built game (`lint/`) are added, under every
//! configuration the file declares.

use std::collections::hash_map::{Entry, HashMap};

use crate::compile::{self, options, CompileError, Front};
use crate::diagnostics::{Diagnostics, Problem, TooMuchToCheck};
use crate::game::Game;
use crate::lint;
use crate::source::{SourceFile, Span};

/// Every problem of a file under every configuration `lud check` tries (each
/// ruleset, and each value of each option): syntax, macros and all the
/// checks. A problem found under only some configurations says under which.
pub fn check(source: &SourceFile) -> Diagnostics {
    let front = match compile::front(source) {
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
        let problems = match build(source, &front, &configs[group[0]], true) {
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
        if under.len() < n && lint::everywhere(&p) {
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
    let f = match compile::front(source) {
        Ok(f) => f,
        Err(d) => return Ok(Diagnostics::new(source.clone(), errors_first(d.problems))),
    };
    let mut problems = f.problems.clone();
    match build(source, &f, config, true) {
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

/// Compiles one configuration and builds its [`Game`]; with `lint`, also
/// returns the warnings of the built game.
fn build(
    source: &SourceFile,
    front: &Front,
    config: &options::Config,
    lint: bool,
) -> Result<(Game, Vec<Problem>), CompileError> {
    let compiled = compile::back(source, front, config)?;
    let game = Game::new(compiled.model, compiled.graph);
    let warnings = if lint {
        lint::run(&compiled.tree, &compiled.decls, &game)
    } else {
        Vec::new()
    };
    Ok((game, warnings))
}

/// Compiles a game file for a configuration (ruleset and options).
pub fn compile_with(source: &SourceFile, config: &options::Config) -> Result<Game, CompileError> {
    let f = compile::front(source).map_err(|d| {
        CompileError::Source(Diagnostics::new(source.clone(), errors_first(d.problems)))
    })?;
    build(source, &f, config, false)
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
