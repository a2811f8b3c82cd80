//! Position strings, FEN-like:
//!
//! ```text
//! rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
//! ```
//!
//! Fields: the board from the last rank down, ranks separated by `/`, a
//! number for a run of empty squares, a piece's letter in capitals for the
//! first player and in small letters for the second; the player to move (the
//! first letter of their name, or their number); the castling rights (`KQkq`
//! as FEN writes them, for games with `(castle ...)`; else `-`); the square an
//! en-passant capture may land on (for games with `(enPassant)`; else `-`);
//! the first `(pliesSince ...)`
//! counter (FEN's half-move clock); the move number. Further counters follow as
//! `counters=a,b`. A plain FEN as Fairy-Stockfish writes it reads as long as
//! the game's pieces use the same letters. Every field after the board may be
//! left out.

use std::fmt::Write as _;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};

use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::model::MAX_COUNTERS;
use crate::engine::Engine;
use crate::game::{on_pos, Game, GameInner, PosInner, Position};
use crate::state::{code_piece, code_player, State, EMPTY};

/// A position string that cannot be read.
#[derive(Debug, Clone, thiserror::Error, Diagnostic)]
#[error("bad position: {message}")]
#[diagnostic(code(lud::position::invalid))]
pub struct PositionError {
    /// What is wrong.
    pub message: String,
    /// The position string.
    #[source_code]
    pub src: NamedSource<String>,
    /// Where in it.
    #[label("{label}")]
    pub span: SourceSpan,
    /// What the label says.
    pub label: String,
    /// What to do.
    #[help]
    pub help: Option<String>,
}

fn err(
    text: &str,
    at: (usize, usize),
    message: impl Into<String>,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Box<PositionError> {
    Box::new(PositionError {
        message: message.into(),
        src: NamedSource::new("position", text.to_string()),
        span: SourceSpan::new(at.0.into(), at.1.saturating_sub(at.0)),
        label: label.into(),
        help: Some(help.into()),
    })
}

/// The player-to-move token of player `p`.
fn side_token<B: Bits>(e: &Engine<B>, p: u8) -> String {
    let initials: Vec<char> = e
        .model
        .players
        .iter()
        .map(|pl| pl.name.chars().next().unwrap_or('?').to_ascii_lowercase())
        .collect();
    let unique = initials
        .iter()
        .enumerate()
        .all(|(i, c)| !initials[..i].contains(c));
    if unique && initials.iter().all(char::is_ascii_alphabetic) {
        initials[p as usize].to_string()
    } else {
        (p + 1).to_string()
    }
}

/// The position string of a position.
pub fn to_text(pos: &Position) -> String {
    on_pos!(&pos.0, |e, s, _h| text_of(e, s))
}

fn text_of<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    let b = e.board();
    let mut out = String::new();
    for y in (0..b.height).rev() {
        let mut empty = 0;
        for x in 0..b.width {
            let sq = b.at(x, y).unwrap_or(0);
            let c = s.at(sq);
            if c == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            let letter = e.model.pieces[code_piece(c) as usize].letter;
            out.push(if code_player(c) == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    let n = e.counters.len();
    let clock = if n > 0 { s.counters[0] } else { 0 };
    let players = u32::from(e.players());
    let _ = write!(
        out,
        " {} {} {} {} {}",
        side_token(e, s.side),
        castling_field(e, s),
        passing_field(e, s),
        clock,
        s.ply / players + 1
    );
    if n > 1 {
        let rest: Vec<String> = s.counters[1..n].iter().map(u16::to_string).collect();
        let _ = write!(out, " counters={}", rest.join(","));
    }
    if s.ply != (s.ply / players) * players + u32::from(s.side) {
        let _ = write!(out, " ply={}", s.ply);
    }
    extensions(e, s, &mut out);
    out
}

/// The pieces' unmoved status a plain board implies: a piece is unmoved if
/// the start position had the same piece on its square; but the pieces that
/// castle and their partners are unmoved only as the castling rights say
/// (`rights`: for each player, the partners' squares, with the castling piece's).
fn default_unmoved<B: Bits>(e: &Engine<B>, s: &State<B>, rights: B) -> B {
    let (castlers, partners) = castling_kinds(e);
    let mut d = B::ZERO;
    for sq in 0..e.squares() as u8 {
        let c = s.at(sq);
        if c == EMPTY {
            continue;
        }
        let k = code_piece(c);
        if (castlers | partners) & (1 << k) != 0 {
            continue;
        }
        if e.start.at(sq) == c {
            d |= B::bit(sq);
        }
    }
    d | rights
}

/// The kinds that castle and the kinds they castle with, bit per kind.
fn castling_kinds<B: Bits>(e: &Engine<B>) -> (u32, u32) {
    let (mut castlers, mut partners) = (0u32, 0u32);
    for m in &e.model.moves {
        if let (crate::compile::model::MoveKind::Castle { partner, .. }, Some(p)) =
            (&m.kind, m.piece)
        {
            castlers |= 1 << p;
            partners |= 1 << partner;
        }
    }
    (castlers, partners)
}

/// For a castling piece of `player` on `king`, the outermost piece of a
/// partner kind of that player on its rank, east (`east`) or west of it.
fn outer_partner<B: Bits>(
    e: &Engine<B>,
    s: &State<B>,
    king: u8,
    east: bool,
    player: u8,
) -> Option<u8> {
    let (_, partners) = castling_kinds(e);
    let d = if east { Dir::E } else { Dir::W };
    e.board()
        .ray(king, d)
        .into_iter()
        .filter(|&q| {
            let c = s.at(q);
            c != EMPTY && code_player(c) == player && partners & (1 << code_piece(c)) != 0
        })
        .last()
}

/// The castling rights a state holds, as FEN writes them: for each player
/// (capitals for the first), `K` if an unmoved castling piece has an unmoved
/// partner east of it (towards the h-file), `Q` if west; with the squares
/// of the pieces concerned.
fn castling_rights<B: Bits>(e: &Engine<B>, s: &State<B>) -> (String, B) {
    let (castlers, _) = castling_kinds(e);
    let mut text = String::new();
    let mut squares = B::ZERO;
    for player in 0..e.players() {
        for (east, letter) in [(true, 'K'), (false, 'Q')] {
            for k in (s.unmoved & s.by_player[player as usize]).iter() {
                if castlers & (1 << code_piece(s.at(k))) == 0 {
                    continue;
                }
                if let Some(p) = outer_partner(e, s, k, east, player).filter(|&p| s.unmoved.has(p))
                {
                    squares |= B::bit(k) | B::bit(p);
                    text.push(if player == 0 {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                    break;
                }
            }
        }
    }
    (text, squares)
}

fn castling_field<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    let (text, _) = castling_rights(e, s);
    if text.is_empty() {
        "-".into()
    } else {
        text
    }
}

/// The en-passant field: the first square the last move passed over, if it
/// may be taken en passant.
fn passing_field<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    if s.passer == crate::state::NO_SQ {
        return "-".into();
    }
    // The square farthest from the piece that passed.
    let far = s.passed.iter().max_by_key(|&q| {
        let (a, b) = (e.board().cell(q), e.board().cell(s.passer));
        (i64::from(a.x) - i64::from(b.x)).abs() + (i64::from(a.y) - i64::from(b.y)).abs()
    });
    far.map_or_else(|| "-".into(), |q| e.board().name(q))
}

fn squares_list<B: Bits>(e: &Engine<B>, set: B) -> String {
    set.iter()
        .map(|q| e.board().name(q))
        .collect::<Vec<_>>()
        .join(",")
}

/// The fields beyond FEN: phase, per-piece and per-player state. Each is
/// written only where it differs from what a plain board implies.
fn extensions<B: Bits>(e: &Engine<B>, s: &State<B>, out: &mut String) {
    let b = e.board();
    if let Some(ph) = e.model.phases.get(s.phase as usize) {
        let _ = write!(out, " phase={}:{}", ph.name.replace(' ', "_"), s.phase_left);
    }
    let d = default_unmoved(e, s, castling_rights(e, s).1);
    let mut moved = d & !s.unmoved;
    let mut fresh = s.unmoved & !d;
    if !e.uses_unmoved {
        // Only castling asks whether these pieces moved, and the castling
        // field says all that matters.
        let (castlers, partners) = castling_kinds(e);
        let kinds = castlers | partners;
        for k in 0..e.model.pieces.len() {
            if kinds & (1 << k) != 0 {
                moved &= !s.by_piece[k];
                fresh &= !s.by_piece[k];
            }
        }
    }
    if e.uses_unmoved && !moved.is_empty() {
        let _ = write!(out, " moved={}", squares_list(e, moved));
    }
    if e.uses_unmoved && !fresh.is_empty() {
        let _ = write!(out, " unmoved={}", squares_list(e, fresh));
    }
    let mut origins = Vec::new();
    for sq in s.occupied().iter().filter(|_| e.uses_origin) {
        let o = s.origin_of(sq);
        if o != sq {
            origins.push(format!(
                "{}:{}",
                b.name(sq),
                if o == crate::state::NO_SQ {
                    "-".to_string()
                } else {
                    b.name(o)
                }
            ));
        }
    }
    if !origins.is_empty() {
        let _ = write!(out, " origin={}", origins.join(","));
    }
    let mut flags = Vec::new();
    for (i, name) in e.model.flags.iter().enumerate() {
        let set = s.flags[i] & s.occupied();
        if !set.is_empty() {
            flags.push(format!(
                "{}:{}",
                name.replace(' ', "_"),
                squares_list(e, set)
            ));
        }
    }
    if !flags.is_empty() {
        let _ = write!(out, " flags={}", flags.join(";"));
    }
    let mut facts = Vec::new();
    for (i, def) in e.model.player_flags.iter().enumerate() {
        let who: Vec<String> = (0..e.players())
            .filter(|&p| s.facts[p as usize] & (1 << i) != 0)
            .map(|p| side_token(e, p))
            .collect();
        if !who.is_empty() {
            facts.push(format!("{}:{}", def.name.replace(' ', "_"), who.join(",")));
        }
    }
    if !facts.is_empty() {
        let _ = write!(out, " facts={}", facts.join(";"));
    }
}

/// Reads a position string for a game.
pub fn parse(game: &Game, text: &str) -> Result<Position, Box<PositionError>> {
    Ok(Position(match &game.0 {
        GameInner::Small(e) => {
            let s = parse_state(e, text)?;
            PosInner::Small(Arc::clone(e), s, Vec::new())
        }
        GameInner::Large(e) => {
            let s = parse_state(e, text)?;
            PosInner::Large(Arc::clone(e), s, Vec::new())
        }
    }))
}

impl Game {
    /// Reads a position string (see [`crate::position`]).
    pub fn position(&self, text: &str) -> Result<Position, Box<PositionError>> {
        parse(self, text)
    }
}

fn tokens(text: &str) -> Vec<(usize, &str)> {
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

fn parse_state<B: Bits>(e: &Engine<B>, text: &str) -> Result<State<B>, Box<PositionError>> {
    let b = e.board();
    let toks = tokens(text);
    let letters = || {
        e.model
            .pieces
            .iter()
            .map(|p| format!("{} ({})", p.letter, p.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
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
    let mut offset = board_at;
    for (i, row) in rows.iter().enumerate() {
        let y = b.height - 1 - i as u32;
        let mut x = 0u32;
        let mut chars = row.char_indices().peekable();
        while let Some((j, c)) = chars.next() {
            let at = offset + j;
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(&(_, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    n = n * 10 + d.to_digit(10).unwrap_or(0);
                    chars.next();
                }
                if n == 0 {
                    return Err(err(
                        text,
                        (at, at + 1),
                        "a run of 0 empty squares",
                        "0",
                        "count empty squares from 1",
                    ));
                }
                x += n;
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
                if x >= b.width {
                    x += 1;
                    continue;
                }
                let player = u8::from(c.is_ascii_lowercase());
                if let Some(sq) = b.at(x, y) {
                    st.put(sq, piece as u8, player);
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
        if x != b.width {
            let rank_name = y + 1;
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
    // Plain FEN fields are the tokens without `=`; the others are extensions.
    let plain: Vec<(usize, &str)> = toks
        .iter()
        .skip(1)
        .copied()
        .filter(|(_, t)| !t.contains('='))
        .collect();
    let ext: Vec<(usize, &str)> = toks
        .iter()
        .skip(1)
        .copied()
        .filter(|(_, t)| t.contains('='))
        .collect();
    if let Some(&(at, tok)) = plain.get(5) {
        return Err(err(
            text,
            (at, at + tok.len()),
            format!("unknown field `{tok}`"),
            "not a field of a position",
            "after the move number come only `name=value` fields",
        ));
    }
    // The player to move.
    if let Some(&(at, tok)) = plain.first() {
        let side = (0..e.players())
            .find(|&p| side_token(e, p) == tok.to_ascii_lowercase() || (p + 1).to_string() == tok);
        let Some(side) = side else {
            let valid: Vec<String> = (0..e.players()).map(|p| side_token(e, p)).collect();
            return Err(err(
                text,
                (at, at + tok.len()),
                format!("`{tok}` is not a player"),
                "expected the player to move",
                format!("write {} for the player to move", valid.join(" or ")),
            ));
        };
        st.side = side;
        st.mover = (side + e.players() - 1) % e.players();
    }
    for (k, what, kept) in [
        (1, "castling", e.uses_castling),
        (2, "en passant", e.uses_passing),
    ] {
        if let Some(&(at, tok)) = plain.get(k) {
            if tok != "-" && !kept {
                return Err(err(
                    text,
                    (at, at + tok.len()),
                    format!("this game keeps no {what} rights, so this field must be `-`"),
                    format!("expected `-`, found `{tok}`"),
                    "write `-`",
                ));
            }
        }
    }
    let rights = match plain.get(1) {
        Some(&(at, tok)) if e.uses_castling => read_castling(e, &st, text, at, tok)?,
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
    if let Some(&(at, tok)) = plain.get(2).filter(|_| e.uses_passing) {
        if tok != "-" {
            read_passing(e, &mut st, text, at, tok)?;
        }
    }
    if let Some(&(at, tok)) = plain.get(3) {
        let Ok(v) = tok.parse::<u16>() else {
            return Err(err(
                text,
                (at, at + tok.len()),
                "the half-move clock is not a number",
                "not a number",
                "write a number, 0 if unsure",
            ));
        };
        if !e.counters.is_empty() {
            st.counters[0] = v;
        }
    }
    if let Some(&(at, tok)) = plain.get(4) {
        let Ok(v) = tok.parse::<u32>() else {
            return Err(err(
                text,
                (at, at + tok.len()),
                "the move number is not a number",
                "not a number",
                "write a number from 1",
            ));
        };
        if v == 0 {
            return Err(err(
                text,
                (at, at + tok.len()),
                "move numbers start at 1",
                "0",
                "write 1 or more",
            ));
        }
        st.ply = (v - 1) * u32::from(e.players()) + u32::from(st.side);
    } else {
        st.ply = u32::from(st.side);
    }
    // With no phase field, the game is in normal play.
    st.phase = e.model.phases.len() as u8;
    st.phase_left = 0;
    st.unmoved = default_unmoved(e, &st, rights);
    for &(at, tok) in &ext {
        parse_extension(e, &mut st, text, at, tok)?;
    }
    // In the middle of a run of moves, the last move was the side's own: the
    // opponent may stand in check from it (see `Engine::make`).
    if e.model
        .phases
        .get(st.phase as usize)
        .is_some_and(|ph| u32::from(st.phase_left) < ph.moves_each)
    {
        st.mover = st.side;
    }
    st.hash = e.hash_of(&st);
    e.remember(&mut st);
    Ok(st)
}

/// Reads the castling field (`KQkq`, `-`): the squares of the pieces it
/// declares unmoved.
fn read_castling<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Result<B, Box<PositionError>> {
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
fn read_passing<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Result<(), Box<PositionError>> {
    let span = (at, at + tok.len());
    let b = e.board();
    let Some(sq) = b.parse(tok) else {
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

/// Reads one `name=value` field.
fn parse_extension<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Result<(), Box<PositionError>> {
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
    let square = |name: &str| -> Result<u8, Box<PositionError>> {
        b.parse(name).ok_or_else(|| {
            bad(
                &format!("`{name}` is not a square"),
                "squares are written a1, b2, ...".into(),
            )
        })
    };
    let player = |tok: &str| -> Result<u8, Box<PositionError>> {
        (0..e.players())
            .find(|&p| side_token(e, p) == tok || (p + 1).to_string() == tok)
            .ok_or_else(|| {
                bad(
                    &format!("`{tok}` is not a player"),
                    "write a player's letter or number".into(),
                )
            })
    };
    match key {
        "counters" => {
            for (i, v) in value.split(',').enumerate() {
                let idx = i + 1;
                match v.parse::<u16>() {
                    Ok(v) if idx < MAX_COUNTERS && idx < e.counters.len() => st.counters[idx] = v,
                    _ => {
                        return Err(bad(
                            &format!("counter {} cannot be `{v}`", idx + 1),
                            format!("this game has {} counter(s) after the clock", e.counters.len().saturating_sub(1)),
                        ))
                    }
                }
            }
        }
        "ply" => {
            st.ply = value.parse().map_err(|_| bad("not a number", "write the number of plies played".into()))?;
        }
        "phase" => {
            let (name, left) = value.split_once(':').unwrap_or((value, ""));
            let Some(p) = e.model.phases.iter().position(|p| p.name.replace(' ', "_") == name) else {
                let names: Vec<String> = e.model.phases.iter().map(|p| p.name.replace(' ', "_")).collect();
                return Err(bad(&format!("no phase `{name}`"), if names.is_empty() { "this game has no phases".into() } else { format!("the phases are {}", names.join(", ")) }));
            };
            let left: u8 = left.parse().map_err(|_| bad("the moves left are not a number", "write phase=NAME:MOVES_LEFT".into()))?;
            if left == 0 {
                return Err(bad("no moves left", "a phase turn has 1 or more moves left".into()));
            }
            st.phase = p as u8;
            st.phase_left = left;
        }
        "moved" | "unmoved" => {
            for name in value.split(',').filter(|x| !x.is_empty()) {
                let q = square(name)?;
                if st.at(q) == EMPTY {
                    return Err(bad(&format!("{name} is empty"), "list only squares with pieces".into()));
                }
                if key == "moved" {
                    st.unmoved &= !B::bit(q);
                } else {
                    st.unmoved |= B::bit(q);
                }
            }
        }
        "origin" => {
            for pair in value.split(',').filter(|x| !x.is_empty()) {
                let (sq, o) = pair.split_once(':').ok_or_else(|| bad(&format!("`{pair}` is not SQUARE:ORIGIN"), "write origin=e4:e2".into()))?;
                let q = square(sq)?;
                let o = if o == "-" { crate::state::NO_SQ } else { square(o)? };
                st.origin.as_mut()[q as usize] = o;
            }
        }
        "flags" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let Some(f) = e.model.flags.iter().position(|x| x.replace(' ', "_") == name) else {
                    return Err(bad(&format!("no flag `{name}`"), format!("the flags are {}", e.model.flags.join(", "))));
                };
                for sqn in list.split(',').filter(|x| !x.is_empty()) {
                    let q = square(sqn)?;
                    st.flags[f] |= B::bit(q);
                }
            }
        }
        "facts" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let Some(f) = e.model.player_flags.iter().position(|x| x.name.replace(' ', "_") == name) else {
                    let names: Vec<&str> = e.model.player_flags.iter().map(|x| x.name.as_str()).collect();
                    return Err(bad(&format!("no remembered fact `{name}`"), format!("the facts are {}", names.join(", "))));
                };
                for p in list.split(',').filter(|x| !x.is_empty()) {
                    let p = player(p)?;
                    st.facts[p as usize] |= 1 << f;
                }
            }
        }
        _ => {
            return Err(err(
                text,
                span,
                format!("unknown field `{tok}`"),
                "not a field of a position",
                "the fields after the move number are counters=, ply=, phase=, moved=, unmoved=, origin=, flags=, facts=",
            ))
        }
    }
    Ok(())
}
