//! Rendering diagnostics: miette's graphical report where every snippet
//! fits, a plain one that shows a window of each long line otherwise; and
//! JSON Lines for editors.

use std::fmt::Write as _;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};

use super::{Diagnostics, MAX_SHOWN_PROBLEMS};
use crate::source::Span;

/// One problem as plain parts ([`Diagnostics::items`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// An error (not a warning).
    pub error: bool,
    /// The stable code, `lud::compile::unknown_ludeme`.
    pub code: String,
    /// The message.
    pub message: String,
    /// The label of the main span: what was found there.
    pub label: Option<String>,
    /// Where.
    pub span: Span,
    /// What to do.
    pub help: Option<String>,
    /// The other labelled spans.
    pub notes: Vec<(Option<String>, Span)>,
}

fn span_of(s: SourceSpan) -> Span {
    Span::new(s.offset(), s.offset() + s.len())
}

/// How to render diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Unicode boxes, no colour: deterministic (snapshots, pipes).
    Plain,
    /// Colours for a terminal.
    Colour,
}

impl Diagnostics {
    /// Every problem rendered (the first [`MAX_SHOWN_PROBLEMS`], then a line
    /// saying how many more there are), one after the other, `width` columns
    /// wide. Each is rendered by [`render_diagnostic`]: safely, however long
    /// its lines.
    pub fn render(&self, style: Style, width: usize) -> String {
        let mut out = String::new();
        for p in self.shown() {
            let report = miette::Report::new(p.clone()).with_source_code(self.source.clone());
            let one = render_diagnostic(report.as_ref(), style, width);
            out.push_str(&one);
            if !one.ends_with('\n') {
                out.push('\n');
            }
        }
        let more = self.not_shown();
        if more > 0 {
            let _ = writeln!(
                out,
                "and {more} more problem(s) in {} (only the first {MAX_SHOWN_PROBLEMS} of a file are shown)",
                self.source.name()
            );
        }
        out
    }

    /// One JSON object per problem, one per line (JSON Lines), for editors:
    /// `file`, `severity` (`error` or `warning`), `code`, `message`, `label`,
    /// `span` (byte `start` and `end`, 1-based `line` and `column` of both
    /// ends, columns in characters), `help` (or null) and `notes` (each a
    /// `label` and a `span`).
    ///
    /// Only the first [`MAX_SHOWN_PROBLEMS`] are written; if there are more,
    /// a last object says how many, with the same fields (`severity`
    /// `note`, `code` `lud::more`, `span` null) and `more`, the number.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for item in self.items() {
            let obj = serde_json::json!({
                "file": self.source.name(),
                "severity": if item.error { "error" } else { "warning" },
                "code": item.code,
                "message": item.message,
                "label": item.label,
                "span": self.json_span(item.span),
                "help": item.help,
                "notes": item
                    .notes
                    .iter()
                    .map(|(label, span)| serde_json::json!({
                        "label": label,
                        "span": self.json_span(*span),
                    }))
                    .collect::<Vec<_>>(),
            });
            out.push_str(&obj.to_string());
            out.push('\n');
        }
        let more = self.not_shown();
        if more > 0 {
            let obj = serde_json::json!({
                "file": self.source.name(),
                "severity": "note",
                "code": "lud::more",
                "message": format!("and {more} more problem(s) (only the first {MAX_SHOWN_PROBLEMS} of a file are shown)"),
                "label": null,
                "span": null,
                "help": "fix the problems shown, then check again",
                "notes": [],
                "more": more,
            });
            out.push_str(&obj.to_string());
            out.push('\n');
        }
        out
    }

    /// The problems shown (the first [`MAX_SHOWN_PROBLEMS`]), each as plain
    /// parts: what JSON Lines and editors show.
    pub fn items(&self) -> Vec<Item> {
        self.shown()
            .iter()
            .map(|p| {
                let mut labels: Vec<LabeledSpan> =
                    p.labels().map(Iterator::collect).unwrap_or_default();
                let primary = p.primary();
                let main = labels
                    .iter()
                    .position(|l| *l.inner() == primary)
                    .map(|i| labels.remove(i));
                Item {
                    error: p.is_error(),
                    code: p.code_str(),
                    message: p.to_string(),
                    label: main.and_then(|l| l.label().map(str::to_string)),
                    span: span_of(primary),
                    help: p.help_text().map(str::to_string),
                    notes: labels
                        .iter()
                        .map(|l| (l.label().map(str::to_string), span_of(*l.inner())))
                        .collect(),
                }
            })
            .collect()
    }

    fn json_span(&self, span: Span) -> serde_json::Value {
        let (start, end) = (span.start as usize, span.end as usize);
        let at = |o: usize| self.source.line_col(u32::try_from(o).unwrap_or(u32::MAX));
        let (line, column) = at(start);
        let (end_line, end_column) = at(end);
        serde_json::json!({
            "start": start,
            "end": end,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
        })
    }

    /// Plain rendering at width 80, as the tests snapshot it.
    pub fn render_plain(&self) -> String {
        self.render(Style::Plain, 80)
    }
}

impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render_plain())
    }
}

/// The longest source line, in bytes, that a diagnostic shows whole. Past
/// it the diagnostic is rendered by the plain renderer, which shows a
/// window of the line around each label (miette's graphical handler cannot
/// draw past display column 65,535, and whole long lines would make the
/// output grow with the square of the input).
pub const MAX_SHOWN_LINE_BYTES: usize = 4000;

/// The most source lines one label's snippet may show whole (its context
/// included); a label spanning more is rendered by the plain renderer.
pub const MAX_SHOWN_LINES: usize = 40;

/// Renders any diagnostic (message, labels on its source, help, related
/// diagnostics), never panicking, whatever its source holds: miette's
/// graphical handler where every snippet fits (no line longer than
/// [`MAX_SHOWN_LINE_BYTES`], no label over more than [`MAX_SHOWN_LINES`]
/// lines), otherwise a plain rendering that shows a window of each line.
pub fn render_diagnostic(d: &dyn Diagnostic, style: Style, width: usize) -> String {
    let width = width.clamp(20, 1000);
    let mut out = String::new();
    if fits_graphical(d, None) {
        let theme = match style {
            Style::Plain => GraphicalTheme::unicode_nocolor(),
            Style::Colour => GraphicalTheme::unicode(),
        };
        let handler = GraphicalReportHandler::new_themed(theme).with_width(width);
        if handler.render_report(&mut out, d).is_ok() {
            return out;
        }
        out.clear();
    }
    render_narrow(&mut out, d, None, "");
    out
}

/// Whether every label of `d` (and of its related diagnostics) has a
/// snippet the graphical handler can draw.
fn fits_graphical(d: &dyn Diagnostic, parent: Option<&dyn miette::SourceCode>) -> bool {
    let src = d.source_code().or(parent);
    if let (Some(src), Some(labels)) = (src, d.labels()) {
        for l in labels {
            let Ok(c) = src.read_span(l.inner(), 1, 1) else {
                continue; // miette says so in a line of its own
            };
            let data = c.data();
            if data.split(|&b| b == b'\n').count() > MAX_SHOWN_LINES + 1
                || data
                    .split(|&b| b == b'\n')
                    .any(|line| line.len() > MAX_SHOWN_LINE_BYTES)
            {
                return false;
            }
        }
    }
    d.related()
        .is_none_or(|mut r| r.all(|rel| fits_graphical(rel, src)))
}

/// Characters of a line shown before and after a label by the plain renderer.
const WINDOW_BEFORE: usize = 30;
const WINDOW_AFTER: usize = 50;

/// The plain rendering: the code, the message, each label as a place
/// (`file:line:column`), a window of its line and its text, the help.
fn render_narrow(
    out: &mut String,
    d: &dyn Diagnostic,
    parent: Option<&dyn miette::SourceCode>,
    indent: &str,
) {
    if let Some(code) = d.code() {
        let _ = writeln!(out, "{indent}{code}\n");
    }
    let _ = writeln!(out, "{indent}  × {}", clip_text(&d.to_string(), 2000));
    let mut cause = std::error::Error::source(d);
    while let Some(c) = cause {
        let _ = writeln!(out, "{indent}  ╰─▶ {}", clip_text(&c.to_string(), 2000));
        cause = c.source();
    }
    let src = d.source_code().or(parent);
    if let (Some(src), Some(labels)) = (src, d.labels()) {
        let mut labels: Vec<LabeledSpan> = labels.collect();
        labels.sort_by_key(|l| l.inner().offset());
        for l in labels {
            render_label(out, src, &l, indent);
        }
    }
    if let Some(help) = d.help() {
        let _ = writeln!(
            out,
            "{indent}  help: {}",
            clip_text(&help.to_string(), 2000)
        );
    }
    if let Some(related) = d.related() {
        for rel in related {
            let inner = format!("{indent}  ");
            render_narrow(out, rel, src, &inner);
        }
    }
}

fn render_label(out: &mut String, src: &dyn miette::SourceCode, l: &LabeledSpan, indent: &str) {
    let text = l.label().map_or(String::new(), |t| clip_text(t, 500));
    let Ok(at) = src.read_span(l.inner(), 0, 0) else {
        let _ = writeln!(out, "{indent}  at byte {}: {text}", l.inner().offset());
        return;
    };
    let number = (at.line() + 1).to_string();
    let place = format!("{number}:{}", at.column() + 1);
    let place = match at.name() {
        Some(name) => format!("{name}:{place}"),
        None => place,
    };
    let gutter = " ".repeat(number.len());
    let _ = writeln!(out, "{indent}{gutter}  ╭─[{place}]");
    // The label's line: the text before the label on it, and after.
    if let Ok(ctx) = src.read_span(l.inner(), 1, 1) {
        let data = ctx.data();
        let rel = l.inner().offset().saturating_sub(ctx.span().offset());
        let rel_end = (rel + l.inner().len()).min(data.len());
        if rel <= data.len() {
            let line_start = data[..rel]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line_end = data[rel..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(data.len(), |i| rel + i);
            let before = String::from_utf8_lossy(&data[line_start..rel]);
            let inside = String::from_utf8_lossy(&data[rel..rel_end.min(line_end).max(rel)]);
            let after = String::from_utf8_lossy(&data[rel_end.min(line_end).max(rel)..line_end]);
            let before: Vec<char> = before.chars().collect();
            let inside: Vec<char> = inside.chars().collect();
            let cut_before = before.len() > WINDOW_BEFORE;
            let shown_before = &before[before.len().saturating_sub(WINDOW_BEFORE)..];
            let shown_inside = &inside[..inside.len().min(WINDOW_AFTER)];
            let room = WINDOW_AFTER.saturating_sub(shown_inside.len());
            let after: Vec<char> = after.chars().collect();
            let shown_after = &after[..after.len().min(room)];
            let cut_after = inside.len() > shown_inside.len() || after.len() > shown_after.len();
            let mut line = String::new();
            let mut lead = 0;
            if cut_before {
                line.push('…');
                lead += 1;
            }
            for &c in shown_before {
                line.push(printable(c));
                lead += char_width(c);
            }
            for &c in shown_inside.iter().chain(shown_after) {
                line.push(printable(c));
            }
            if cut_after {
                line.push('…');
            }
            let mark = shown_inside
                .iter()
                .map(|&c| char_width(c))
                .sum::<usize>()
                .max(1);
            let _ = writeln!(out, "{indent} {number} │ {line}");
            let _ = writeln!(
                out,
                "{indent} {gutter} · {}{} {text}",
                " ".repeat(lead),
                "─".repeat(mark.min(WINDOW_AFTER))
            );
        }
    } else if !text.is_empty() {
        let _ = writeln!(out, "{indent} {gutter} · {text}");
    }
    let _ = writeln!(out, "{indent}{gutter}  ╰────");
}

/// A character as the plain renderer shows it: tabs and control characters as spaces.
fn printable(c: char) -> char {
    if c.is_control() {
        ' '
    } else {
        c
    }
}

/// The columns a character takes in a terminal: 2 for the wide East Asian
/// ranges and most emoji, 1 otherwise (a close approximation, enough to put
/// a mark under a label).
fn char_width(c: char) -> usize {
    match c as u32 {
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// A text cut to at most `max` characters, with `…` where it was cut.
pub fn clip_text(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((i, _)) => format!("{}…", &text[..i]),
    }
}
