//! Position strings, FEN-like:
//!
//! ```text
//! rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
//! ```
//!
//! Fields: the board from the last rank down, ranks separated by `/`, a
//! number for a run of empty squares, a piece's letter in capitals for the
//! first player and in small letters for the second; the player to move (the
//! first letter of their name, or their number; in a game of two players
//! also `w` and `b`, as FEN writes them); the castling rights (`KQkq` as FEN
//! writes them, for games with `(castle ...)`; else `-`); the square an
//! en-passant capture may land on (for games with `(enPassant)`; else `-`);
//! the first `(pliesSince ...)` counter (FEN's half-move clock); the move
//! number. State beyond FEN follows as `name=value` fields, each written
//! only where it differs from what the board implies. A plain FEN as
//! Fairy-Stockfish writes it reads as long as the game's pieces use the same
//! letters. Every field after the board may be left out.
//!
//! Every number is read exactly, and a position no game played by the rules
//! could reach is refused unless it is read with [`Legality::Unchecked`]. The
//! whole grammar and the rules are in the language reference
//! (`docs/language.md`, "Position strings").

use std::fmt::{self, Write as _};
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};

use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::model::{Cond, MoveKind, Target, MAX_COUNTERS};
use crate::engine::Engine;
use crate::game::{on_pos, Game, GameInner, PosInner, Position};
use crate::state::{code_piece, code_player, State, EMPTY, NO_SQ};

/// The most plies a position may say were played: room is left for as many
/// more before the count could overflow.
pub const MAX_PLY: u32 = (1 << 31) - 1;

/// Whether reading a position checks that the rules could reach it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Legality {
    /// Refuse a position no game played by the rules could reach (the
    /// player who moved last left in check, a royal piece missing, more
    /// royal pieces of a kind than any game could have): the default.
    #[default]
    Checked,
    /// Read any position the fields describe (for authors who want one the
    /// rules never reach).
    Unchecked,
}

/// What is wrong with a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionProblem {
    /// It cannot be read: a field is malformed, a number out of range.
    Unreadable,
    /// It reads, but no game played by the rules could reach it.
    Illegal,
}

impl PositionProblem {
    fn code(self) -> &'static str {
        match self {
            PositionProblem::Unreadable => "lud::position::invalid",
            PositionProblem::Illegal => "lud::position::illegal",
        }
    }
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PositionProblem::Unreadable => "bad position",
            PositionProblem::Illegal => "illegal position",
        })
    }
}

/// A position string that cannot be read, or describes a position the rules
/// never reach. Rendered:
///
/// ```text
/// lud::position::invalid
///
///   × bad position: rank 8 has a run of 4294967304 empty squares, the board is 8 wide
///    ╭─[position:1:1]
///  1 │ 4294967304/8/8/8/8/8/8/8 w
///    · ─────┬────
///    ·      ╰── 4294967304 squares
///    ╰────
///   help: make each rank add up to 8 squares
/// ```
#[derive(Debug, Clone, thiserror::Error)]
#[error("{problem}: {message}")]
pub struct PositionError {
    /// Unreadable or illegal.
    pub problem: PositionProblem,
    /// What is wrong.
    pub message: String,
    /// The position string.
    pub src: NamedSource<String>,
    /// Where in it.
    pub span: SourceSpan,
    /// What the label says.
    pub label: String,
    /// What to do.
    pub help: Option<String>,
}

impl Diagnostic for PositionError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
            self.span,
        ))))
    }
}

type Res<T> = Result<T, Box<PositionError>>;

fn err(
    text: &str,
    at: (usize, usize),
    message: impl Into<String>,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Box<PositionError> {
    Box::new(PositionError {
        problem: PositionProblem::Unreadable,
        message: message.into(),
        src: NamedSource::new("position", text.to_string()),
        span: SourceSpan::new(at.0.into(), at.1.saturating_sub(at.0)),
        label: label.into(),
        help: Some(help.into()),
    })
}

fn illegal(
    text: &str,
    at: (usize, usize),
    message: impl Into<String>,
    label: impl Into<String>,
    help: &str,
) -> Box<PositionError> {
    let mut e = err(
        text,
        at,
        message,
        label,
        format!("{help}; to read it all the same, allow illegal positions (`--allow-illegal`)"),
    );
    e.problem = PositionProblem::Illegal;
    e
}

/// Why a whole number could not be read.
enum NumError {
    /// Not digits.
    NotANumber,
    /// More than the field holds.
    TooLarge,
}

/// A whole number in decimal digits (nothing else: no sign, no spaces),
/// read exactly.
fn number<T: TryFrom<u128>>(tok: &str) -> Result<T, NumError> {
    if tok.is_empty() || !tok.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumError::NotANumber);
    }
    let mut n: u128 = 0;
    for b in tok.bytes() {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u128::from(b - b'0')))
            .ok_or(NumError::TooLarge)?;
    }
    T::try_from(n).map_err(|_| NumError::TooLarge)
}

/// The players' initials in lower case, if they are letters and differ.
fn initials<B: Bits>(e: &Engine<B>) -> Option<Vec<char>> {
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
    (unique && initials.iter().all(char::is_ascii_alphabetic)).then_some(initials)
}

/// The player-to-move token of player `p`.
fn side_token<B: Bits>(e: &Engine<B>, p: u8) -> String {
    match initials(e) {
        Some(i) => i[p as usize].to_string(),
        None => (p + 1).to_string(),
    }
}

/// The player a token names: its number (`1`, `2`, ...), its initial in
/// either case (where the initials differ), or, in a game of two players,
/// `w` or `b` for the first or the second, as FEN writes them, where no
/// player's name begins with that letter.
fn player_of<B: Bits>(e: &Engine<B>, tok: &str) -> Option<u8> {
    if let Some(p) = (0..e.players()).find(|&p| (p + 1).to_string() == tok) {
        return Some(p);
    }
    let mut chars = tok.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let c = c.to_ascii_lowercase();
    if let Some(i) = initials(e) {
        if let Some(p) = i.iter().position(|&x| x == c) {
            return Some(p as u8);
        }
    }
    let taken = e
        .model
        .players
        .iter()
        .any(|pl| pl.name.chars().next().map(|f| f.to_ascii_lowercase()) == Some(c));
    match (e.players(), c) {
        (2, 'w') if !taken => Some(0),
        (2, 'b') if !taken => Some(1),
        _ => None,
    }
}

/// The tokens that name the players, for hints.
fn player_tokens<B: Bits>(e: &Engine<B>) -> String {
    let mut names: Vec<String> = (0..e.players()).map(|p| side_token(e, p)).collect();
    if e.players() == 2 {
        for (c, p) in [('w', 0), ('b', 1)] {
            let s = c.to_string();
            if !names.contains(&s) && player_of(e, &s) == Some(p) {
                names.push(format!("{c} (the {})", ["first", "second"][p as usize]));
            }
        }
    }
    names.join(", ")
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

/// The pieces' unmoved status a plain board implies: a piece is unmoved if
/// the start position has the same piece, unmoved, on its square; but the
/// pieces that castle and their partners are unmoved only as the castling
/// rights say (`rights`: for each player, the partners' squares, with the
/// castling piece's).
fn default_unmoved<B: Bits>(e: &Engine<B>, s: &State<B>, rights: B) -> B {
    let (castlers, partners) = castling_kinds(e);
    let mut d = B::ZERO;
    for sq in s.occupied().iter() {
        let c = s.at(sq);
        if (castlers | partners) & (1 << code_piece(c)) != 0 {
            continue;
        }
        if e.start.at(sq) == c && e.start.unmoved.has(sq) {
            d |= B::bit(sq);
        }
    }
    d | rights
}

/// Whether kind `k` can be dropped, or promoted to from another kind:
/// whether a player may have more pieces of it than at the start.
fn gainable<B: Bits>(e: &Engine<B>, k: u8) -> bool {
    let dropped = e
        .model
        .moves
        .iter()
        .any(|m| matches!(m.kind, MoveKind::Drop { piece, .. } if piece == k as usize));
    dropped
        || (0..e.model.pieces.len() as u8).any(|j| j != k && e.promotion_targets(j).contains(&k))
}

/// For each square, where its piece is taken to have started when the
/// position string does not say ([`NO_SQ`] for an empty square or an
/// unknown start). A piece standing where the start position has the same
/// piece is that piece. Every other piece started on the nearest free start
/// square of its kind and owner (one whose piece is not at home) from which
/// its moves could have brought it on an empty board: without taking a
/// piece if it can, in the fewest moves, then over the shortest distance;
/// no two pieces from one square. A piece left over is
/// taken for a promoted piece, from the nearest free start square of a kind
/// that promotes to it; one still left was dropped where it stands if its
/// kind can be dropped, else its start is unknown.
fn default_origins<B: Bits>(e: &Engine<B>, st: &State<B>) -> Vec<u8> {
    let n = e.squares();
    let b = e.board();
    let mut out = vec![NO_SQ; n];
    // The start position's pieces not at home: (square at the start, origin, code).
    let mut free: Vec<(u8, u8, u8)> = Vec::new();
    for s in e.start.occupied().iter() {
        let c = e.start.at(s);
        if st.at(s) == c {
            out[s as usize] = e.start.origin_of(s);
        } else {
            free.push((s, e.start.origin_of(s), c));
        }
    }
    let mut away: Vec<u8> = st
        .occupied()
        .iter()
        .filter(|&q| st.at(q) != e.start.at(q))
        .collect();
    if away.is_empty() {
        return out;
    }
    let geo = |a: u8, q: u8| {
        let (a, q) = (b.cell(a), b.cell(q));
        let dx = i64::from(a.x) - i64::from(q.x);
        let dy = i64::from(a.y) - i64::from(q.y);
        dx * dx + dy * dy
    };
    let mut used = vec![false; free.len()];
    // Without taking a piece where it can, in the fewest moves from the
    // start square, then over the shortest distance.
    let mut pairs: Vec<(bool, u32, i64, u8, usize)> = Vec::new();
    for (i, &(s, _, c)) in free.iter().enumerate() {
        if !away.iter().any(|&q| st.at(q) == c) {
            continue;
        }
        let quiet = moves_from(e, s, code_piece(c), code_player(c), true);
        let any = moves_from(e, s, code_piece(c), code_player(c), false);
        for &q in away.iter().filter(|&&q| st.at(q) == c) {
            let q_ = q as usize;
            if quiet[q_] != u32::MAX {
                pairs.push((false, quiet[q_], geo(s, q), q, i));
            } else if any[q_] != u32::MAX {
                pairs.push((true, any[q_], geo(s, q), q, i));
            }
        }
    }
    pairs.sort_unstable();
    for (_, _, _, q, i) in pairs {
        if !used[i] && out[q as usize] == NO_SQ {
            used[i] = true;
            out[q as usize] = free[i].1;
        }
    }
    away.retain(|&q| out[q as usize] == NO_SQ);
    // Promoted pieces: from a free start square of a kind that promotes to theirs.
    let mut pairs: Vec<(i64, u8, usize)> = Vec::new();
    for &q in &away {
        let c = st.at(q);
        for (i, &(s, _, from)) in free.iter().enumerate() {
            if !used[i]
                && code_player(from) == code_player(c)
                && code_piece(from) != code_piece(c)
                && e.promotion_targets(code_piece(from))
                    .contains(&code_piece(c))
            {
                pairs.push((geo(s, q), q, i));
            }
        }
    }
    pairs.sort_unstable();
    for (_, q, i) in pairs {
        if !used[i] && out[q as usize] == NO_SQ {
            used[i] = true;
            out[q as usize] = free[i].1;
        }
    }
    for q in away {
        let k = code_piece(st.at(q));
        if out[q as usize] == NO_SQ
            && e.model
                .moves
                .iter()
                .any(|m| matches!(m.kind, MoveKind::Drop { piece, .. } if piece == k as usize))
        {
            out[q as usize] = q;
        }
    }
    out
}

/// For each square, the fewest moves a piece of `kind` owned by `player`
/// needs to go there from `from` on an empty board, by any of its rules
/// (conditions aside), or (`quiet`) by those that may land on an empty
/// square; `u32::MAX` where it never gets.
fn moves_from<B: Bits>(e: &Engine<B>, from: u8, kind: u8, player: u8, quiet: bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; e.squares()];
    dist[from as usize] = 0;
    let gens: Vec<_> = e.gens[player as usize]
        .iter()
        .filter(|g| g.piece == kind && !g.stay)
        .filter(|g| !quiet || matches!(g.target, Target::Empty | Target::NotFriend))
        .collect();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for g in gens.iter().filter(|g| g.from_mask.has(s)) {
            for t in e.potential(g, s).iter() {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = dist[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    dist
}

/// The kinds that castle and the kinds they castle with, bit per kind.
fn castling_kinds<B: Bits>(e: &Engine<B>) -> (u32, u32) {
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

fn squares_list<B: Bits>(e: &Engine<B>, set: B) -> String {
    set.iter()
        .map(|q| e.board().name(q))
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a rule judged in the position itself (an end rule, a fact to
/// remember, a move's or a promotion's condition) asks whether the last
/// move took a piece: only then is it part of the position string.
fn reads_took<B: Bits>(e: &Engine<B>) -> bool {
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

/// The name of a phase, flag or fact as a position string writes it.
fn field_name(name: &str) -> String {
    name.replace(' ', "_")
}

/// The fields beyond FEN: phase, per-piece and per-player state. Each is
/// written only where it differs from what a plain board implies.
fn extensions<B: Bits>(e: &Engine<B>, s: &State<B>, out: &mut String) {
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
}

/// Reads a position string for a game, checked (see [`Legality`]).
pub fn parse(game: &Game, text: &str) -> Result<Position, Box<PositionError>> {
    parse_with(game, text, Legality::Checked)
}

/// Reads a position string for a game, checked or not.
pub fn parse_with(
    game: &Game,
    text: &str,
    legality: Legality,
) -> Result<Position, Box<PositionError>> {
    Ok(Position(match &game.0 {
        GameInner::Small(e) => {
            let s = parse_state(e, text, legality)?;
            PosInner::Small(Arc::clone(e), s, Vec::new())
        }
        GameInner::Large(e) => {
            let s = parse_state(e, text, legality)?;
            PosInner::Large(Arc::clone(e), s, Vec::new())
        }
    }))
}

impl Game {
    /// Reads a position string (see [`crate::position`]), refusing a
    /// position the rules could not reach.
    pub fn position(&self, text: &str) -> Result<Position, Box<PositionError>> {
        parse_with(self, text, Legality::Checked)
    }

    /// Reads a position string, checking that the rules could reach it or
    /// not (the command line's `--allow-illegal` reads it
    /// [`Legality::Unchecked`]).
    pub fn position_with(
        &self,
        text: &str,
        legality: Legality,
    ) -> Result<Position, Box<PositionError>> {
        parse_with(self, text, legality)
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

/// Reads the board field into `st`; returns where each square's letter
/// stands in the text.
fn read_board<B: Bits>(
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
struct Plain<'a> {
    fields: Vec<(usize, &'a str)>,
}

impl<'a> Plain<'a> {
    fn get(&self, i: usize) -> Option<(usize, &'a str)> {
        self.fields.get(i).copied()
    }
}

fn parse_state<B: Bits>(e: &Engine<B>, text: &str, legality: Legality) -> Res<State<B>> {
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
fn counting_or_passing(text: &str, plain: &Plain<'_>, at: usize, tok: &str) -> Box<PositionError> {
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

/// Refuses a position no game played by the rules could reach (see
/// [`Legality::Checked`]).
fn check_legal<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    text: &str,
    board_span: (usize, usize),
    at_of: &[(usize, usize)],
) -> Res<()> {
    let player_name = |p: u8| e.model.players[p as usize].name.as_str();
    let kind_name = |k: u8| e.model.pieces[k as usize].name.as_str();
    let on_start_board = (0..e.squares() as u8).all(|q| st.at(q) == e.start.at(q));
    for p in 0..e.players() {
        for k in 0..e.model.pieces.len() as u8 {
            let have = st.pieces(k, p);
            let n = have.count();
            let start = u32::from(e.start_count[p as usize][k as usize]);
            let royal = e.royal & (1 << k) != 0;
            if royal && n > start && !gainable(e, k) {
                let last = have.iter().last().unwrap_or(0);
                return Err(illegal(
                    text,
                    at_of[last as usize],
                    format!(
                        "{} has {n} of royal kind {}; the game starts with {start}, and no piece becomes one",
                        player_name(p),
                        kind_name(k)
                    ),
                    format!("{} {} too many", n - start, kind_name(k)),
                    &format!(
                        "give {} at most {start} of kind {}",
                        player_name(p),
                        kind_name(k)
                    ),
                ));
            }
            // Where no move may leave a royal piece attacked, none is ever
            // taken: a royal kind that does not promote stays as it started.
            if royal && e.check_rule.is_some() && n < start && e.promos[k as usize].is_none() {
                return Err(illegal(
                    text,
                    board_span,
                    format!(
                        "{} has {n} of royal kind {}, the game starts with {start}",
                        player_name(p),
                        kind_name(k)
                    ),
                    format!("{n} {}", kind_name(k)),
                    &format!(
                        "in this game no move may leave a royal piece attacked, so none is ever \
                         taken: give {} {start} of kind {}",
                        player_name(p),
                        kind_name(k)
                    ),
                ));
            }
        }
    }
    // The player who moved last did not leave a royal piece attacked.
    if e.check_rule.is_some() && !on_start_board && e.in_check(st, st.mover) {
        let by = e.next_player(st.mover);
        let occ = st.occupied();
        let king = e
            .royals(st, st.mover)
            .iter()
            .find(|&k| e.attacked(st, k, by, occ))
            .unwrap_or(0);
        let whose = if st.mover == st.side {
            format!(
                "{} is to move again, having moved last",
                player_name(st.mover)
            )
        } else {
            format!("{} moved last", player_name(st.mover))
        };
        return Err(illegal(
            text,
            at_of[king as usize],
            format!(
                "{whose}, and its {} on {} is attacked: no move may leave a royal piece attacked",
                kind_name(code_piece(st.at(king))),
                e.board().name(king)
            ),
            "attacked",
            &format!(
                "check the player to move (`{}`), or the board",
                side_token(e, st.side)
            ),
        ));
    }
    Ok(())
}

/// Reads the castling field (`KQkq`, `-`): the squares of the pieces it
/// declares unmoved.
fn read_castling<B: Bits>(
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
fn read_passing<B: Bits>(
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
fn names_hint(what: &str, verb: &str, names: &[String]) -> String {
    if names.is_empty() {
        format!("this game {verb} no {what}")
    } else {
        format!("the {what} are {}", names.join(", "))
    }
}

/// Reads one `name=value` field.
fn parse_extension<B: Bits>(
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
                "the fields after the move number are counters=, ply=, phase=, moved=, unmoved=, origin=, flags=, facts=, took=",
            ))
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::options::Config;

    /// Every game file under `games/`, under every configuration `lud
    /// check` compiles (each ruleset, each value of each option).
    fn every_shipped_config() -> Vec<(String, Game)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|f| f.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "lud"))
            .collect();
        files.sort();
        let mut out = Vec::new();
        for path in files {
            let src = crate::compile::read_source(&path).unwrap();
            let g = crate::compile::compile_with(&src, &Config::default()).unwrap();
            for config in g.model().options.all_configs() {
                let name = format!("{} {config:?}", path.display());
                let g = crate::compile::compile_with(&src, &config).unwrap();
                out.push((name, g));
            }
        }
        out
    }

    /// The state a position string gives equals the state it was written
    /// from, in everything the rules read: the board, what each piece and
    /// player remembers, turn, phase, counters, key.
    fn same_state<B: Bits>(e: &Engine<B>, a: &State<B>, b: &State<B>, text: &str) {
        let n = e.squares() as u8;
        for q in 0..n {
            assert_eq!(a.at(q), b.at(q), "{text}: square {q}");
            if e.uses_origin && a.at(q) != EMPTY {
                assert_eq!(a.origin_of(q), b.origin_of(q), "{text}: origin of {q}");
            }
        }
        assert_eq!(a.by_player, b.by_player, "{text}");
        assert_eq!(a.by_piece, b.by_piece, "{text}");
        if e.uses_unmoved {
            assert_eq!(
                a.unmoved & a.occupied(),
                b.unmoved & b.occupied(),
                "{text}: unmoved"
            );
        }
        // The castling rights are the position's; whether a piece that can no
        // longer castle has moved is not, though the engine's key reads it.
        assert_eq!(
            castling_rights(e, a),
            castling_rights(e, b),
            "{text}: castling"
        );
        let occ = a.occupied();
        for f in 0..e.model.flags.len() {
            assert_eq!(a.flags[f] & occ, b.flags[f] & occ, "{text}: flags");
        }
        assert_eq!(a.facts, b.facts, "{text}: facts");
        assert_eq!(
            (a.side, a.mover, a.phase, a.phase_left, a.ply),
            (b.side, b.mover, b.phase, b.phase_left, b.ply),
            "{text}: side, mover, phase, moves left, ply"
        );
        assert_eq!(
            a.counters[..e.counters.len()],
            b.counters[..e.counters.len()],
            "{text}"
        );
        assert_eq!((a.passed, a.passer), (b.passed, b.passer), "{text}");
        assert_eq!(a.hash, b.hash, "{text}: key");
        if reads_took(e) {
            assert_eq!(a.took, b.took, "{text}: took");
        }
    }

    fn round_trip(g: &Game, seeds: u64, plies: usize) {
        for seed in 0..seeds {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut pos = g.start();
            for _ in 0..plies {
                let text = pos.to_string();
                let back = g
                    .position(&text)
                    .unwrap_or_else(|e| panic!("{}: {text}: {}", g.name(), e.message));
                match (&pos.0, &back.0) {
                    (PosInner::Small(e, a, _), PosInner::Small(_, b, _)) => {
                        same_state(e, a, b, &text);
                        let (mut ma, mut mb) = (Vec::new(), Vec::new());
                        e.legal_moves(a, &[], &mut ma);
                        e.legal_moves(b, &[], &mut mb);
                        assert_eq!(ma, mb, "{text}");
                        assert_eq!(e.ending(a, &[], None), e.ending(b, &[], None), "{text}");
                    }
                    (PosInner::Large(e, a, _), PosInner::Large(_, b, _)) => {
                        same_state(e, a, b, &text);
                        let (mut ma, mut mb) = (Vec::new(), Vec::new());
                        e.legal_moves(a, &[], &mut ma);
                        e.legal_moves(b, &[], &mut mb);
                        assert_eq!(ma, mb, "{text}");
                        assert_eq!(e.ending(a, &[], None), e.ending(b, &[], None), "{text}");
                    }
                    _ => panic!("the square sets differ"),
                }
                assert_eq!(back.to_string(), text);
                // The same through the public interface. What a position
                // string describes has no earlier positions.
                let fresh = pos.without_history();
                assert_eq!(back.legal_moves(), fresh.legal_moves(), "{text}");
                assert_eq!(back.outcome(), fresh.outcome(), "{text}");
                assert_eq!(back.side_to_move(), pos.side_to_move(), "{text}");
                assert_eq!(back.last_mover(), pos.last_mover(), "{text}");
                assert_eq!(back.ply(), pos.ply(), "{text}");
                assert_eq!(back.phase_moves_left(), pos.phase_moves_left(), "{text}");
                for i in 0..4 {
                    assert_eq!(back.counter(i), pos.counter(i), "{text}");
                }
                for q in 0..g.model().board.len() {
                    assert_eq!(back.piece_at(q), pos.piece_at(q), "{text}");
                    assert_eq!(back.origin(q), pos.origin(q), "{text}: origin of {q}");
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.usize(..moves.len())]).unwrap();
            }
        }
    }

    #[test]
    fn every_state_of_seeded_games_of_every_shipped_game_round_trips() {
        let configs = every_shipped_config();
        assert!(configs.len() > 10, "the games were found");
        for (i, (name, g)) in configs.iter().enumerate() {
            eprintln!("{name}");
            // The defaults of each file at length, the other configurations briefly.
            let first = i == 0 || configs[i - 1].0.split(' ').next() != name.split(' ').next();
            round_trip(g, if first { 12 } else { 3 }, 200);
        }
    }
}
