//! The rules of a compiled game in plain English (`lud describe`): players,
//! board, turn order, start position, the pieces and how they move and
//! promote, the restrictions, and how the game ends. Written from the
//! compiled model, so an author reads back what the file really says.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::compile::graph::{
    describe_cond, describe_effect, describe_guard, describe_outcome, describe_promotion,
    dir_names, on_board, squares, vector, vectors,
};
use crate::compile::model::{Hurdle, Jumped, Model, MoveDef, MoveKind, PromotionDef, Target};
use crate::game::Game;

/// The whole description, wrapped at 78 columns.
pub fn describe(game: &Game) -> String {
    let m = game.model();
    let mut s = String::new();
    let _ = writeln!(s, "{}", m.name);
    let _ = writeln!(s, "{}", "=".repeat(m.name.chars().count()));
    if let Some(d) = &m.info.description {
        s.push('\n');
        s.push_str(&wrap(d, ""));
    }
    if !m.assignment.values.is_empty() {
        let opts: Vec<String> = m
            .assignment
            .values
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let which = m
            .assignment
            .ruleset
            .as_ref()
            .map_or_else(String::new, |r| format!(" of the ruleset {r}"));
        s.push('\n');
        s.push_str(&wrap(
            &format!(
                "These are the rules{which}, with the options {}.",
                opts.join(", ")
            ),
            "",
        ));
    }

    section(&mut s, "Players and board");
    let names: Vec<&str> = m.players.iter().map(|p| p.name.as_str()).collect();
    let mut text = format!(
        "{} players, {}, play on a board of {}×{} {}.",
        number_word(names.len()),
        and_list(&names),
        m.board.width,
        m.board.height,
        match m.board.tiling {
            crate::compile::board::Tiling::Squares => "squares",
            crate::compile::board::Tiling::Hexes => "hexagons in a rhombus",
        }
    );
    if m.board.has_holes() {
        let _ = write!(
            text,
            " {} of its squares are holes, leaving {}.",
            m.board.len() - m.board.cells(),
            m.board.cells()
        );
    }
    let marked: Vec<String> = (0..m.board.len())
        .filter(|&i| m.board.marked.get(i).copied().unwrap_or(false))
        .map(|i| m.board.name(i as Sq))
        .collect();
    if !marked.is_empty() {
        let _ = write!(text, " The squares {} are marked.", and_list(&marked));
    }
    s.push_str(&wrap(&text, ""));

    section(&mut s, "Turns");
    let mut text = String::new();
    for ph in &m.phases {
        let _ = write!(
            text,
            "Before normal play comes the {} phase: each player in turn makes {} move{} in a row{}. ",
            ph.name,
            ph.moves_each,
            if ph.moves_each == 1 { "" } else { "s" },
            if ph.moves.is_empty() {
                String::new()
            } else {
                let list: Vec<String> = ph
                    .moves
                    .iter()
                    .map(|&i| {
                        let piece = m.moves[i].piece.map_or("player", |k| m.pieces[k].name.as_str());
                        format!("a {piece} {}", move_words(m, &m.moves[i]))
                    })
                    .collect();
                format!(", and the only moves are these: {}", list.join("; "))
            }
        );
        for f in &ph.forbids {
            let _ = write!(
                text,
                "During it, a move is illegal if afterwards {} ({}). ",
                describe_cond(m, &f.cond),
                f.reason
            );
        }
    }
    let _ = write!(
        text,
        "{} moves first; then the players take turns, one move each.",
        names.first().copied().unwrap_or("The first player")
    );
    s.push_str(&wrap(&text, ""));

    section(&mut s, "Start position");
    if m.start.is_empty() {
        s.push_str("  The board starts empty.\n");
    }
    for (p, player) in m.players.iter().enumerate().filter(|_| !m.start.is_empty()) {
        let parts = pieces_on(
            m,
            m.start
                .iter()
                .filter(|pl| usize::from(pl.player) == p)
                .map(|pl| (usize::from(pl.piece), m.board.name(pl.sq))),
            "",
            |sqs| sqs.join(" "),
        );
        s.push_str(&wrap(
            &format!("{}: {}.", player.name, parts.join("; ")),
            "  ",
        ));
    }
    if !m.shifts.is_empty() {
        let moved: Vec<String> = m
            .shifts
            .iter()
            .map(|&(a, b)| format!("{} to {}", m.board.name(a), m.board.name(b)))
            .collect();
        s.push_str(&wrap(
            &format!(
                "Then, before play, these pieces are moved: {}.",
                moved.join(", ")
            ),
            "  ",
        ));
    }

    section(&mut s, "Pieces");
    for p in &m.pieces {
        let mut text = if p.royal {
            format!(
                "{} ({}, royal: it must never be left attacked)",
                p.name, p.letter
            )
        } else {
            format!("{} ({})", p.name, p.letter)
        };
        let dropped = m
            .moves
            .iter()
            .any(|d| matches!(d.kind, MoveKind::Drop { piece, .. } if m.pieces.get(piece).is_some_and(|x| x.name == p.name)));
        if p.moves.is_empty() && dropped {
            text.push_str(" is put down by a player and never moves.");
        } else if p.moves.is_empty() {
            text.push_str(" never moves.");
        } else {
            let _ = write!(text, " {}.", moves_words(m, &p.moves));
        }
        for pr in &p.promotions {
            let _ = write!(text, " It {}.", promotion_words(m, pr));
        }
        s.push_str(&wrap(&text, "  "));
    }
    if !m.player_moves.is_empty() {
        s.push_str(&wrap(
            &format!(
                "A player may also make a move of no piece: it {}.",
                moves_words(m, &m.player_moves)
            ),
            "  ",
        ));
    }

    if !m.forbids.is_empty() || m.maximum.is_some() {
        section(&mut s, "Restrictions");
        for f in &m.forbids {
            let mut text = format!(
                "A move is illegal if afterwards {}: {}.",
                bare(&describe_cond(m, &f.cond)),
                f.reason
            );
            if f.unless_all {
                text.push_str(
                    " If every move a player has is illegal only by this rule, he may make them.",
                );
            }
            s.push_str(&wrap(&text, "  "));
        }
        if let Some(most) = &m.maximum {
            let text = format!(
                "Of the legal moves, only those that make {} greatest may be made: {}.",
                crate::compile::graph::int_words(m, &most.expr),
                most.reason
            );
            s.push_str(&wrap(&text, "  "));
        }
    }

    section(&mut s, "End of the game");
    s.push_str(&wrap(
        "Before each turn these rules are judged in order; the first that holds ends the game:",
        "",
    ));
    for (i, e) in m.ends.iter().enumerate() {
        s.push_str(&wrap(
            &format!(
                "{}. If {}, then {}.",
                i + 1,
                bare(&describe_cond(m, &e.cond)),
                describe_outcome(m, &e.outcome)
            ),
            "  ",
        ));
    }
    s
}

/// Move rules (indices into the model's moves) as one verb phrase: "steps
/// one square forward, onto an empty square; or it steps one square
/// diagonally forward, only to capture".
pub(crate) fn moves_words(m: &Model, rules: &[usize]) -> String {
    rules
        .iter()
        .map(|&i| move_words(m, &m.moves[i]))
        .collect::<Vec<_>>()
        .join("; or it ")
}

/// A promotion rule as a verb phrase: "promotes to Counsellor on a8 b8 ...,
/// only if ...".
pub(crate) fn promotion_words(m: &Model, pr: &PromotionDef) -> String {
    let words = describe_promotion(m, pr);
    let mut s = words
        .strip_prefix("promote ")
        .map_or(words.clone(), |w| format!("promotes {w}"));
    if let Some(g) = &pr.guard {
        let _ = write!(s, ", only if {}", describe_guard(m, g));
    }
    s
}

/// A move rule as a verb phrase: "moves one square in any direction, onto an
/// empty square or capturing".
pub(crate) fn move_words(m: &Model, md: &MoveDef) -> String {
    let mut s = match &md.kind {
        MoveKind::Step(d) => format!("steps one square {}", directions(&dir_names(&on_board(m, d)))),
        MoveKind::Slide(d, 1, None) => format!(
            "slides any number of squares {} over empty squares",
            directions(&dir_names(&on_board(m, d)))
        ),
        MoveKind::Slide(d, min, Some(max)) if min == max => format!(
            "slides exactly {min} squares {} over empty squares",
            directions(&dir_names(&on_board(m, d)))
        ),
        MoveKind::Slide(d, min, max) => format!(
            "slides {} squares {} over empty squares",
            match max {
                Some(x) if *min == 1 => format!("up to {x}"),
                Some(x) => format!("{min} to {x}"),
                None => format!("at least {min}"),
            },
            directions(&dir_names(&on_board(m, d)))
        ),
        MoveKind::Leap(a, b) => leap_words(*a, *b),
        MoveKind::Remove(z) => format!(
            "removes an enemy piece, never a royal one, from {}",
            squares(m, z)
        ),
        MoveKind::Pass => "passes, moving nothing".into(),
        MoveKind::Jump(v) => format!(
            "jumps by {} (squares to its right, squares forward), over anything between",
            vectors(v)
        ),
        MoveKind::Ride(v, max) => format!(
            "rides by {} over empty squares, repeating the step{}",
            vectors(v),
            max.map_or_else(String::new, |x| format!(" at most {x} times"))
        ),
        MoveKind::Hop(v, h, max) => format!(
            "moves {} over exactly one piece, landing {}{}",
            directions(&vectors(v)),
            match h {
                Hurdle::Beyond => "anywhere beyond it up to the next piece",
                Hurdle::Right => "on the square right behind it",
            },
            max.map_or_else(String::new, |x| format!(", at most {x} squares away"))
        ),
        MoveKind::Path(paths) => format!(
            "goes {}, every square on the way empty",
            paths
                .iter()
                .map(|p| p
                    .iter()
                    .map(|&x| vector(x))
                    .collect::<Vec<_>>()
                    .join(" then "))
                .collect::<Vec<_>>()
                .join(", or ")
        ),
        MoveKind::CaptureJump {
            dirs,
            again,
            far,
            stop_to_promote,
            over,
            takes,
            ..
        } => format!(
            "jumps {} over {} to {}{}{}{}",
            directions(&dir_names(&on_board(m, dirs))),
            match (*far, over) {
                (true, Jumped::Enemy) => "an enemy piece at any distance along empty squares",
                (true, Jumped::Friend) => "a piece of its own at any distance along empty squares",
                (true, Jumped::Any) => "a piece at any distance along empty squares",
                (false, Jumped::Enemy) => "an adjacent enemy piece",
                (false, Jumped::Friend) => "an adjacent piece of its own",
                (false, Jumped::Any) => "an adjacent piece",
            },
            if *far {
                "any empty square beyond it"
            } else {
                "the empty square behind it"
            },
            if *takes { ", taking the piece" } else { ", leaving it there" },
            match (*again, *takes) {
                (true, true) => "; it must go on jumping while it can, the series of jumps making one move, and the pieces jumped leaving the board at its end",
                (true, false) => "; it may go on jumping and stop after any jump, the series making one move, never landing twice on a square",
                (false, _) => "",
            },
            if *again && !*stop_to_promote {
                "; where it promotes it jumps on if it can, promoting only if the series ends there"
            } else {
                ""
            }
        ),
        MoveKind::Drop {
            piece,
            sites,
            gravity,
            from_hand,
        } => format!(
            "puts {} on {}{}",
            if *from_hand {
                format!("a {} from the player's hand", m.pieces[*piece].name)
            } else {
                format!("a new {}", m.pieces[*piece].name)
            },
            empty_of(&squares(m, sites)),
            gravity.map_or_else(String::new, |d| format!(
                ", where it falls {} as far as it can",
                d.name()
            ))
        ),
        MoveKind::Along => {
            "moves to a neighbouring point along one of the lines drawn on the board".into()
        }
        MoveKind::Fly(sites) => match squares(m, sites) {
            all if all == "any square" => "flies to any square".to_string(),
            some => format!("flies to any square of {some}"),
        },
        MoveKind::Castle { partner, steps } => format!(
            "castles: goes {steps} squares along its rank towards a {} of its own, which then \
             stands on the square it crossed last; only if neither has moved, the squares \
             between them are empty, and it is not attacked on its square nor on those it crosses",
            m.pieces[*partner].name
        ),
    };
    if !matches!(
        md.kind,
        MoveKind::Remove(_)
            | MoveKind::Pass
            | MoveKind::Castle { .. }
            | MoveKind::Drop { .. }
            | MoveKind::CaptureJump { .. }
    ) {
        s.push_str(match md.target {
            Target::Empty => ", onto an empty square",
            Target::Enemy => ", only to capture",
            Target::NotFriend => ", onto an empty square or capturing",
            Target::EnPassant => {
                ", only onto a square the opponent's last move passed over, taking the piece that passed (en passant)"
            }
        });
    }
    if let Some(a) = &md.avoid {
        let _ = write!(s, ", never stopping on or crossing {}", squares(m, a));
    }
    if md.stay {
        s.push_str(", and captures without moving");
    }
    if let Some(k) = md.put {
        let _ = write!(
            s,
            ", and stays: a new {} is put where the move lands",
            m.pieces[k].name
        );
    }
    if let Some(f) = &md.from {
        let _ = write!(s, ", only from {}", squares(m, f));
    }
    if let Some(g) = &md.guard {
        let _ = write!(s, ", only if {}", describe_guard(m, g));
    }
    if md.when_stuck {
        s.push_str(", only when the player has no other legal move");
    }
    for e in &md.effects {
        let _ = write!(s, ", and then {}", describe_effect(m, e));
    }
    s
}

/// "any empty square", or "an empty square of a1 b1".
fn empty_of(squares: &str) -> String {
    if squares == "any square" {
        "any empty square".into()
    } else {
        format!("an empty square of {squares}")
    }
}

fn leap_words(a: i32, b: i32) -> String {
    let (a, b) = (a.abs().min(b.abs()), a.abs().max(b.abs()));
    match (a, b) {
        (0, n) => format!("jumps exactly {n} squares orthogonally, over anything between"),
        (x, y) if x == y => format!("jumps exactly {x} squares diagonally, over anything between"),
        (1, 2) => "jumps like a knight: two squares one way and one square the other".into(),
        (x, y) => format!("jumps {y} squares one way and {x} the other"),
    }
}

/// Direction names as words: "in any direction", "orthogonally", ...
fn directions(names: &str) -> String {
    match names {
        // Every direction of a square, or of a hexagon (which has no N or S).
        "N NE E SE S SW W NW" | "NE E SE SW W NW" => "in any direction".into(),
        "N E S W" => "orthogonally".into(),
        "NE SE SW NW" => "diagonally".into(),
        "Forward" => "forward".into(),
        "Backward" => "backward".into(),
        "ForwardLeft ForwardRight" | "ForwardRight ForwardLeft" => "diagonally forward".into(),
        "Forward Right Backward Left" => "orthogonally".into(),
        "ForwardRight BackwardRight BackwardLeft ForwardLeft" => "diagonally".into(),
        "Forward ForwardRight Right BackwardRight Backward BackwardLeft Left ForwardLeft" => {
            "in any direction".into()
        }
        other => {
            let words: Vec<&str> = other.split(' ').collect();
            let relative = words.iter().all(|w| w.starts_with(['F', 'B', 'L', 'R']));
            let words: Vec<String> = if relative {
                // "ForwardLeft" → "forward-left".
                words
                    .iter()
                    .map(|w| {
                        let mut out = String::new();
                        for (i, c) in w.chars().enumerate() {
                            if c.is_ascii_uppercase() && i > 0 {
                                out.push('-');
                            }
                            out.push(c.to_ascii_lowercase());
                        }
                        out
                    })
                    .collect()
            } else {
                words.iter().map(|w| (*w).to_string()).collect()
            };
            let list = match words.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => words.join(""),
            };
            if relative {
                list
            } else {
                format!("towards {list}")
            }
        }
    }
}

/// A condition without the brackets around the whole of it.
pub(crate) fn bare(text: &str) -> &str {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text;
    };
    // Only if the first bracket closes at the very end.
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 && i + 1 < text.len() {
            return text;
        }
    }
    inner
}

fn section(s: &mut String, title: &str) {
    let _ = write!(s, "\n{title}\n{}\n", "-".repeat(title.chars().count()));
}

fn number_word(n: usize) -> String {
    ["No", "One", "Two", "Three", "Four", "Five", "Six"]
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// Pieces on squares in words, grouped by kind in the order first met:
/// `(kind, square)` pairs to "Rook on a1", "Pawns on a2 b2" (with
/// `article` before each, `squares` writing a kind's squares).
pub(crate) fn pieces_on(
    m: &Model,
    pieces: impl IntoIterator<Item = (usize, String)>,
    article: &str,
    squares: impl Fn(&[String]) -> String,
) -> Vec<String> {
    let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
    for (k, sq) in pieces {
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, v)) => v.push(sq),
            None => groups.push((k, vec![sq])),
        }
    }
    groups
        .iter()
        .map(|(k, sqs)| {
            let name = &m.pieces[*k].name;
            if sqs.len() == 1 {
                format!("{article}{name} on {}", sqs[0])
            } else {
                format!(
                    "{article}{} on {}",
                    crate::compile::graph::plural(name),
                    squares(sqs)
                )
            }
        })
        .collect()
}

/// "a", "a and b", "a, b and c".
pub(crate) fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [a] => a.as_ref().to_string(),
        [rest @ .., last] => format!(
            "{} and {}",
            rest.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// Wraps `text` at 78 columns. A paragraph (`indent` empty) has no indent;
/// an item (`indent` not empty) starts with `indent` and its further lines
/// are indented two more.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = indent.to_string();
    let cont = if indent.is_empty() {
        String::new()
    } else {
        format!("{indent}  ")
    };
    for word in text.split_whitespace() {
        let len = line.chars().count();
        let fresh = line.trim().is_empty();
        if !fresh && len + 1 + word.chars().count() > 78 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clone_from(&cont);
        } else if !fresh {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}
