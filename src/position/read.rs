//! Reading a position string: the board, the FEN fields and the fields
//! beyond FEN.

use crate::bits::Bits;
use crate::engine::Engine;
use crate::state::{code_piece, code_player, State, EMPTY};

use super::defaults::{default_origins, default_unmoved};
use super::extension::parse_extension;
use super::legal::check_legal;
use super::write::{castling_kinds, outer_partner};
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
                        if !b.is_present(sq) {
                            let (fx, ry) =
                                (crate::compile::board::Board::file_name(x as u32), y + 1);
                            return Err(err(
                                text,
                                (at, at + 1),
                                format!("{fx}{ry} is a hole in this board: no piece stands there"),
                                "a piece on a hole",
                                "write the hole as an empty square (a digit)",
                            ));
                        }
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
        for (o, q) in st.origin.as_mut().iter_mut().zip(origins) {
            *o = B::orig(q);
        }
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
