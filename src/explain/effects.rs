//! What a legal move does beyond its own squares, in words: the pieces it
//! turns, takes, changes or pushes (each with the effect that did it), the
//! scores it changes, and whether the turn goes on.

use super::Position;
use crate::compile::board::Sq;
use crate::compile::graph::{describe_effect, describe_guard};
use crate::describe::and_list;

/// Pieces as a list in words, grouped by kind in the order first met: "the
/// Disc on d4", "the Discs on d4 and e4", "the Man on b3 and the Chief on
/// e4".
fn pieces_words(model: &crate::compile::model::Model, pieces: &[(usize, usize)]) -> String {
    let words = crate::describe::pieces_on(
        model,
        pieces
            .iter()
            .map(|&(k, sq)| (k, model.board.name(Sq::try_from(sq).unwrap_or(Sq::MAX)))),
        "the ",
        and_list,
    );
    and_list(&words)
}

/// What a move whose rule pushes did to squares other than its own: the
/// effects by name, then each square whose content changed, as it is now.
fn pushed_words(pos: &Position, after: &Position, m: crate::Move, own: &[Option<usize>]) -> String {
    use std::fmt::Write as _;
    let model = pos.model();
    let rule = &model.moves[m.rule()];
    let b = &model.board;
    let now: Vec<String> = (0..b.len())
        .filter(|&sq| !own.contains(&Some(sq)) && pos.piece_at(sq) != after.piece_at(sq))
        .map(|sq| {
            let name = b.name(Sq::try_from(sq).unwrap_or(Sq::MAX));
            match after.piece_at(sq) {
                Some((k, o)) => format!(
                    "{name} holds {}'s {}",
                    model.players[o].name, model.pieces[k].name
                ),
                None => format!("{name} is empty"),
            }
        })
        .collect();
    if now.is_empty() {
        return String::new();
    }
    let how: Vec<String> = rule
        .effects
        .iter()
        .map(|e| describe_effect(model, e))
        .collect();
    let mut s = String::new();
    let _ = writeln!(s, "  Then {}: now {}.", and_list(&how), and_list(&now));
    s
}

/// What a move did to squares other than its own (where it starts, lands
/// and moves on to), each change named with the effect of its rule that
/// made it: the pieces that changed sides (`flip`), the pieces taken
/// (`capture`, each piece given to the first such effect that selects its
/// kind), and pieces taken otherwise (jumped over, taken in passing).
pub(super) fn effects_words(pos: &Position, after: &Position, m: crate::Move) -> String {
    use crate::compile::model::Effect;
    use std::fmt::Write as _;
    let model = pos.model();
    let side = pos.side_to_move();
    let mover = &model.players[side].name;
    let rule = &model.moves[m.rule()];
    let own = [m.from(), Some(m.to()), m.extra()];
    if rule.effects.iter().any(|e| matches!(e, Effect::Push(..))) {
        return pushed_words(pos, after, m, &own);
    }
    let mut turned = Vec::new();
    let mut left = Vec::new();
    let mut arrived = Vec::new();
    let mut changed = Vec::new();
    for sq in 0..model.board.len() {
        if own.contains(&Some(sq)) {
            continue;
        }
        match (pos.piece_at(sq), after.piece_at(sq)) {
            (Some((k, owner)), Some((_, now))) if owner != now => turned.push((k, sq)),
            (Some((k, _)), Some((now, _))) if k != now => changed.push((k, sq, now)),
            (Some(piece), None) => left.push((piece, sq)),
            (None, Some(piece)) => arrived.push((piece, sq)),
            _ => {}
        }
    }
    // A piece that left its square for another (a castling partner, a piece
    // pushed by a promotion's effects) moved; the others were taken.
    let mut moved = Vec::new();
    let mut taken = Vec::new();
    for (piece, sq) in left {
        match arrived.iter().position(|&(p, _)| p == piece) {
            Some(i) => moved.push((piece.0, sq, arrived.swap_remove(i).1)),
            None => taken.push((piece.0, sq)),
        }
    }
    let mut s = String::new();
    for &(k, from, to) in &moved {
        let _ = writeln!(
            s,
            "  {} goes to {}.",
            capital(&pieces_words(model, &[(k, from)])),
            model.board.name(Sq::try_from(to).unwrap_or(Sq::MAX))
        );
    }
    if !turned.is_empty() {
        let flips: Vec<String> = rule
            .effects
            .iter()
            .filter(|e| matches!(e, Effect::Flip(_)))
            .map(|e| describe_effect(model, e))
            .collect();
        let (verb, list) = if turned.len() == 1 {
            ("becomes", pieces_words(model, &turned))
        } else {
            ("become", pieces_words(model, &turned))
        };
        if flips.is_empty() {
            let _ = writeln!(s, "  {} {verb} {mover}'s.", capital(&list));
        } else {
            let _ = writeln!(s, "  Then {}: {list} {verb} {mover}'s.", and_list(&flips));
        }
    }
    if !changed.is_empty() {
        let how: Vec<String> = rule
            .effects
            .iter()
            .filter(|e| matches!(e, Effect::Transform(..)))
            .map(|e| describe_effect(model, e))
            .collect();
        let each: Vec<String> = changed
            .iter()
            .map(|&(k, sq, now)| {
                format!(
                    "{} becomes a {}",
                    pieces_words(model, &[(k, sq)]),
                    model.pieces[now].name
                )
            })
            .collect();
        if how.is_empty() {
            let _ = writeln!(s, "  {}.", capital(&and_list(&each)));
        } else {
            let _ = writeln!(s, "  Then {}: {}.", and_list(&how), and_list(&each));
        }
    }
    for p in 0..model.players.len() {
        let (was, now) = (pos.score(p), after.score(p));
        if was != now {
            let _ = writeln!(
                s,
                "  {}'s score goes from {was} to {now}.",
                model.players[p].name
            );
        }
    }
    // Each piece taken goes to the first capture whose pattern selects its kind.
    let captures: Vec<&Effect> = rule
        .effects
        .iter()
        .filter(|e| matches!(e, Effect::Capture(_)))
        .collect();
    let mut by_capture: Vec<Vec<(usize, usize)>> = vec![Vec::new(); captures.len()];
    let mut otherwise = Vec::new();
    for &(k, sq) in &taken {
        let selects = |e: &&Effect| match e {
            Effect::Capture(p) => p.kinds == 0 || p.kinds & (1 << k) != 0,
            _ => false,
        };
        match captures.iter().position(selects) {
            Some(i) => by_capture[i].push((k, sq)),
            None => otherwise.push((k, sq)),
        }
    }
    for (e, pieces) in captures.iter().zip(&by_capture) {
        if !pieces.is_empty() {
            let _ = writeln!(
                s,
                "  Then {}: {}.",
                describe_effect(model, e),
                pieces_words(model, pieces)
            );
        }
    }
    if !otherwise.is_empty() {
        let _ = writeln!(s, "  It takes {}.", pieces_words(model, &otherwise));
    }
    if let (Some(kind), Some(from)) = (rule.put, m.from()) {
        let b = &model.board;
        let _ = writeln!(
            s,
            "  The {} stays on {}, and a new {} is put on {}.",
            model.pieces[pos.piece_at(from).map_or(0, |p| p.0)].name,
            b.name(Sq::try_from(from).unwrap_or(Sq::MAX)),
            model.pieces[kind].name,
            b.name(Sq::try_from(m.to()).unwrap_or(Sq::MAX))
        );
    }
    s
}

/// The text with its first letter a capital.
fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().chain(c).collect::<String>()
    })
}

/// Where a move leaves the turn, in a game whose turns have parts: a move
/// that may go on (`(continue ...)`) says whether the turn goes on and with
/// what, or why it ends; a move made in the middle of a turn says that it
/// goes on with the turn, and whether it ends it.
pub(super) fn turn_words(pos: &Position, after: &Position, m: crate::Move) -> String {
    use crate::compile::model::Effect;
    use std::fmt::Write as _;
    let model = pos.model();
    let side = pos.side_to_move();
    let mover = &model.players[side].name;
    let rule = &model.moves[m.rule()];
    let goes_on = after.mid_turn() && after.side_to_move() == side && after.outcome().is_none();
    let mut s = String::new();
    if pos.mid_turn() {
        let _ = write!(s, "  It goes on with {mover}'s turn");
        s.push_str(if goes_on {
            ", which is not over yet.\n"
        } else {
            ", and ends it.\n"
        });
    }
    for e in &rule.effects {
        let Effect::Continue(k) = e else { continue };
        let part = &model.parts[*k];
        let words = crate::describe::moves_words(model, &part.moves);
        let piece = after.piece_at(m.to()).map(|(k, _)| &model.pieces[k].name);
        let pieces_move = part.moves.iter().all(|&r| model.moves[r].piece.is_some());
        match piece {
            // The part's moves are made by the piece where the move landed.
            Some(name) if goes_on && pieces_move => {
                let _ = writeln!(
                    s,
                    "  {mover}'s turn goes on with the {name} on {}: it {words}.",
                    model.board.name(Sq::try_from(m.to()).unwrap_or(Sq::MAX))
                );
            }
            _ if goes_on => {
                let _ = writeln!(s, "  {mover}'s turn goes on: {mover} now {words}.");
            }
            _ => {}
        }
        if goes_on {
            continue;
        }
        if after.outcome().is_none() {
            let why = part.cond.as_ref().map_or_else(
                || "no such move can be made".to_string(),
                |c| format!("it goes on only if {}", describe_guard(model, c)),
            );
            let _ = writeln!(s, "  {mover}'s turn ends here: {why}.");
        }
    }
    s
}
