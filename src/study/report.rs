//! A study's summaries shown: a table for the terminal (one column a
//! study, and with two studies a column of their differences), JSON, SVG
//! plots (drawn with plotters) and a self-contained HTML report holding
//! them all.

use std::fmt::Write as _;

use plotters::prelude::*;

use super::analyze::{difference, difference_of_means, Metrics, Share, Summary};

/// A share as a percentage with its interval: `38.2% (37.9–38.5)`.
fn pct(s: Share) -> String {
    format!(
        "{:.1}% ({:.1}–{:.1})",
        100.0 * s.value,
        100.0 * s.low,
        100.0 * s.high
    )
}

/// A difference of shares in percentage points with its interval.
fn points(s: Share) -> String {
    format!(
        "{:+.1} ({:+.1} to {:+.1})",
        100.0 * s.value,
        100.0 * s.low,
        100.0 * s.high
    )
}

/// The rows of the table: a name, then one cell a study (and a last cell
/// for the difference of two studies, where it means something).
fn rows(studies: &[Summary]) -> Vec<Vec<String>> {
    let metrics: Vec<Metrics> = studies.iter().map(Summary::metrics).collect();
    let two = studies.len() == 2 && studies[0].study.sides == studies[1].study.sides;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = |name: &str, cells: Vec<String>, diff: Option<String>| {
        let mut r = vec![name.to_string()];
        r.extend(cells);
        if two {
            r.push(diff.unwrap_or_default());
        }
        rows.push(r);
    };
    let each = |f: &dyn Fn(&Summary, &Metrics) -> String| -> Vec<String> {
        studies.iter().zip(&metrics).map(|(s, m)| f(s, m)).collect()
    };
    let diff = |f: &dyn Fn(&Metrics) -> Share| {
        two.then(|| points(difference(f(&metrics[0]), f(&metrics[1]))))
    };
    row(
        "game",
        each(&|s, _| study_name_in(s, studies)),
        two.then(|| "difference, points".to_string()),
    );
    row("players", each(&|s, _| players(s)), None);
    row("games", each(&|s, _| games(s)), None);
    let sides = studies
        .iter()
        .map(|s| s.study.sides.len())
        .max()
        .unwrap_or(0);
    for i in 0..sides {
        // The side's name, or where the studies name their i-th side
        // differently (two games), its number and each name.
        let mut names: Vec<&String> = Vec::new();
        for n in studies.iter().filter_map(|s| s.study.sides.get(i)) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let name = match names.as_slice() {
            [one] => (*one).clone(),
            _ => format!(
                "player {} ({})",
                i + 1,
                names
                    .iter()
                    .map(|n| n.as_str())
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
        };
        row(
            &format!("{name} wins"),
            each(&|s, m| match m.wins.get(i) {
                Some(&w) if s.half_wins[i] > 0 => {
                    format!("{} ({} half)", pct(w), s.half_wins[i])
                }
                Some(&w) => pct(w),
                None => String::new(),
            }),
            diff(&|m| m.wins.get(i).copied().unwrap_or(Share::of(0.0, 0.0))),
        );
    }
    row(
        "draws (drawishness)",
        each(&|_, m| pct(m.drawishness)),
        diff(&|m| m.drawishness),
    );
    row(
        "capped (timeouts)",
        each(&|_, m| pct(m.timeouts)),
        diff(&|m| m.timeouts),
    );
    // Games stuck with no legal move, where a study has any.
    if studies.iter().any(|s| s.stuck > 0) {
        row(
            "stuck (no legal move, no end rule)",
            each(&|_, m| pct(m.stuck)),
            diff(&|m| m.stuck),
        );
    }
    row(
        "completion",
        each(&|_, m| pct(m.completion)),
        diff(&|m| m.completion),
    );
    row("balance", each(&|_, m| format!("{:.3}", m.balance)), None);
    row(
        "first player's score",
        // No game ended by the rules: no score, and no difference.
        each(&|_, m| m.first_player_score.map_or_else(|| "–".to_string(), pct)),
        two.then(|| {
            let (a, b) = (&metrics[0], &metrics[1]);
            match (a.first_player_score, b.first_player_score) {
                (Some(x), Some(y)) => points(difference_of_means(
                    x.value,
                    a.first_player_se,
                    y.value,
                    b.first_player_se,
                )),
                _ => "–".to_string(),
            }
        }),
    );
    row(
        "length, plies",
        each(&|_, m| format!("mean {:.1}, sd {:.1}", m.length_mean, m.length_sd)),
        None,
    );
    row(
        "  median, 10%–90%",
        each(&|_, m| {
            let [p10, p50, p90] = m.length_percentiles;
            format!("{p50}, {p10}–{p90}")
        }),
        None,
    );
    row(
        "  shortest–longest",
        each(&|_, m| format!("{}–{}", m.length_range.0, m.length_range.1)),
        None,
    );
    row(
        "branching, moves",
        each(&|_, m| format!("{:.2}", m.branching)),
        None,
    );
    row(
        "decision moves",
        each(&|_, m| format!("{:.1}%", 100.0 * m.decision_moves)),
        None,
    );
    row(
        "game-tree size",
        each(&|_, m| format!("10^{:.0}", m.game_tree_log10)),
        None,
    );
    row(
        "decisiveness",
        each(&|_, m| {
            m.decisiveness
                .map_or("- (no --eval)".to_string(), |(d, n)| {
                    format!("{d:.3} ({})", super::counted(n, "won game"))
                })
        }),
        None,
    );
    row(
        "time",
        each(&|s, _| {
            format!(
                "{:.1} s of play, {:.2} ms a game",
                s.seconds,
                1e3 * s.seconds / s.games.max(1) as f64
            )
        }),
        None,
    );
    rows
}

fn study_name(s: &Summary) -> String {
    s.study.game_label()
}

/// The game's file as a label, where another study's file of the same
/// name differs from it (an edited file is another study): its
/// fingerprint's first eight digits; else nothing.
fn file_mark(s: &Summary, all: &[Summary]) -> String {
    let edited = all
        .iter()
        .any(|o| o.study.game_label() == s.study.game_label() && o.study.rules != s.study.rules);
    if edited {
        format!(
            " (file {})",
            s.study.rules.get(..8).unwrap_or(&s.study.rules)
        )
    } else {
        String::new()
    }
}

/// [`study_name`] told apart from the other studies' ([`file_mark`]),
/// with its cap on plies where another study of the game has another.
fn study_name_in(s: &Summary, all: &[Summary]) -> String {
    study_name(s) + &file_mark(s, all) + &cap_mark(s, all)
}

/// The study's cap on plies as a label, where another study of the same
/// game has another cap; else nothing.
fn cap_mark(s: &Summary, all: &[Summary]) -> String {
    let label = s.study.game_label();
    if all
        .iter()
        .any(|o| o.study.game_label() == label && o.study.max_plies != s.study.max_plies)
    {
        format!(", at most {} plies", s.study.max_plies)
    } else {
        String::new()
    }
}

fn players(s: &Summary) -> String {
    match s.study.random_plies {
        0 => s.study.players.join(" v "),
        n => format!("{}, {n} random plies first", s.study.players.join(" v ")),
    }
}

fn games(s: &Summary) -> String {
    let word = if s.seeds.len() == 1 { "seed" } else { "seeds" };
    let mut g = format!("{} ({word} {})", s.games, seed_list(&s.seeds));
    if s.duplicates > 0 {
        let _ = write!(g, ", {} repeated", s.duplicates);
    }
    g
}

/// The most runs of seeds [`seed_list`] writes before it sums up the rest.
const SEED_RUNS: usize = 6;

/// The seeds in order, each run of consecutive seeds as its ends (`1-100`):
/// `1-100, 205`; past [`SEED_RUNS`] runs, how many more seeds there are
/// (a study of a hundred thousand seeds, one a game, in one line).
fn seed_list(seeds: &[u64]) -> String {
    let mut sorted = seeds.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &x in &sorted {
        match runs.last_mut() {
            Some((_, hi)) if hi.checked_add(1) == Some(x) => *hi = x,
            _ => runs.push((x, x)),
        }
    }
    let text = |&(lo, hi): &(u64, u64)| {
        if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        }
    };
    let shown: Vec<String> = runs.iter().take(SEED_RUNS).map(text).collect();
    let mut out = shown.join(", ");
    if runs.len() > SEED_RUNS {
        let rest: u64 = runs[SEED_RUNS..].iter().map(|&(lo, hi)| hi - lo + 1).sum();
        let _ = write!(out, " and {rest} more, up to {}", runs[runs.len() - 1].1);
    }
    out
}

/// The kinds of endings: one row each, a share of each study's games.
fn ending_rows(studies: &[Summary]) -> Vec<Vec<String>> {
    let mut kinds: Vec<&(String, String)> = Vec::new();
    for s in studies {
        for k in s.endings.keys() {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
        .into_iter()
        .map(|k| {
            let mut r = vec![format!("{} by {}", k.0, k.1)];
            r.extend(studies.iter().map(|s| {
                let c = s.endings.get(k).copied().unwrap_or(0);
                format!("{:.1}% ({c})", 100.0 * c as f64 / s.games.max(1) as f64)
            }));
            r
        })
        .collect()
}

/// Rows as aligned columns.
fn columns(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            let pad = widths[i] - c.chars().count();
            line.push_str(c);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(pad + 3));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The report as text for a terminal.
pub fn text(studies: &[Summary]) -> String {
    let mut out = columns(&rows(studies));
    out.push_str("\nendings\n");
    let mut endings = ending_rows(studies);
    for r in &mut endings {
        r[0] = format!("  {}", r[0]);
    }
    out.push_str(&columns(&endings));
    out
}

/// The report as JSON: one object a study, with its figures and metrics.
pub fn json(studies: &[Summary]) -> serde_json::Value {
    let share = |s: Share| serde_json::json!({"value": s.value, "low": s.low, "high": s.high});
    let list: Vec<serde_json::Value> = studies
        .iter()
        .map(|s| {
            let m = s.metrics();
            let endings: Vec<serde_json::Value> = s
                .endings
                .iter()
                .map(
                    |((who, kind), n)| serde_json::json!({"result": who, "kind": kind, "games": n}),
                )
                .collect();
            serde_json::json!({
                "game": s.study.game,
                "rules": s.study.rules,
                "ruleset": s.study.ruleset,
                "options": s.study.options,
                "players": s.study.players,
                "sides": s.study.sides,
                "max_plies": s.study.max_plies,
                "random_plies": s.study.random_plies,
                "seeds": s.seeds,
                "games": s.games,
                "duplicates": s.duplicates,
                "wins": s.wins,
                "half_wins": s.half_wins,
                "draws": s.draws,
                "capped": s.capped,
                "stuck": s.stuck,
                "endings": endings,
                "metrics": {
                    "wins": m.wins.iter().map(|&w| share(w)).collect::<Vec<_>>(),
                    "drawishness": share(m.drawishness),
                    "completion": share(m.completion),
                    "timeouts": share(m.timeouts),
                    "stuck": share(m.stuck),
                    "balance": m.balance,
                    "first_player_score": m.first_player_score.map(share),
                    "length_mean": m.length_mean,
                    "length_sd": m.length_sd,
                    "length_p10_p50_p90": m.length_percentiles,
                    "length_min_max": [m.length_range.0, m.length_range.1],
                    "branching": m.branching,
                    "decision_moves": m.decision_moves,
                    "game_tree_log10": m.game_tree_log10,
                    "decisiveness": m.decisiveness.map(|d| d.0),
                    "decisiveness_games": m.decisiveness.map_or(0, |d| d.1),
                },
                "seconds": s.seconds,
            })
        })
        .collect();
    serde_json::json!({ "studies": list })
}

/// A named plot, as SVG.
pub struct Plot {
    /// Its file name (`lengths.svg`).
    pub name: &'static str,
    /// What it shows.
    pub title: &'static str,
    /// The SVG text.
    pub svg: String,
}

const SIZE: (u32, u32) = (760, 380);

fn colour(i: usize) -> RGBColor {
    // Okabe and Ito's colours, told apart with any colour vision.
    const C: [(u8, u8, u8); 7] = [
        (0, 114, 178),
        (213, 94, 0),
        (0, 158, 115),
        (204, 121, 167),
        (230, 159, 0),
        (86, 180, 233),
        (0, 0, 0),
    ];
    let (r, g, b) = C[i % C.len()];
    RGBColor(r, g, b)
}

/// The plots: results by side, the length of games, the branching as a
/// game goes on.
pub fn plots(studies: &[Summary]) -> Vec<Plot> {
    let mut out = Vec::new();
    for (name, title, draw) in [
        (
            "results.svg",
            "Results: each side's wins, draws and capped games (and stuck ones, where there are any), with 95% intervals",
            results_plot as fn(&[Summary], &mut String) -> Result<(), String>,
        ),
        (
            "lengths.svg",
            "Game length: the share of games that ended at each length",
            lengths_plot,
        ),
        (
            "branching.svg",
            "Branching: the mean number of legal moves at each ply",
            branching_plot,
        ),
    ] {
        let mut svg = String::new();
        if draw(studies, &mut svg).is_ok() {
            out.push(Plot { name, title, svg });
        }
    }
    out
}

fn legend_name(s: &Summary, all: &[Summary]) -> String {
    // What tells the studies apart: the game where they differ, then the
    // ruleset, the options and the players.
    let mut parts: Vec<String> = Vec::new();
    if !all.iter().all(|o| o.study.game == s.study.game) {
        parts.push(s.study.game.clone());
    }
    parts.extend(s.study.ruleset.iter().cloned());
    parts.extend(s.study.options.iter().cloned());
    parts.push(players(s));
    parts.join(", ") + &file_mark(s, all) + &cap_mark(s, all)
}

fn results_plot(studies: &[Summary], svg: &mut String) -> Result<(), String> {
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let sides = studies
        .iter()
        .map(|s| s.study.sides.len())
        .max()
        .unwrap_or(0);
    let mut cats: Vec<String> = (0..sides)
        .map(|i| {
            studies
                .iter()
                .find_map(|s| s.study.sides.get(i))
                .map_or_else(|| format!("player {}", i + 1), |n| format!("{n} wins"))
        })
        .collect();
    cats.push("draws".into());
    cats.push("capped".into());
    let stuck = studies.iter().any(|s| s.stuck > 0);
    if stuck {
        cats.push("stuck".into());
    }
    let shares: Vec<Vec<Share>> = studies
        .iter()
        .map(|s| {
            let m = s.metrics();
            let mut v: Vec<Share> = (0..sides)
                .map(|i| m.wins.get(i).copied().unwrap_or(Share::of(0.0, 0.0)))
                .collect();
            v.push(m.drawishness);
            v.push(m.timeouts);
            if stuck {
                v.push(m.stuck);
            }
            v
        })
        .collect();
    let top = shares
        .iter()
        .flatten()
        .map(|s| s.high)
        .fold(0.0f64, f64::max)
        .max(0.05)
        * 110.0;
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let n = cats.len();
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..n as f64, 0f64..top)
        .map_err(|x| e(&x))?;
    let labels = cats.clone();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n * 2 + 1)
        .x_label_formatter(&|x| {
            let i = (x - 0.5).round();
            if (x - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_desc("% of games")
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()
        .map_err(|x| e(&x))?;
    let k = studies.len().max(1) as f64;
    let width = 0.8 / k;
    for (j, (s, v)) in studies.iter().zip(&shares).enumerate() {
        let c = colour(j);
        let x0 = |i: usize| i as f64 + 0.1 + width * j as f64;
        chart
            .draw_series(v.iter().enumerate().map(|(i, sh)| {
                Rectangle::new(
                    [(x0(i), 0.0), (x0(i) + width * 0.9, 100.0 * sh.value)],
                    c.mix(0.8).filled(),
                )
            }))
            .map_err(|x| e(&x))?
            .label(legend_name(s, studies))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        chart
            .draw_series(v.iter().enumerate().map(|(i, sh)| {
                let x = x0(i) + width * 0.45;
                ErrorBar::new_vertical(
                    x,
                    100.0 * sh.low,
                    100.0 * sh.value,
                    100.0 * sh.high,
                    BLACK.stroke_width(1),
                    6,
                )
            }))
            .map_err(|x| e(&x))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(|x| e(&x))?;
    root.present().map_err(|x| e(&x))?;
    Ok(())
}

fn lengths_plot(studies: &[Summary], svg: &mut String) -> Result<(), String> {
    // Up to the length 99% of the games of every study end by, in about
    // sixty bins.
    let end = studies
        .iter()
        .map(|s| {
            let rank = (0.99 * s.games as f64).ceil() as u64;
            let mut seen = 0;
            s.lengths
                .iter()
                .position(|&c| {
                    seen += c;
                    seen >= rank
                })
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
        + 1;
    let bin = end.div_ceil(60).max(1);
    let bins = end.div_ceil(bin);
    let series: Vec<Vec<(f64, f64)>> = studies
        .iter()
        .map(|s| {
            (0..bins)
                .map(|b| {
                    let c: u64 = s.lengths.iter().skip(b * bin).take(bin).sum();
                    (
                        (b * bin) as f64 + bin as f64 / 2.0,
                        100.0 * c as f64 / s.games.max(1) as f64,
                    )
                })
                .collect()
        })
        .collect();
    let x_desc = if bin == 1 {
        "plies".to_string()
    } else {
        format!("plies, in bins of {bin}")
    };
    let axes = Axes {
        right: (bins * bin) as f64,
        x_desc: &x_desc,
        y_desc: "% of games",
    };
    line_chart(studies, &series, &axes, svg)
}

fn branching_plot(studies: &[Summary], svg: &mut String) -> Result<(), String> {
    // Each study up to the ply one game in a hundred (at least ten games)
    // still reaches.
    let series: Vec<Vec<(f64, f64)>> = studies
        .iter()
        .map(|s| {
            s.branching_by_ply((s.games / 100).max(10))
                .into_iter()
                .map(|(i, b)| (i as f64, b))
                .collect()
        })
        .collect();
    let axes = Axes {
        right: series.iter().map(Vec::len).max().unwrap_or(0).max(2) as f64,
        x_desc: "ply",
        y_desc: "legal moves (mean)",
    };
    line_chart(studies, &series, &axes, svg)
}

/// A line chart's x range (from 0) and the names of its axes.
struct Axes<'a> {
    right: f64,
    x_desc: &'a str,
    y_desc: &'a str,
}

/// One line a study, from 0 up to a tenth above the highest point, with a
/// legend.
fn line_chart(
    studies: &[Summary],
    series: &[Vec<(f64, f64)>],
    axes: &Axes<'_>,
    svg: &mut String,
) -> Result<(), String> {
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let top = series
        .iter()
        .flatten()
        .map(|p| p.1)
        .fold(0.0f64, f64::max)
        .max(1.0)
        * 1.1;
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..axes.right, 0f64..top)
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .x_desc(axes.x_desc)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc(axes.y_desc)
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()
        .map_err(|x| e(&x))?;
    for (j, (s, pts)) in studies.iter().zip(series).enumerate() {
        let c = colour(j);
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), c.stroke_width(2)))
            .map_err(|x| e(&x))?
            .label(legend_name(s, studies))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], c.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(|x| e(&x))?;
    root.present().map_err(|x| e(&x))?;
    Ok(())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn html_table(rows: &[Vec<String>], head: bool) -> String {
    let mut t = String::from("<table>\n");
    for (i, r) in rows.iter().enumerate() {
        let tag = if head && i == 0 { "th" } else { "td" };
        t.push_str("<tr>");
        for (j, c) in r.iter().enumerate() {
            let tag = if j == 0 { "th" } else { tag };
            let _ = write!(t, "<{tag}>{}</{tag}>", escape(c));
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</table>\n");
    t
}

/// The report as one HTML page with everything in it (no outside files).
pub fn html(studies: &[Summary], sources: &[String]) -> String {
    let title = match studies {
        [one] => format!("{}: a self-play study", study_name(one)),
        _ => {
            let names: Vec<String> = studies.iter().map(|s| study_name_in(s, studies)).collect();
            let mut names: Vec<String> = names.into_iter().fold(Vec::new(), |mut v, n| {
                if !v.contains(&n) {
                    v.push(n);
                }
                v
            });
            names.truncate(4);
            format!("{}: self-play studies compared", names.join(", "))
        }
    };
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        STYLE,
        escape(&title)
    );
    let _ = writeln!(
        h,
        "<p>From {} by <code>lud analyze</code>. Shares are of all games, with 95% intervals (Wilson); a difference of shares has Newcombe's interval.</p>",
        escape(&sources.join(", "))
    );
    h.push_str("<h2>Figures</h2>\n");
    h.push_str(&html_table(&rows(studies), true));
    h.push_str("<h2>Endings</h2>\n");
    let mut head = vec!["ending".to_string()];
    head.extend(
        studies
            .iter()
            .map(|s| format!("{} {}", study_name_in(s, studies), players(s))),
    );
    let mut endings = vec![head];
    endings.extend(ending_rows(studies));
    h.push_str(&html_table(&endings, true));
    for p in plots(studies) {
        let _ = write!(
            h,
            "<h2>{}</h2>\n<figure>{}</figure>\n",
            escape(p.title),
            p.svg
        );
    }
    h.push_str("<h2>What the figures mean</h2>\n<dl>\n");
    for (term, meaning) in GLOSSARY {
        let _ = writeln!(h, "<dt>{}</dt><dd>{}</dd>", escape(term), escape(meaning));
    }
    h.push_str("</dl>\n</body>\n</html>\n");
    h
}

const STYLE: &str = "body { font-family: sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { padding: 0.25rem 0.8rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
tr:first-child th { border-bottom: 2px solid #888; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
dt { font-weight: bold; margin-top: 0.6rem; }
";

/// What each figure means, with the Ludii metric it follows.
pub const GLOSSARY: &[(&str, &str)] = &[
    ("wins, draws, capped", "Each a share of all games, with its 95% Wilson score interval. Capped games were still going at the study's cap on plies (Ludii's Timeouts); draws are draws by the game's own rules (Ludii's Drawishness: the share of games that end in a draw, not counting timeouts). Stuck games, shown where there are any, stopped with no legal move and no end rule saying what that means."),
    ("completion", "The share of games with a winner (Ludii's Completion)."),
    ("balance", "1 minus the largest difference between two sides' win rates (Ludii's Balance): 1 when every side wins as often."),
    ("first player's score", "A win 1, a draw 1/2, over the games the rules ended: above 50% the first player has the advantage. Its 95% interval is the normal one of a mean, with z²/2 wins and z²/2 losses added (as Agresti and Coull adjust a share), so that games that all went one way still have one as wide as their number allows."),
    ("length", "Plies (single moves) a game lasted (Ludii's DurationMoves), with its spread; the median and the 10th and 90th percentiles are by the nearest rank (of an even number of games, the median is the lower middle length)."),
    ("branching", "The mean number of legal moves of the positions moves were played from."),
    ("decision moves", "The share of a game's positions with more than one legal move, averaged over the games (Ludii's DecisionMoves)."),
    ("game-tree size", "b to the power d for each game, b its mean branching and d its length, averaged (in powers of ten) over the games (Ludii's GameTreeComplexity, after Allis 1994): a rough size of the game tree."),
    ("decisiveness", "Ludii's Decisiveness: for each won game, the highest evaluation the losing side ever had is a threshold, and the game is decided at the first position where the winner's evaluation is above it; the figure is the mean share of the game played by then (lower: decided earlier). lud uses its own evaluation of positions (from the rules: material, mobility, lines), recorded by lud selfplay --eval; Ludii uses its search's. It is taken over the won games that kept their evaluations (their number is shown), where Ludii's divides by all games, draws and timeouts too; and Ludii's code divides whole numbers there, so it counts 0 or 1 for each game, where lud keeps the fraction."),
    ("difference", "With two studies of the same sides: the first study's share minus the second's, in percentage points, with Newcombe's 95% interval (method 10) for a share, and the normal interval of a difference of means for the first player's score: an interval that leaves out 0 is a difference the games show."),
];

#[cfg(test)]
mod tests {
    use super::seed_list;

    #[test]
    fn seeds_are_written_as_runs_and_summed_up_past_a_few() {
        assert_eq!(seed_list(&[7]), "7");
        assert_eq!(seed_list(&[3, 1, 2, 9, 2]), "1-3, 9");
        assert_eq!(
            seed_list(&[u64::MAX, u64::MAX - 1, 0]),
            format!("0, {}-{}", u64::MAX - 1, u64::MAX)
        );
        // A hundred thousand seeds, one run: one line, whatever their number.
        let many: Vec<u64> = (1..=100_000).rev().collect();
        assert_eq!(seed_list(&many), "1-100000");
        // Ten runs apart: six written, the rest counted.
        let apart: Vec<u64> = (0..10).flat_map(|r| [10 * r, 10 * r + 1]).collect();
        assert_eq!(
            seed_list(&apart),
            "0-1, 10-11, 20-21, 30-31, 40-41, 50-51 and 8 more, up to 91"
        );
    }
}
