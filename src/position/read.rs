//! Reading a position string: the board, the FEN fields and the fields
//! beyond FEN.

use crate::bits::Bits;
use crate::compile::model::MAX_COUNTERS;
use crate::engine::Engine;
use crate::state::{code_piece, code_player, State, EMPTY, NO_SQ};

use super::defaults::{default_origins, default_unmoved};
use super::legal::check_legal;
use super::write::{castling_kinds, field_name, outer_partner};
use super::{
    err, number, player_of, player_tokens, Legality, NumError, PositionError, Res, MAX_PLY,
};

pub(super) fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// Reads the board field into `st`; returns where each square's letter
/// stands in the text.
pub(super) fn read_board<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    board_at: usize,
    board: &str,
) -> Res<Vec<(usize, usize)>> {
    let b = e.board();
    let mut at_of = vec![(board_at, board_at + board.len()); e.squares()];
    let letters = || {
        e.model
            .pieces
            .iter()
            .map(|p| format!("{} ({})", p.letter, p.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != b.height as usize {
        return Err(err(
            text,
            (board_at, board_at + board.len()),
            format!(
                "the board has {} rank(s), this game's board has {}",
                rows.len(),
                b.height
            ),
            format!("{} rank(s)", rows.len()),
            format!(
                "give {} ranks separated by `/`, the last rank first",
                b.height
            ),
        ));
    }
    let width = u64::from(b.width);
    let mut offset = board_at;
    for (i, row) in rows.iter().enumerate() {
        let y = b.height - 1 - i as u32;
        let rank_name = y + 1;
        // Squares so far: each run adds at most the width, so this never overflows.
        let mut x: u64 = 0;
        let mut chars = row.char_indices().peekable();
        while let Some((j, c)) = chars.next() {
            let at = offset + j;
            if c.is_ascii_digit() {
                let mut end = j + 1;
                while let Some(&(k, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = k + 1;
                    chars.next();
                }
                let digits = &row[j..end];
                let span = (at, offset + end);
                if digits.bytes().all(|d| d == b'0') {
                    return Err(err(
                        text,
                        span,
                        format!("rank {rank_name} has a run of 0 empty squares"),
                        digits,
                        "count empty squares from 1",
                    ));
                }
                if digits.starts_with('0') {
                    return Err(err(
                        text,
                        span,
                        format!("rank {rank_name} has a run of empty squares written `{digits}`"),
                        "a leading zero",
                        format!(
                            "write the number without leading zeros: `{}`",
                            digits.trim_start_matches('0')
                        ),
                    ));
                }
                match number::<u64>(digits) {
                    Ok(n) if n <= width => x += n,
                    _ => {
                        return Err(err(
                            text,
                            span,
                            format!(
                                "rank {rank_name} has a run of {digits} empty squares, the board is {} wide",
                                b.width
                            ),
                            format!("{digits} squares"),
                            format!("make each rank add up to {} squares", b.width),
                        ))
                    }
                }
            } else if c.is_ascii_alphabetic() {
                let Some(piece) = e.model.piece_by_letter(c) else {
                    return Err(err(
                        text,
                        (at, at + c.len_utf8()),
                        format!("no piece has the letter '{c}'"),
                        "unknown letter",
                        format!(
                            "the pieces are {}; capitals for the first player",
                            letters()
                        ),
                    ));
                };
                if x < width {
                    if let Some(sq) = b.at(x as u32, y) {
                        st.put(sq, piece as u8, u8::from(c.is_ascii_lowercase()));
                        at_of[sq as usize] = (at, at + 1);
                    }
                }
                x += 1;
            } else {
                return Err(err(
                    text,
                    (at, at + c.len_utf8()),
                    format!("'{c}' cannot stand in a rank"),
                    "not a piece letter or a number",
                    "a rank holds piece letters and numbers of empty squares",
                ));
            }
        }
        if x != width {
            return Err(err(
                text,
                (offset, offset + row.len()),
                format!(
                    "rank {rank_name} has {x} squares, the board is {} wide",
                    b.width
                ),
                format!("{x} squares"),
                format!("make each rank add up to {} squares", b.width),
            ));
        }
        offset += row.len() + 1;
    }
    Ok(at_of)
}

/// The plain fields after the board, by their place: (where, text).
pub(super) struct Plain<'a> {
    fields: Vec<(usize, &'a str)>,
}

impl<'a> Plain<'a> {
    fn get(&self, i: usize) -> Option<(usize, &'a str)> {
        self.fields.get(i).copied()
    }
}

pub(super) fn parse_state<B: Bits>(e: &Engine<B>, text: &str, legality: Legality) -> Res<State<B>> {
    let toks = tokens(text);
    let Some(&(board_at, board)) = toks.first() else {
        return Err(err(
            text,
            (0, text.len()),
            "the position is empty",
            "nothing here",
            "write the board as in FEN, ranks from the last down separated by `/`",
        ));
    };
    let mut st = State::<B>::empty(e.players());
    let at_of = read_board(e, &mut st, text, board_at, board)?;
    // Plain FEN fields are the tokens without `=`; the `name=value` fields follow them.
    let rest = &toks[1..];
    let split = rest
        .iter()
        .position(|(_, t)| t.contains('='))
        .unwrap_or(rest.len());
    let plain = Plain {
        fields: rest[..split].to_vec(),
    };
    let ext = &rest[split..];
    if let Some(&(at, tok)) = ext.iter().find(|(_, t)| !t.contains('=')) {
        return Err(err(
            text,
            (at, at + tok.len()),
            format!("`{tok}` comes after a `name=value` field"),
            "not a `name=value` field",
            "write the plain fields (player, castling, en passant, clock, move number) before the `name=value` fields",
        ));
    }
    if let Some((at, tok)) = plain.get(5) {
        return Err(err(
            text,
            (at, at + tok.len()),
            format!("unknown field `{tok}`"),
            "not a field of a position",
            "after the move number come only `name=value` fields",
        ));
    }
    // The player to move.
    if let Some((at, tok)) = plain.get(0) {
        let Some(side) = player_of(e, tok) else {
            return Err(err(
                text,
                (at, at + tok.len()),
                format!("`{tok}` is not a player"),
                "expected the player to move",
                format!("write {} for the player to move", player_tokens(e)),
            ));
        };
        st.side = side;
    }
    st.mover = (st.side + e.players() - 1) % e.players();
    if let Some((at, tok)) = plain.get(1) {
        if tok != "-" && !e.uses_castling {
            return Err(err(
                text,
                (at, at + tok.len()),
                "this game keeps no castling rights, so this field must be `-`",
                format!("expected `-`, found `{tok}`"),
                "write `-`",
            ));
        }
    }
    if let Some((at, tok)) = plain.get(2) {
        if tok != "-" && !e.uses_passing {
            return Err(counting_or_passing(text, &plain, at, tok));
        }
    }
    let rights = match plain.get(1) {
        Some((at, tok)) if e.uses_castling => read_castling(e, &st, text, at, tok)?,
        // No field: the pieces that castle are unmoved where they started.
        None if e.uses_castling => {
            let (castlers, partners) = castling_kinds(e);
            st.occupied()
                .iter()
                .filter(|&q| {
                    let c = st.at(q);
                    (castlers | partners) & (1 << code_piece(c)) != 0 && e.start.at(q) == c
                })
                .fold(B::ZERO, |acc, q| acc | B::bit(q))
        }
        _ => B::ZERO,
    };
    if let Some((at, tok)) = plain.get(2).filter(|_| e.uses_passing) {
        if tok != "-" {
            read_passing(e, &mut st, text, &plain, at, tok)?;
        }
    }
    if let Some((at, tok)) = plain.get(3) {
        let span = (at, at + tok.len());
        match number::<u16>(tok) {
            Ok(v) => {
                if !e.counters.is_empty() {
                    st.counters[0] = v;
                }
            }
            Err(NumError::NotANumber) => {
                return Err(err(
                    text,
                    span,
                    "the half-move clock is not a number",
                    "not a number",
                    "write a number, 0 if unsure",
                ))
            }
            Err(NumError::TooLarge) => {
                return Err(err(
                    text,
                    span,
                    format!("the half-move clock {tok} is more than lud counts"),
                    "too large",
                    format!("write a number from 0 to {}", u16::MAX),
                ))
            }
        }
    }
    let players = u32::from(e.players());
    let side = u32::from(st.side);
    let most_moves = (MAX_PLY - side) / players + 1;
    let mut move_number = None;
    if let Some((at, tok)) = plain.get(4) {
        let span = (at, at + tok.len());
        let v = match number::<u32>(tok) {
            Ok(v) => v,
            Err(NumError::NotANumber) => {
                return Err(err(
                    text,
                    span,
                    "the move number is not a number",
                    "not a number",
                    "write a number from 1",
                ))
            }
            Err(NumError::TooLarge) => u32::MAX,
        };
        if v == 0 {
            return Err(err(
                text,
                span,
                "move numbers start at 1",
                "0",
                "write 1 or more",
            ));
        }
        if v > most_moves {
            return Err(err(
                text,
                span,
                format!("the move number {tok} is more than lud counts"),
                "too large",
                format!("write a move number from 1 to {most_moves}"),
            ));
        }
        move_number = Some((v, span));
        st.ply = (v - 1) * players + side;
    } else {
        st.ply = side;
    }
    // With no phase field, the game is in normal play.
    st.phase = e.model.phases.len() as u8;
    st.phase_left = 0;
    st.unmoved = default_unmoved(e, &st, rights);
    if e.uses_origin {
        let origins = default_origins(e, &st);
        st.origin.as_mut().copy_from_slice(&origins);
    }
    let mut seen: Vec<&str> = Vec::new();
    for &(at, tok) in ext {
        let key = tok.split_once('=').map_or(tok, |(k, _)| k);
        if seen.contains(&key) {
            return Err(err(
                text,
                (at, at + tok.len()),
                format!("the field `{key}` is given twice"),
                "again",
                format!("give `{key}=` once"),
            ));
        }
        seen.push(key);
        parse_extension(e, &mut st, text, at, tok)?;
    }
    if let (Some((v, span)), true) = (move_number, seen.contains(&"ply")) {
        if st.ply / players + 1 != v {
            return Err(err(
                text,
                span,
                format!(
                    "move {v} does not agree with ply={}, which is in move {}",
                    st.ply,
                    st.ply / players + 1
                ),
                "not the move of `ply=`",
                format!("write move number {} or leave it out", st.ply / players + 1),
            ));
        }
    }
    // In the middle of a run of moves, the player to move made the last move too.
    if let Some(ph) = e.model.phases.get(st.phase as usize) {
        if u32::from(st.phase_left) < ph.moves_each.min(255) {
            st.mover = st.side;
        }
    }
    if legality == Legality::Checked {
        check_legal(e, &st, text, (board_at, board_at + board.len()), &at_of)?;
    }
    st.hash = e.hash_of(&st);
    e.remember(&mut st);
    Ok(st)
}

/// The error for a field where an en-passant square goes, in a game that
/// keeps none: a number there is a counting limit, as Fairy-Stockfish writes
/// one for games with counting rules, which lud keeps no state for.
pub(super) fn counting_or_passing(
    text: &str,
    plain: &Plain<'_>,
    at: usize,
    tok: &str,
) -> Box<PositionError> {
    let span = (at, at + tok.len());
    if number::<u128>(tok).is_ok() {
        let mut fixed = text[..at].to_string();
        fixed.push('-');
        fixed.push_str(&text[at + tok.len()..]);
        let clock = plain.get(3).map_or_else(
            || "The field after it".to_string(),
            |(_, c)| format!("The counting ply after it ({c})"),
        );
        return err(
            text,
            span,
            format!(
                "`{tok}` stands where the en-passant square goes: a counting limit, as \
                 Fairy-Stockfish writes one for games with counting rules; this game keeps \
                 neither en-passant squares nor a counting limit"
            ),
            "a counting limit",
            format!(
                "drop the counting limit: write `-` in its place, as in `{fixed}`. {clock} is \
                 read as the half-move clock, the game's first `(pliesSince ...)` counter"
            ),
        );
    }
    err(
        text,
        span,
        "this game keeps no en passant rights, so this field must be `-`",
        format!("expected `-`, found `{tok}`"),
        "write `-`",
    )
}

/// Reads the castling field (`KQkq`, `-`): the squares of the pieces it
/// declares unmoved.
pub(super) fn read_castling<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Res<B> {
    let (castlers, _) = castling_kinds(e);
    let mut out = B::ZERO;
    if tok == "-" {
        return Ok(out);
    }
    for (i, c) in tok.char_indices() {
        let here = (at + i, at + i + c.len_utf8());
        let (player, east) = match c {
            'K' => (0u8, true),
            'Q' => (0, false),
            'k' => (1, true),
            'q' => (1, false),
            _ => {
                return Err(err(
                    text,
                    here,
                    format!("`{c}` is not a castling right"),
                    "not K, Q, k or q",
                    "write the rights as FEN does: `KQkq`, any of them, or `-`",
                ))
            }
        };
        let king = (st.by_player[player as usize])
            .iter()
            .find(|&q| castlers & (1 << code_piece(st.at(q))) != 0);
        let found = king.and_then(|k| outer_partner(e, st, k, east, player).map(|p| (k, p)));
        let Some((k, p)) = found else {
            return Err(err(
                text,
                here,
                format!(
                    "castling right `{c}`, but {} has no piece to castle with on that side",
                    e.model.players[player as usize].name
                ),
                "no such castling",
                "list only the castlings the board allows, or `-`",
            ));
        };
        out |= B::bit(k) | B::bit(p);
    }
    Ok(out)
}

/// Reads the en-passant field: the square passed over; the piece that
/// passed is the first one beyond it, in its owner's forward direction.
pub(super) fn read_passing<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    plain: &Plain<'_>,
    at: usize,
    tok: &str,
) -> Res<()> {
    let span = (at, at + tok.len());
    let b = e.board();
    let Some(sq) = b.parse(tok) else {
        if number::<u128>(tok).is_ok() {
            let mut problem = counting_or_passing(text, plain, at, tok);
            problem.message = format!(
                "`{tok}` is not a square: a counting limit, as Fairy-Stockfish writes one for \
                 games with counting rules, which lud does not keep"
            );
            return Err(problem);
        }
        return Err(err(
            text,
            span,
            format!("`{tok}` is not a square"),
            "expected a square or `-`",
            "write the square passed over, as `e3`, or `-`",
        ));
    };
    let mover = st.mover;
    let forward = e.model.players[mover as usize].forward;
    let passer = b
        .ray(sq, forward)
        .into_iter()
        .find(|&q| st.at(q) != EMPTY)
        .filter(|&q| code_player(st.at(q)) == mover && st.at(sq) == EMPTY);
    let Some(passer) = passer else {
        return Err(err(
            text,
            span,
            format!(
                "no piece of {} can just have passed over {tok}",
                e.model.players[mover as usize].name
            ),
            "not a square passed over",
            "name the empty square a piece of the player who moved last just passed over, or write `-`",
        ));
    };
    let passed = B::bit(sq) | e.between(sq, passer);
    // As FEN has it, only a square some piece could take on counts.
    if e.can_take_passing(st, passed, st.side) {
        st.passed = passed;
        st.passer = passer;
    }
    Ok(())
}

/// The names of a list, for a hint: "the phases are a, b", or "this game has no phases".
pub(super) fn names_hint(what: &str, verb: &str, names: &[String]) -> String {
    if names.is_empty() {
        format!("this game {verb} no {what}")
    } else {
        format!("the {what} are {}", names.join(", "))
    }
}

/// Reads one `name=value` field.
pub(super) fn parse_extension<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Res<()> {
    let (key, value) = tok.split_once('=').unwrap_or((tok, ""));
    let span = (at, at + tok.len());
    let bad = |what: &str, help: String| {
        err(
            text,
            span,
            format!("the field `{key}` cannot be read: {what}"),
            what,
            help,
        )
    };
    let b = e.board();
    let square = |name: &str| -> Res<u8> {
        b.parse(name).ok_or_else(|| {
            bad(
                &format!("`{name}` is not a square"),
                "squares are written a1, b2, ...".into(),
            )
        })
    };
    // A whole number in `range`; else the error `large` (what, help) for
    // one out of it, or `nan` for one that is not a number.
    let within = |v: &str,
                  range: std::ops::RangeInclusive<u32>,
                  large: (String, String),
                  nan: (&str, &str)| match number::<u32>(v) {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) | Err(NumError::TooLarge) => Err(bad(&large.0, large.1)),
        Err(NumError::NotANumber) => Err(bad(nan.0, nan.1.into())),
    };
    let pieces = st.occupied();
    let occupied = |name: &str| -> Res<u8> {
        let q = square(name)?;
        if !pieces.has(q) {
            return Err(bad(
                &format!("{name} is empty"),
                "list only squares with pieces".into(),
            ));
        }
        Ok(q)
    };
    match key {
        "counters" => {
            let more = e.counters.len().saturating_sub(1);
            let parts: Vec<&str> = value.split(',').collect();
            if parts.len() > more {
                return Err(bad(
                    &format!("{} counter(s) given", parts.len()),
                    format!("this game has {more} counter(s) after the clock"),
                ));
            }
            for (i, v) in parts.into_iter().enumerate() {
                let idx = i + 1;
                match number::<u16>(v) {
                    Ok(v) if idx < MAX_COUNTERS => st.counters[idx] = v,
                    Err(NumError::TooLarge) => {
                        return Err(bad(
                            &format!("counter {} is {v}, more than lud counts", idx + 1),
                            format!("write counts from 0 to {}", u16::MAX),
                        ))
                    }
                    _ => {
                        return Err(bad(
                            &format!("counter {} is `{v}`, not a number", idx + 1),
                            "write counters=A,B with a number for each counter after the clock"
                                .into(),
                        ))
                    }
                }
            }
        }
        "ply" => {
            st.ply = within(
                value,
                0..=MAX_PLY,
                (
                    format!("{value} plies are more than lud counts"),
                    format!("write a number from 0 to {MAX_PLY}"),
                ),
                ("not a number", "write the number of plies played"),
            )?;
        }
        "phase" => {
            let (name, left) = value.split_once(':').unwrap_or((value, ""));
            let names: Vec<String> = e
                .model
                .phases
                .iter()
                .filter(|p| p.moves_each > 0)
                .map(|p| field_name(&p.name))
                .collect();
            let Some(p) = e
                .model
                .phases
                .iter()
                .position(|p| p.moves_each > 0 && field_name(&p.name) == name)
            else {
                return Err(bad(
                    &format!("no phase `{name}`"),
                    names_hint("phases", "has", &names),
                ));
            };
            let most = e.model.phases[p].moves_each.min(255);
            let left = within(
                left,
                1..=most,
                (
                    format!("{left} moves left in `{name}`"),
                    format!("a player makes 1 to {most} moves in a row in `{name}`"),
                ),
                ("the moves left are not a number", "write phase=NAME:MOVES_LEFT"),
            )?;
            st.phase = p as u8;
            st.phase_left = left as u8;
        }
        "moved" | "unmoved" => {
            for name in value.split(',').filter(|x| !x.is_empty()) {
                let q = occupied(name)?;
                if key == "moved" {
                    st.unmoved &= !B::bit(q);
                } else {
                    st.unmoved |= B::bit(q);
                }
            }
        }
        "origin" => {
            for pair in value.split(',').filter(|x| !x.is_empty()) {
                let (sq, o) = pair.split_once(':').ok_or_else(|| {
                    bad(
                        &format!("`{pair}` is not SQUARE:ORIGIN"),
                        "write origin=e4:e2".into(),
                    )
                })?;
                let q = occupied(sq)?;
                let o = if o == "-" { NO_SQ } else { square(o)? };
                st.origin.as_mut()[q as usize] = o;
            }
        }
        "flags" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let names: Vec<String> = e.model.flags.iter().map(|x| field_name(x)).collect();
                let Some(f) = names.iter().position(|x| *x == name) else {
                    return Err(bad(
                        &format!("no flag `{name}`"),
                        names_hint("flags", "has", &names),
                    ));
                };
                for sqn in list.split(',').filter(|x| !x.is_empty()) {
                    let q = occupied(sqn)?;
                    st.flags[f] |= B::bit(q);
                }
            }
        }
        "facts" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let names: Vec<String> = e
                    .model
                    .player_flags
                    .iter()
                    .map(|x| field_name(&x.name))
                    .collect();
                let Some(f) = names.iter().position(|x| *x == name) else {
                    return Err(bad(
                        &format!("no remembered fact `{name}`"),
                        names_hint("facts", "remembers", &names),
                    ));
                };
                for p in list.split(',').filter(|x| !x.is_empty()) {
                    let Some(p) = player_of(e, p) else {
                        return Err(bad(
                            &format!("`{p}` is not a player"),
                            format!("write {} for a player", player_tokens(e)),
                        ));
                    };
                    st.facts[p as usize] |= 1 << f;
                }
            }
        }
        "hand" => {
            st.hand = Default::default();
            for part in value.split(',').filter(|x| !x.is_empty()) {
                let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let (count, letter) = part.split_at(digits);
                let mut chars = letter.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(bad(
                        &format!("`{part}` is not a count and a piece letter"),
                        "write hand=9M,9m: how many, then the piece's letter (a capital for the first player)".into(),
                    ));
                };
                let Some(k) = e.model.piece_by_letter(c) else {
                    return Err(bad(
                        &format!("no piece has the letter `{c}`"),
                        "write each piece's letter as the board does".into(),
                    ));
                };
                let n = if count.is_empty() {
                    1
                } else {
                    within(
                        count,
                        0..=99,
                        (
                            format!("{count} pieces in hand are more than lud holds"),
                            "write a count from 0 to 99".into(),
                        ),
                        ("not a number", "write hand=9M,9m"),
                    )?
                };
                let p = usize::from(!c.is_ascii_uppercase());
                st.hand[p][k] = n as u8;
            }
        }
        "part" => {
            let (k, from) = value.split_once(':').unwrap_or((value, "-"));
            let parts = e.model.parts.len().min(crate::engine::MAX_PARTS);
            if parts == 0 {
                return Err(bad(
                    "this game's turns have one part",
                    "leave the field out: a part is written only in the middle of a turn".into(),
                ));
            }
            let k = within(
                k,
                1..=parts as u32,
                (
                    format!("part {k} of a turn"),
                    format!("this game's turns go on with parts 1 to {parts}"),
                ),
                ("the part is not a number", "write part=PART:SQUARE, as part=1:d7"),
            )?;
            st.part = k as u8;
            st.anchor = if from == "-" { NO_SQ } else { square(from)? };
            // The same player goes on with the turn.
            st.mover = st.side;
        }
        "took" => match value {
            "1" => st.took = true,
            "0" => st.took = false,
            _ => {
                return Err(bad(
                    &format!("`{value}` is not 0 or 1"),
                    "write took=1 if the last move took a piece".into(),
                ))
            }
        },
        _ => {
            return Err(err(
                text,
                span,
                format!("unknown field `{tok}`"),
                "not a field of a position",
                "the fields after the move number are counters=, ply=, phase=, moved=, unmoved=, origin=, flags=, facts=, took=, hand=, part=",
            ))
        }
    }
    Ok(())
}
