//! Options and rulesets, Ludii-style, resolved before anything is checked.
//!
//! ```lisp
//! (options {
//!     (option "opening-moves" {0 3 4 5 6 7 8 9} default:4 doc:"...")
//!     (option "boorj" {"half-win" "draw" "none"} default:"half-win")
//! })
//! (rulesets {
//!     (ruleset "Murray" {(set "opening-moves" 4) (set "boorj" "none")} doc:"...")
//! })
//! ... (when "boorj" "half-win" (if ("Bare" Next) (win Mover "Boorj"))) ...
//! ... (turns (optionValue "opening-moves")) ...
//! ```
//!
//! A game is compiled for one [`Config`]: the chosen ruleset (the first one if
//! none is chosen) and any single options set on top of it. `(when OPTION
//! VALUES ITEM...)` is replaced by its items when the option has one of the
//! values and disappears otherwise; `(optionValue OPTION)` becomes the value.

use std::collections::HashMap;
use std::fmt;

use miette::{Diagnostic, NamedSource, SourceSpan};

use crate::diagnostics::{
    suggest, BadOptionValue, BadWhen, DuplicateDefinition, EmptyList, Problem, TooMany,
    UnknownOption,
};
use crate::source::Span;
use crate::syntax::ast::{Form, HeadKind, Node, NodeKind};

/// An option's value: a number or a word.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A string.
    Str(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Str(s) => f.write_str(s),
        }
    }
}

impl Value {
    fn of(n: &Node) -> Option<Value> {
        match &n.kind {
            NodeKind::Int(i) => Some(Value::Int(*i)),
            NodeKind::Str(s) => Some(Value::Str(s.clone())),
            _ => None,
        }
    }

    /// Reads a value typed on the command line, as the option's values are written.
    fn parse_like(text: &str, values: &[Value]) -> Option<Value> {
        values.iter().find(|v| v.to_string() == text).cloned()
    }

    fn node(&self, span: Span, origin: Option<std::sync::Arc<crate::syntax::ast::Origin>>) -> Node {
        Node {
            kind: match self {
                Value::Int(i) => NodeKind::Int(*i),
                Value::Str(s) => NodeKind::Str(s.clone()),
            },
            span,
            origin,
        }
    }
}

/// A declared option.
#[derive(Clone, Debug)]
pub struct OptionDecl {
    /// Its name.
    pub name: String,
    /// The values it may take.
    pub values: Vec<Value>,
    /// Its default.
    pub default: Value,
    /// What it means.
    pub doc: String,
    /// Where its name is written.
    pub span: Span,
    /// Where each value is written.
    pub value_spans: Vec<Span>,
}

/// A declared ruleset: a named bundle of option values.
#[derive(Clone, Debug)]
pub struct RulesetDecl {
    /// Its name.
    pub name: String,
    /// The option values it sets.
    pub sets: Vec<(String, Value)>,
    /// What it is.
    pub doc: String,
}

/// The options and rulesets a game declares.
#[derive(Clone, Debug, Default)]
pub struct Declared {
    /// Options in order.
    pub options: Vec<OptionDecl>,
    /// Rulesets in order; the first is the default.
    pub rulesets: Vec<RulesetDecl>,
}

/// What a game is compiled for: a ruleset and options set one by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The ruleset; `None` for the first one (or the options' defaults if there is none).
    pub ruleset: Option<String>,
    /// `name=value` settings, applied after the ruleset.
    pub options: Vec<(String, String)>,
}

/// The option values a game was compiled with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    /// The ruleset in force, if the game has rulesets.
    pub ruleset: Option<String>,
    /// Every option's value, in declaration order.
    pub values: Vec<(String, Value)>,
}

impl Assignment {
    /// The value of an option.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// A ruleset or option on the command line that the game does not have.
#[derive(Debug, Clone, thiserror::Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(lud::config::invalid))]
pub struct ConfigError {
    /// What is wrong.
    pub message: String,
    /// The command-line argument.
    #[source_code]
    pub src: NamedSource<String>,
    /// The part of it that is wrong.
    #[label("{label}")]
    pub span: SourceSpan,
    /// What the label says.
    pub label: String,
    /// The valid choices.
    #[help]
    pub help: Option<String>,
}

fn config_error(
    arg: &str,
    at: (usize, usize),
    message: String,
    label: &str,
    help: String,
) -> ConfigError {
    ConfigError {
        message,
        src: NamedSource::new("command line", arg.to_string()),
        span: SourceSpan::new(at.0.into(), at.1 - at.0),
        label: label.into(),
        help: Some(help),
    }
}

/// The values, for a help line: at most ten, then how many more.
fn list(values: &[Value]) -> String {
    const SHOWN: usize = 10;
    let shown = values
        .iter()
        .take(SHOWN)
        .map(|v| match v {
            Value::Str(s) => format!("\"{s}\""),
            Value::Int(i) => i.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ");
    if values.len() > SHOWN {
        format!("{shown} and {} more", values.len() - SHOWN)
    } else {
        shown
    }
}

/// The most option values and rulesets (past the first) a game may declare:
/// `lud check` compiles the game once for each.
pub const MAX_CHOICES: usize = 64;

/// The bound arguments of a form as (positional, named) nodes.
fn split(f: &Form) -> (Vec<&Node>, HashMap<&str, &Node>) {
    let mut pos = Vec::new();
    let mut named = HashMap::new();
    for a in &f.args {
        match &a.kind {
            NodeKind::Named(n) => {
                named.insert(n.key.as_str(), &n.value);
            }
            _ => pos.push(a),
        }
    }
    (pos, named)
}

fn sections<'a>(game: &'a Node, head: &str) -> Vec<&'a Node> {
    let Some(g) = game.as_form() else {
        return Vec::new();
    };
    g.args
        .iter()
        .filter_map(|a| {
            a.as_form()
                .filter(|f| f.head == head && f.head_kind == HeadKind::Ludeme)
        })
        .flat_map(|f| {
            f.args
                .iter()
                .filter(|a| !matches!(a.kind, NodeKind::Named(_)))
        })
        .flat_map(|a| a.items().iter())
        .collect()
}

impl Declared {
    /// Reads the `(options ...)` and `(rulesets ...)` sections, reporting
    /// duplicates, bad defaults and ruleset settings that do not exist.
    pub fn read(game: &Node) -> (Declared, Vec<Problem>) {
        let mut d = Declared::default();
        let mut problems = Vec::new();
        // Option values and rulesets past the first, each a configuration
        // `lud check` compiles: past the limit they are refused.
        let mut choices = 0usize;
        let too_many = |span: Span, found: usize, problems: &mut Vec<Problem>| {
            problems.push(
                TooMany::new(span, "option values and rulesets", found, MAX_CHOICES).help(
                    "`lud check` compiles the game under each value of each option and each ruleset; \
                     declare fewer",
                ),
            );
        };
        for n in sections(game, "options") {
            let Some(f) = n.as_form().filter(|f| f.head == "option") else {
                continue;
            };
            let (pos, named) = split(f);
            let (Some(name_node), Some(values_node)) = (pos.first(), pos.get(1)) else {
                continue;
            };
            let Some(name) = name_node.as_str() else {
                continue;
            };
            let (values, value_spans): (Vec<Value>, Vec<Span>) = values_node
                .items()
                .iter()
                .filter_map(|v| Value::of(v).map(|x| (x, v.span)))
                .unzip();
            if values.is_empty() {
                if values_node.items().is_empty() && matches!(values_node.kind, NodeKind::List(_)) {
                    problems.push(
                        EmptyList::new(
                            values_node.span,
                            format!("the option \"{name}\"'s list of values"),
                            "an option has no value to choose",
                        )
                        .origin(values_node.origin.as_ref())
                        .help("give it its values, the default first: {19 13 9}"),
                    );
                }
                continue;
            }
            for (i, v) in values.iter().enumerate() {
                if values[..i].contains(v) {
                    problems.push(
                        DuplicateDefinition::new(
                            value_spans[i],
                            "option value",
                            format!("{name} = {v}"),
                        )
                        .note(
                            value_spans[values[..i].iter().position(|x| x == v).unwrap_or(0)],
                            "first given here",
                        )
                        .help("give each value once"),
                    );
                }
            }
            if let Some(first) = d.options.iter().find(|o| o.name == name) {
                problems.push(
                    DuplicateDefinition::new(name_node.span, "option", name)
                        .origin(name_node.origin.as_ref())
                        .note(first.span, "first defined here")
                        .help("give each option its own name"),
                );
                continue;
            }
            if choices + values.len() > MAX_CHOICES {
                if choices <= MAX_CHOICES {
                    let span = value_spans[MAX_CHOICES - choices];
                    too_many(span, choices + values.len(), &mut problems);
                }
                choices = MAX_CHOICES + 1;
                continue;
            }
            choices += values.len();
            let default = match named.get("default") {
                Some(dn) => match Value::of(dn) {
                    Some(v) if values.contains(&v) => v,
                    _ => {
                        problems.push(
                            BadOptionValue::new(dn.span, dn.to_string(), name)
                                .origin(dn.origin.as_ref())
                                .help(format!(
                                    "the default must be one of its values: {}",
                                    list(&values)
                                )),
                        );
                        values[0].clone()
                    }
                },
                None => values[0].clone(),
            };
            let doc = named
                .get("doc")
                .and_then(|x| x.as_str())
                .unwrap_or("")
                .to_string();
            d.options.push(OptionDecl {
                name: name.to_string(),
                values,
                default,
                doc,
                span: name_node.span,
                value_spans,
            });
        }
        for n in sections(game, "rulesets") {
            let Some(f) = n.as_form().filter(|f| f.head == "ruleset") else {
                continue;
            };
            let (pos, named) = split(f);
            let Some(name_node) = pos.first() else {
                continue;
            };
            let Some(name) = name_node.as_str() else {
                continue;
            };
            if d.rulesets.iter().any(|r| r.name == name) {
                problems.push(
                    DuplicateDefinition::new(name_node.span, "ruleset", name)
                        .origin(name_node.origin.as_ref())
                        .help("give each ruleset its own name"),
                );
                continue;
            }
            if !d.rulesets.is_empty() {
                if choices >= MAX_CHOICES {
                    if choices == MAX_CHOICES {
                        too_many(name_node.span, choices + 1, &mut problems);
                    }
                    choices = MAX_CHOICES + 1;
                    continue;
                }
                choices += 1;
            }
            let mut sets = Vec::new();
            for s in pos.get(1).map_or(&[][..], |l| l.items()) {
                let Some(sf) = s.as_form().filter(|f| f.head == "set") else {
                    continue;
                };
                let (spos, _) = split(sf);
                let (Some(on), Some(vn)) = (spos.first(), spos.get(1)) else {
                    continue;
                };
                let Some(oname) = on.as_str() else { continue };
                let Some(opt) = d.options.iter().find(|o| o.name == oname) else {
                    problems.push(unknown_option(on, oname, &d.options));
                    continue;
                };
                if sets.iter().any(|(n, _): &(String, Value)| n == oname) {
                    problems.push(
                        DuplicateDefinition::new(on.span, "setting of the option", oname)
                            .origin(on.origin.as_ref())
                            .help(format!(
                                "the ruleset \"{name}\" sets \"{oname}\" twice: set it once"
                            )),
                    );
                    continue;
                }
                match Value::of(vn) {
                    Some(v) if opt.values.contains(&v) => sets.push((oname.to_string(), v)),
                    _ => problems.push(
                        BadOptionValue::new(vn.span, vn.to_string(), oname)
                            .origin(vn.origin.as_ref())
                            .help(format!("\"{oname}\" takes {}", list(&opt.values))),
                    ),
                }
            }
            let doc = named
                .get("doc")
                .and_then(|x| x.as_str())
                .unwrap_or("")
                .to_string();
            d.rulesets.push(RulesetDecl {
                name: name.to_string(),
                sets,
                doc,
            });
        }
        (d, problems)
    }

    /// The assignment for a configuration, or what is wrong with it.
    pub fn resolve(&self, config: &Config) -> Result<Assignment, Box<ConfigError>> {
        let mut values: Vec<(String, Value)> = self
            .options
            .iter()
            .map(|o| (o.name.clone(), o.default.clone()))
            .collect();
        let ruleset = match &config.ruleset {
            Some(r) => {
                let arg = format!("--ruleset {r}");
                let Some(rs) = self.rulesets.iter().find(|x| &x.name == r) else {
                    let names: Vec<&str> = self.rulesets.iter().map(|x| x.name.as_str()).collect();
                    let help = if names.is_empty() {
                        "this game has no rulesets".to_string()
                    } else {
                        let mut h = format!(
                            "the rulesets are {}",
                            names
                                .iter()
                                .map(|n| format!("\"{n}\""))
                                .collect::<Vec<_>>()
                                .join(", ")
                        );
                        if let Some(s) = suggest(r, names.iter().copied()) {
                            h = format!("{s} ({h})");
                        }
                        h
                    };
                    return Err(Box::new(config_error(
                        &arg,
                        (10, arg.len()),
                        format!("no ruleset named \"{r}\""),
                        "unknown ruleset",
                        help,
                    )));
                };
                Some(rs)
            }
            None => self.rulesets.first(),
        };
        if let Some(rs) = ruleset {
            for (n, v) in &rs.sets {
                if let Some(slot) = values.iter_mut().find(|(x, _)| x == n) {
                    slot.1 = v.clone();
                }
            }
        }
        for (name, text) in &config.options {
            let arg = format!("--option {name}={text}");
            let Some(opt) = self.options.iter().find(|o| &o.name == name) else {
                let names: Vec<&str> = self.options.iter().map(|x| x.name.as_str()).collect();
                let help = if names.is_empty() {
                    "this game has no options".to_string()
                } else {
                    let all = names.join(", ");
                    match suggest(name, names.iter().copied()) {
                        Some(s) => format!("{s} (the options are {all})"),
                        None => format!("the options are {all}"),
                    }
                };
                return Err(Box::new(config_error(
                    &arg,
                    (9, 9 + name.len()),
                    format!("no option named \"{name}\""),
                    "unknown option",
                    help,
                )));
            };
            let Some(v) = Value::parse_like(text, &opt.values) else {
                let start = 10 + name.len();
                return Err(Box::new(config_error(
                    &arg,
                    (start, arg.len().max(start + 1).min(arg.len())),
                    format!("\"{name}\" cannot be {text}"),
                    "not one of its values",
                    format!("\"{name}\" takes {}", list(&opt.values)),
                )));
            };
            if let Some(slot) = values.iter_mut().find(|(x, _)| x == name) {
                slot.1 = v;
            }
        }
        Ok(Assignment {
            ruleset: ruleset.map(|r| r.name.clone()),
            values,
        })
    }

    /// Every configuration `lud check` compiles: each ruleset, and each
    /// value of each option on top of the default.
    pub fn all_configs(&self) -> Vec<Config> {
        let mut out = vec![Config::default()];
        for r in self.rulesets.iter().skip(1) {
            out.push(Config {
                ruleset: Some(r.name.clone()),
                options: Vec::new(),
            });
        }
        for o in &self.options {
            for v in &o.values {
                out.push(Config {
                    ruleset: None,
                    options: vec![(o.name.clone(), v.to_string())],
                });
            }
        }
        out
    }
}

fn unknown_option(n: &Node, name: &str, options: &[OptionDecl]) -> Problem {
    let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
    UnknownOption::new(n.span, name)
        .origin(n.origin.as_ref())
        .maybe_help(suggest(name, names.iter().copied()).or_else(|| {
            Some(if names.is_empty() {
                "declare it in `(options {(option \"name\" {values...})})`".into()
            } else {
                format!("the options are {}", names.join(", "))
            })
        }))
}

/// Warnings for option values nothing reads: no ruleset sets the value, no
/// `(when ...)` tests it, no `(optionValue ...)` reads the option, and it is
/// not the default. `game` is the tree before options are applied.
pub fn unused_values(game: &Node, d: &Declared) -> Vec<Problem> {
    let mut tested: Vec<(String, Value)> = Vec::new();
    let mut read: Vec<String> = Vec::new();
    collect_reads(game, &mut tested, &mut read);
    // A test of an unknown option or value is an error of its own; the option
    // it was likely meant for is not warned about as well.
    for (name, v) in &tested {
        match d.options.iter().find(|o| o.name == *name) {
            Some(o) if !o.values.contains(v) => read.push(name.clone()),
            Some(_) => {}
            None => read.extend(
                crate::diagnostics::did_you_mean(name, d.options.iter().map(|o| o.name.as_str()))
                    .map(str::to_string),
            ),
        }
    }
    let mut out = Vec::new();
    for o in &d.options {
        if read.contains(&o.name) {
            continue;
        }
        for (v, span) in o.values.iter().zip(&o.value_spans) {
            let used = *v == o.default
                || tested.iter().any(|(n, t)| *n == o.name && t == v)
                || d.rulesets
                    .iter()
                    .any(|r| r.sets.iter().any(|(n, t)| *n == o.name && t == v));
            if !used {
                out.push(
                    crate::diagnostics::UnusedOptionValue::new(
                        *span,
                        v.node(*span, None).to_string(),
                        o.name.clone(),
                    )
                    .help(format!(
                        "choosing it plays the game with none of the option's `(when ...)` parts; \
                         test it with `(when \"{}\" {} ...)`, set it in a ruleset, or remove it",
                        o.name,
                        v.node(*span, None)
                    )),
                );
            }
        }
    }
    out
}

/// The option values `(when ...)` forms test and the options `(optionValue ...)` reads.
fn collect_reads(n: &Node, tested: &mut Vec<(String, Value)>, read: &mut Vec<String>) {
    match &n.kind {
        NodeKind::Form(f) => {
            if f.head_kind == HeadKind::Ludeme && f.head == "when" {
                let (pos, _) = split(f);
                if let (Some(name), Some(vn)) = (pos.first().and_then(|x| x.as_str()), pos.get(1)) {
                    for v in vn.items() {
                        if let Some(val) = Value::of(v) {
                            tested.push((name.to_string(), val));
                        }
                    }
                }
            }
            if f.head_kind == HeadKind::Ludeme && f.head == "optionValue" {
                if let Some(name) = f.args.first().and_then(Node::as_str) {
                    read.push(name.to_string());
                }
            }
            for a in &f.args {
                collect_reads(a, tested, read);
            }
        }
        NodeKind::List(items) => items.iter().for_each(|x| collect_reads(x, tested, read)),
        NodeKind::Named(nm) => collect_reads(&nm.value, tested, read),
        _ => {}
    }
}

/// The names of the options the tree under `game` reads: tested by a
/// `(when ...)` or read by `(optionValue ...)`. Two assignments that agree
/// on them give the same tree.
pub fn read_options(game: &Node) -> std::collections::HashSet<String> {
    let mut tested = Vec::new();
    let mut read = Vec::new();
    collect_reads(game, &mut tested, &mut read);
    tested
        .into_iter()
        .map(|(name, _)| name)
        .chain(read)
        .collect()
}

/// Replaces `(when ...)` and `(optionValue ...)` under `game` for an
/// assignment. Problems in their use (unknown option or value) are reported
/// whatever the assignment.
pub fn apply(game: &Node, declared: &Declared, a: &Assignment) -> (Node, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut out = Vec::new();
    rewrite(game, declared, a, &mut problems, &mut out);
    let out = out.into_iter().next().unwrap_or_else(|| game.clone());
    (out, problems)
}

/// Puts into `out` the nodes `n` becomes: none, one, or the items of a
/// selected `when`. Recurses once per level of nesting, keeping little on
/// the stack: `when` and `optionValue` are handled by functions of their own.
fn rewrite(
    n: &Node,
    d: &Declared,
    a: &Assignment,
    problems: &mut Vec<Problem>,
    out: &mut Vec<Node>,
) {
    match &n.kind {
        NodeKind::Form(f) if f.head_kind == HeadKind::Ludeme && f.head == "when" => {
            rewrite_when(n, f, d, a, problems, out);
        }
        NodeKind::Form(f) if f.head_kind == HeadKind::Ludeme && f.head == "optionValue" => {
            out.push(option_value(n, f, d, a, problems));
        }
        NodeKind::Form(f) => {
            let mut args = Vec::with_capacity(f.args.len());
            for x in &f.args {
                rewrite(x, d, a, problems, &mut args);
            }
            out.push(Node {
                kind: NodeKind::Form(f.with_args(args)),
                span: n.span,
                origin: n.origin.clone(),
            });
        }
        NodeKind::List(items) => {
            let mut new = Vec::with_capacity(items.len());
            for x in items {
                rewrite(x, d, a, problems, &mut new);
            }
            out.push(Node {
                kind: NodeKind::List(new),
                span: n.span,
                origin: n.origin.clone(),
            });
        }
        NodeKind::Named(nm) => {
            let mut vals = Vec::new();
            rewrite(&nm.value, d, a, problems, &mut vals);
            // A `key:(when ...)` whose option is off: as if not given.
            if !vals.is_empty() {
                let value = vals.swap_remove(0);
                out.push(Node {
                    kind: NodeKind::Named(Box::new(nm.with_value(value))),
                    span: n.span,
                    origin: n.origin.clone(),
                });
            }
        }
        _ => out.push(n.clone()),
    }
}

/// `(when "option" value item...)`: the items if the option has one of the
/// values (each rewritten in every case, so their problems are found
/// whatever the assignment).
fn rewrite_when(
    n: &Node,
    f: &Form,
    d: &Declared,
    a: &Assignment,
    problems: &mut Vec<Problem>,
    out: &mut Vec<Node>,
) {
    let (pos, _) = split(f);
    let (Some(on), Some(vn)) = (pos.first(), pos.get(1)) else {
        problems.push(BadWhen::new(n.span).origin(n.origin.as_ref()).help(
            "write `(when \"option\" value item...)` or `(when \"option\" {value value} item...)`",
        ));
        return;
    };
    let Some(oname) = on.as_str() else {
        problems.push(
            BadWhen::new(on.span)
                .origin(on.origin.as_ref())
                .help("the option's name is a quoted string"),
        );
        return;
    };
    let Some(opt) = d.options.iter().find(|o| o.name == oname) else {
        problems.push(unknown_option(on, oname, &d.options));
        return;
    };
    let mut wanted = Vec::new();
    for v in vn.items() {
        match Value::of(v) {
            Some(val) if opt.values.contains(&val) => wanted.push(val),
            _ => problems.push(
                BadOptionValue::new(v.span, v.to_string(), oname)
                    .origin(v.origin.as_ref())
                    .help(format!("\"{oname}\" takes {}", list(&opt.values))),
            ),
        }
    }
    let mut items = Vec::new();
    for x in &pos[2..] {
        rewrite(x, d, a, problems, &mut items);
    }
    if a.get(oname).is_some_and(|v| wanted.contains(v)) {
        out.extend(items);
    }
}

/// `(optionValue "option")`: the option's value in this assignment.
fn option_value(
    n: &Node,
    f: &Form,
    d: &Declared,
    a: &Assignment,
    problems: &mut Vec<Problem>,
) -> Node {
    let name = f.args.first().and_then(Node::as_str);
    if let Some(v) = name.and_then(|nm| a.get(nm)) {
        return v.node(n.span, n.origin.clone());
    }
    match (name, f.args.first()) {
        (Some(nm), Some(arg)) => problems.push(unknown_option(arg, nm, &d.options)),
        _ => problems.push(
            BadWhen::new(n.span)
                .origin(n.origin.as_ref())
                .help("write `(optionValue \"option\")`"),
        ),
    }
    Node::new(NodeKind::Error, n.span)
}
