//! `lud show FILE`: the game at a glance.

use std::fmt::Write as _;
use std::path::Path;

use super::{load, ConfigArgs, EXIT_OK};
use crate::compile::graph::{describe_cond, describe_guard, describe_move, describe_outcome};
use crate::compile::model::{Model, MoveKind, Target};
use crate::game::Game;

pub(super) fn run(file: &Path, config: &ConfigArgs) -> i32 {
    match load(file, config) {
        Ok(g) => {
            out!("{}", render(&g));
            EXIT_OK
        }
        Err(c) => c,
    }
}

/// Wraps text at `width` columns, each line indented by `indent`.
fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + w.len() > width {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

/// The text `lud show` prints.
pub(super) fn render(game: &Game) -> String {
    let m = game.model();
    let mut s = String::new();
    let _ = writeln!(s, "{}", m.name);
    if let Some(x) = &m.info.source {
        let _ = writeln!(s, "  source: {x}");
    }
    if let Some(x) = &m.info.date {
        let _ = writeln!(s, "  date:   {x}");
    }
    if let Some(x) = &m.info.description {
        s.push_str(&wrap(x, "  ", 78));
    }
    s.push('\n');
    if !m.options.rulesets.is_empty() {
        s.push_str("Rulesets (--ruleset NAME; the first is the default):\n");
        for r in &m.options.rulesets {
            let mark = if m.assignment.ruleset.as_ref() == Some(&r.name) {
                "*"
            } else {
                " "
            };
            let _ = writeln!(s, " {mark}{}", r.name);
            if !r.doc.is_empty() {
                s.push_str(&wrap(&r.doc, "      ", 78));
            }
        }
        s.push('\n');
    }
    if !m.options.options.is_empty() {
        s.push_str("Options (--option NAME=VALUE):\n");
        for o in &m.options.options {
            let values: Vec<String> = o.values.iter().map(ToString::to_string).collect();
            let now = m
                .assignment
                .get(&o.name)
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {} = {now}   (one of: {}; default {})",
                o.name,
                values.join(", "),
                o.default
            );
            if !o.doc.is_empty() {
                s.push_str(&wrap(&o.doc, "      ", 78));
            }
        }
        s.push('\n');
    }
    let players: Vec<String> = m
        .players
        .iter()
        .map(|p| format!("{} (forward {})", p.name, p.forward.name()))
        .collect();
    let _ = writeln!(s, "Players, in turn order: {}", players.join(", "));
    let _ = writeln!(
        s,
        "Board: {}×{} ({} {}{}{})",
        m.board.width,
        m.board.height,
        m.board.cells(),
        match m.board.tiling {
            crate::compile::board::Tiling::Squares => "squares",
            crate::compile::board::Tiling::Hexes => "hexagons in a rhombus",
        },
        if m.board.has_holes() {
            format!(", {} holes drawn blank", m.board.len() - m.board.cells())
        } else {
            String::new()
        },
        if m.board.marked.iter().any(|&x| x) {
            ", marked squares in [brackets]"
        } else {
            ""
        }
    );
    s.push('\n');
    let start = game.start();
    s.push_str(&crate::draw::board(&start));
    let _ = writeln!(s, "{start}");
    s.push_str("\nPieces:\n");
    for p in &m.pieces {
        let _ = writeln!(
            s,
            "  {} {}{}",
            p.letter,
            p.name,
            if p.royal { " (royal)" } else { "" }
        );
        for &mi in &p.moves {
            move_line(&mut s, m, mi, "      ");
        }
        for pr in &p.promotions {
            let _ = writeln!(s, "      {}", pr.text);
            s.push_str(&wrap(
                &crate::compile::graph::describe_promotion(m, pr),
                "          ",
                78,
            ));
        }
    }
    if !m.player_moves.is_empty() {
        s.push_str("\nMoves of the player (not of a piece):\n");
        for &mi in &m.player_moves {
            move_line(&mut s, m, mi, "  ");
        }
    }
    for ph in &m.phases {
        let _ = writeln!(
            s,
            "\nBefore normal play, phase \"{}\": each player in turn makes {} move(s) in a row{}",
            ph.name,
            ph.moves_each,
            if ph.moves.is_empty() {
                ""
            } else {
                ", only these:"
            }
        );
        for &mi in &ph.moves {
            let piece = m.moves[mi].piece.map_or("", |k| m.pieces[k].name.as_str());
            let _ = writeln!(s, "  {piece}");
            move_line(&mut s, m, mi, "      ");
        }
        for f in &ph.forbids {
            let _ = writeln!(
                s,
                "  illegal if afterwards: {:<40} {}",
                f.text,
                describe_cond(m, &f.cond)
            );
        }
    }
    if !m.forbids.is_empty() {
        s.push_str("\nA move is illegal if afterwards:\n");
        for f in &m.forbids {
            let _ = writeln!(s, "  {:<40} {}", f.text, describe_cond(m, &f.cond));
        }
    }
    if let Some(most) = &m.maximum {
        let _ = writeln!(
            s,
            "\nOnly the moves that make this greatest are legal:\n  {:<40} {}",
            most.text, most.reason
        );
    }
    if !m.ends.is_empty() {
        s.push_str("\nThe game ends (judged in order before each turn):\n");
        for (i, e) in m.ends.iter().enumerate() {
            let _ = writeln!(s, "  {}. {}", i + 1, e.text);
            let _ = writeln!(
                s,
                "     if {} then {}",
                describe_cond(m, &e.cond),
                describe_outcome(m, &e.outcome)
            );
        }
    }
    s
}

/// One move rule: its text, then what it does in words.
fn move_line(s: &mut String, m: &Model, mi: usize, indent: &str) {
    let md = &m.moves[mi];
    let target = match md.kind {
        MoveKind::Remove(_)
        | MoveKind::Castle { .. }
        | MoveKind::Drop { .. }
        | MoveKind::Pass
        | MoveKind::CaptureJump { .. } => "",
        _ => match md.target {
            Target::Empty => " to an empty square",
            Target::Enemy => " to an enemy piece (captures it)",
            Target::NotFriend => " to an empty square or an enemy piece",
            Target::EnPassant => " to a square the enemy just passed over (takes that piece)",
        },
    };
    let target = target.replacen(" to", "; lands on", 1);
    let words = format!("{}{target}", describe_move(m, mi));
    if md.text.chars().count() <= 36 {
        let _ = writeln!(s, "{indent}{:<36} {words}", md.text);
    } else {
        let _ = writeln!(s, "{indent}{}", md.text);
        let _ = writeln!(s, "{indent}    {words}");
    }
    if let Some(g) = &md.guard {
        let _ = writeln!(s, "{indent}    only if {}", describe_guard(m, g));
    }
}
