//! Writing a position string: the board, the FEN fields and the fields
//! beyond FEN, each written only where it differs from what the board
//! implies.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::model::{Cond, MoveKind};
use crate::engine::Engine;
use crate::game::{on_pos, Position};
use crate::state::{code_piece, code_player, State, EMPTY, NO_SQ};

use super::defaults::{default_origins, default_unmoved};
use super::side_token;

/// The position string of a position.
pub fn to_text(pos: &Position) -> String {
    on_pos!(&pos.0, |e, s, _h| text_of(e, s))
}

pub(super) fn text_of<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
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
    if n > 1 && s.counters[1..n].iter().any(|&c| c != 0) {
        let rest: Vec<String> = s.counters[1..n].iter().map(u16::to_string).collect();
        let _ = write!(out, " counters={}", rest.join(","));
    }
    if s.ply != (s.ply / players) * players + u32::from(s.side) {
        let _ = write!(out, " ply={}", s.ply);
    }
    extensions(e, s, &mut out);
    out
}

/// The kinds that castle and the kinds they castle with, bit per kind.
pub(super) fn castling_kinds<B: Bits>(e: &Engine<B>) -> (u32, u32) {
    let (mut castlers, mut partners) = (0u32, 0u32);
    for m in &e.model.moves {
        if let (MoveKind::Castle { partner, .. }, Some(p)) = (&m.kind, m.piece) {
            castlers |= 1 << p;
            partners |= 1 << partner;
        }
    }
    (castlers, partners)
}

/// For a castling piece of `player` on `king`, the outermost piece of a
/// partner kind of that player on its rank, east (`east`) or west of it.
pub(super) fn outer_partner<B: Bits>(
    e: &Engine<B>,
    s: &State<B>,
    king: Sq,
    east: bool,
    player: u8,
) -> Option<Sq> {
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
pub(super) fn castling_rights<B: Bits>(e: &Engine<B>, s: &State<B>) -> (String, B) {
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

pub(super) fn castling_field<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    let (text, _) = castling_rights(e, s);
    if text.is_empty() {
        "-".into()
    } else {
        text
    }
}

/// The en-passant field: the first square the last move passed over, if it
/// may be taken en passant.
pub(super) fn passing_field<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    if s.passer == NO_SQ {
        return "-".into();
    }
    // The square farthest from the piece that passed.
    let far = s.passed.iter().max_by_key(|&q| {
        let (a, b) = (e.board().cell(q), e.board().cell(s.passer));
        (i64::from(a.x) - i64::from(b.x)).abs() + (i64::from(a.y) - i64::from(b.y)).abs()
    });
    far.map_or_else(|| "-".into(), |q| e.board().name(q))
}

pub(super) fn squares_list<B: Bits>(e: &Engine<B>, set: B) -> String {
    set.iter()
        .map(|q| e.board().name(q))
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a rule judged in the position itself (an end rule, a fact to
/// remember, a move's or a promotion's condition) asks whether the last
/// move took a piece: only then is it part of the position string.
pub(super) fn reads_took<B: Bits>(e: &Engine<B>) -> bool {
    let m = &e.model;
    let took = |c: &Cond| c.mentions(&|c| matches!(c, Cond::Capturing));
    m.ends.iter().any(|x| took(&x.cond))
        || m.player_flags.iter().any(|x| took(&x.cond))
        || m.moves.iter().filter_map(|x| x.guard.as_ref()).any(took)
        || m.pieces
            .iter()
            .flat_map(|p| &p.promotions)
            .filter_map(|p| p.guard.as_ref())
            .any(took)
}

/// Whether some rule asks how many of the last moves were passes
/// (`(passes N)`): positions then write the count.
pub(super) fn reads_passes<B: Bits>(e: &Engine<B>) -> bool {
    let m = &e.model;
    let passes = |c: &Cond| c.mentions(&|c| matches!(c, Cond::Passes(_)));
    m.ends.iter().any(|x| passes(&x.cond))
        || m.player_flags.iter().any(|x| passes(&x.cond))
        || m.moves.iter().filter_map(|x| x.guard.as_ref()).any(passes)
        || m.forbids
            .iter()
            .chain(m.phases.iter().flat_map(|p| p.forbids.iter()))
            .any(|f| passes(&f.cond))
        || m.parts.iter().filter_map(|p| p.cond.as_ref()).any(passes)
}

/// The name of a phase, flag or fact as a position string writes it.
pub(super) fn field_name(name: &str) -> String {
    name.replace(' ', "_")
}

/// The fields beyond FEN: phase, per-piece and per-player state. Each is
/// written only where it differs from what a plain board implies.
pub(super) fn extensions<B: Bits>(e: &Engine<B>, s: &State<B>, out: &mut String) {
    let b = e.board();
    if let Some(ph) = e.model.phases.get(s.phase as usize) {
        let _ = write!(out, " phase={}:{}", field_name(&ph.name), s.phase_left);
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
    if e.uses_origin {
        let default = default_origins(e, s);
        let mut origins = Vec::new();
        for sq in s.occupied().iter() {
            let o = s.origin_of(sq);
            if o != default[sq as usize] {
                origins.push(format!(
                    "{}:{}",
                    b.name(sq),
                    if o == NO_SQ {
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
    }
    let mut flags = Vec::new();
    for (i, name) in e.model.flags.iter().enumerate() {
        let set = s.flags[i] & s.occupied();
        if !set.is_empty() {
            flags.push(format!("{}:{}", field_name(name), squares_list(e, set)));
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
            facts.push(format!("{}:{}", field_name(&def.name), who.join(",")));
        }
    }
    if !facts.is_empty() {
        let _ = write!(out, " facts={}", facts.join(";"));
    }
    if s.took && reads_took(e) {
        out.push_str(" took=1");
    }
    if s.passes > 0 && reads_passes(e) {
        let _ = write!(out, " passes={}", s.passes);
    }
    let hand = hand_field(e, s);
    if !hand.is_empty() {
        let _ = write!(out, " hand={hand}");
    }
    if s.score.iter().any(|&v| v != 0) {
        let each: Vec<String> = (0..usize::from(e.players()))
            .map(|p| s.score[p].to_string())
            .collect();
        let _ = write!(out, " score={}", each.join(","));
    }
    if s.part != 0 {
        // In the middle of a turn: which part is played, and from where.
        let from = if s.anchor == NO_SQ {
            "-".to_string()
        } else {
            b.name(s.anchor)
        };
        let _ = write!(out, " part={}:{from}", s.part);
    }
}

/// The pieces in hand as a field: a count and a letter each, the first
/// player's in capitals (`9M,9m`); empty if no one holds any.
pub(crate) fn hand_field<B: Bits>(e: &Engine<B>, s: &State<B>) -> String {
    let mut parts = Vec::new();
    for p in 0..e.players() {
        for k in 0..crate::state::HAND_KINDS.min(e.model.pieces.len()) {
            let n = s.in_hand(p, k as u8);
            if n > 0 {
                let letter = e.model.pieces.get(k).map_or('?', |d| d.letter);
                let letter = if p == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                parts.push(format!("{n}{letter}"));
            }
        }
    }
    parts.join(",")
}
