//! Moves as text: coordinate notation `e2e4`, a promotion marked by the small
//! letter of the new piece (`e7e8q`), a drop as `@d1`, or `R@d1` with the
//! piece's capital letter where the game drops more than one kind of piece
//! ([`drops_name_pieces`]). Reading a move checks it against the legal moves
//! (letters in either case) and says exactly why one is refused.
//!
//! [`parse_move`] also reads, where the game has them:
//! - SAN (`Nf3`, `exd5`, `O-O`, `0-0`, `e8=Q`, `e8Q`, with or without `+`,
//!   `#` and `x`) in games whose pieces all have letters ([`san`]);
//! - a column's letter (`d`) in games whose pieces are dropped and fall
//!   along the files: the one drop in that column.
//!
//! [`move_help`] says how to type a move in the game at hand; a move that
//! cannot be read gets its first lines as a hint.

mod help;
pub(crate) mod opening;
mod san;

pub use help::move_help;
pub use san::{plain_kind, san, writes_san};

use std::collections::HashMap;

use crate::compile::board::Sq;
use crate::compile::model::{Model, MoveKind};
use crate::explain;
use crate::game::Position;
use crate::moves::Move;

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
}

impl MoveError {
    pub(crate) fn new(message: impl Into<String>, help: Option<String>) -> Self {
        MoveError {
            message: message.into(),
            help,
        }
    }
}

/// The text of a move: `e2e4`, `e7e8q`.
///
/// A drop is `@d1`, or `R@d1` where the game drops more than one kind of
/// piece ([`drops_name_pieces`]). A removal (a move of the player, not of a
/// piece) is `xd5`; a capture
/// without moving is `d8xe7`; an extra move in the same turn follows a comma:
/// `b7b8n,c6`; a series of jumps names every square it lands on: `c3e5c7`.
///
/// Where two moves of the position would read the same (a jump over a piece
/// and another move of the same piece to the same square, the drops of two
/// rules that put the same piece on the same square, the moves of two rules
/// of a piece between the same squares that do different things), the series of
/// jumps is written with `x` before each landing (`a1xc1`), and any moves
/// still alike are numbered in the order the rules make them (`@a1/2`,
/// `a1c1/2`): see [`move_texts`].
pub fn move_text(pos: &Position, m: Move) -> String {
    texts_of(pos, &[m]).swap_remove(0)
}

/// [`move_text`] of each of `moves` (moves of `pos`). Where a move may read
/// like another (a game with series of jumps, a rule that makes moves
/// alike) the rule moves' texts are found once for all, not once a move:
/// a position with thousands of moves is written in one pass.
pub fn texts_of(pos: &Position, moves: &[Move]) -> Vec<String> {
    let jumps = has_jumps(pos.model());
    let may_read_alike = |m: Move| jumps || alike(pos, m);
    if !moves.iter().any(|&m| may_read_alike(m)) {
        return moves.iter().map(|&m| plain_text(pos, m)).collect();
    }
    // Numbered as `move_texts` numbers the legal moves.
    let all = pos.rule_moves();
    let texts = move_texts(pos, &all);
    moves
        .iter()
        .map(|&m| match all.iter().position(|&x| x == m) {
            Some(i) if may_read_alike(m) => texts[i].clone(),
            _ => plain_text(pos, m),
        })
        .collect()
}

/// Whether a move is made by a rule that can make moves reading like
/// another rule's ([`Position::rule_alike`]), in its first part or in its
/// second (a promoted piece's move again).
fn alike(pos: &Position, m: Move) -> bool {
    pos.rule_alike(m.rule) || (m.extra_rule != u8::MAX && pos.rule_alike(m.extra_rule))
}

/// Whether the game has series of jumps, whose text can read like another
/// move's (the other such moves are those of rules that [`Position::rule_alike`]
/// marks).
fn has_jumps(model: &crate::compile::model::Model) -> bool {
    model
        .moves
        .iter()
        .any(|r| matches!(r.kind, crate::compile::model::MoveKind::CaptureJump { .. }))
}

/// The texts of the moves of a position (its legal moves, in the order they
/// are made), each different from the others: see [`move_text`].
pub fn move_texts(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|&m| plain_text(pos, m)).collect();
    if !has_jumps(pos.model()) && !moves.iter().any(|&m| alike(pos, m)) {
        return texts;
    }
    // How many moves read each text (counted, not compared pair by pair: a
    // position may have hundreds of moves).
    let mut times: HashMap<String, usize> = HashMap::new();
    for t in &texts {
        *times.entry(t.clone()).or_default() += 1;
    }
    for (text, m) in texts.iter_mut().zip(moves) {
        if times[text.as_str()] > 1 && m.jumps().len() > 0 {
            *text = jump_text(pos, *m, "x");
        }
    }
    // The moves still alike, numbered in order from the second.
    times.clear();
    for text in &mut texts {
        let n = times.entry(text.clone()).or_default();
        *n += 1;
        if *n > 1 {
            *text = format!("{text}/{n}");
        }
    }
    texts
}

/// A series of jumps: the square it leaves and every square it lands on,
/// `mark` before each landing; then its promotion letter.
fn jump_text(pos: &Position, m: Move, mark: &str) -> String {
    let model = pos.model();
    let b = &model.board;
    let mut s = m.from().map_or_else(String::new, |f| b.name(f as Sq));
    for land in pos.landings(m) {
        s.push_str(mark);
        s.push_str(&b.name(land as Sq));
    }
    if let Some(p) = m.promotion() {
        s.push(model.pieces[p].letter.to_ascii_lowercase());
    }
    if let Some(x) = m.extra() {
        s.push(',');
        s.push_str(&b.name(x as Sq));
    }
    s
}

/// Whether the game drops more than one kind of piece (new pieces or pieces
/// from hand, whichever rules put them down): then a drop's text names its
/// piece by its capital letter before the `@` (`R@d1`), as UCI and SAN
/// write drops; a game that drops one kind writes `@d1`.
pub fn drops_name_pieces(model: &Model) -> bool {
    let mut kinds = model.moves.iter().filter_map(|r| match r.kind {
        MoveKind::Drop { piece, .. } => Some(piece),
        _ => None,
    });
    kinds.next().is_some_and(|first| kinds.any(|k| k != first))
}

/// The kind of piece a move puts down, if it is a drop.
pub(crate) fn dropped_kind(model: &Model, m: Move) -> Option<usize> {
    if m.from().is_some() || m.is_pass() {
        return None;
    }
    match model.moves.get(m.rule())?.kind {
        MoveKind::Drop { piece, .. } => Some(piece),
        _ => None,
    }
}

/// A drop's text: `@d1`, or `R@d1` where drops name their piece.
fn drop_text(model: &Model, kind: usize, to: Sq) -> String {
    let sq = model.board.name(to);
    if drops_name_pieces(model) {
        format!("{}@{sq}", model.pieces[kind].letter.to_ascii_uppercase())
    } else {
        format!("@{sq}")
    }
}

/// A move's text alone, not told apart from the position's other moves.
fn plain_text(pos: &Position, m: Move) -> String {
    let model = pos.model();
    let b = &model.board;
    if m.is_pass() {
        return "pass".into();
    }
    let Some(from) = m.from() else {
        return match dropped_kind(model, m) {
            Some(k) => drop_text(model, k, m.to),
            None => format!("x{}", b.name(m.to)),
        };
    };
    let stay = model.moves.get(m.rule()).is_some_and(|r| r.stay);
    if m.jumps().len() > 0 {
        return jump_text(pos, m, "");
    }
    let mut s = if stay {
        format!("{}x{}", b.name(from as Sq), b.name(m.to))
    } else {
        format!("{}{}", b.name(from as Sq), b.name(m.to))
    };
    if let Some(p) = m.promotion() {
        s.push(model.pieces[p].letter.to_ascii_lowercase());
    }
    if let Some(x) = m.extra() {
        s.push(',');
        s.push_str(&b.name(x as Sq));
    }
    s
}

/// A move as typed, made comparable with [`move_text`] (letter case aside:
/// a drop's piece letter is a capital there): no spaces, `=` and `-`
/// dropped, every letter small.
fn normalise(text: &str) -> String {
    let t: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '=' | '-' | ' '))
        .collect();
    t.to_lowercase()
}

/// Splits `e2e4q` into its parts: two square names and an optional letter
/// (an `x` between the squares, and a `,square` extra part, are passed over).
fn split(text: &str) -> Option<(&str, &str, Option<char>)> {
    let t = text.trim();
    let t = t.split(',').next().unwrap_or(t);
    let sq_len = |s: &str| -> usize {
        let mut it = s.char_indices();
        match it.next() {
            Some((_, c)) if c.is_ascii_lowercase() => {}
            _ => return 0,
        }
        let digits = s[1..].chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            0
        } else {
            1 + digits
        }
    };
    let a = sq_len(t);
    if a == 0 {
        return None;
    }
    let rest = t[a..].trim_start_matches(['-', 'x']);
    let b = sq_len(rest);
    if b == 0 {
        return None;
    }
    let tail = rest[b..].trim_start_matches('=');
    let mut chars = tail.chars();
    let promo = match (chars.next(), chars.next()) {
        (None, _) => None,
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => return None,
    };
    Some((&t[..a], &rest[..b], promo))
}

/// The hint for a move that cannot be read: the main ways to write one in
/// this game (the first two lines of [`move_help`]).
pub(crate) fn format_hint(pos: &Position) -> String {
    let lines = move_help(pos);
    if lines.is_empty() {
        return "this game has no moves to type".into();
    }
    lines[..lines.len().min(2)].join(" ")
}

/// Where the squares of the board run.
pub(crate) fn squares_hint(model: &crate::compile::model::Model) -> String {
    let b = &model.board;
    let span = format!(
        "squares run from a1 to {}{}",
        crate::compile::board::Board::file_name(b.width - 1),
        b.height
    );
    if b.has_holes() {
        format!("{span}, except the holes (left blank on the board)")
    } else {
        span
    }
}

/// "x is not a square of this board", or "x is a hole of this board" for a
/// hole of its shape.
pub(crate) fn not_a_square(model: &crate::compile::model::Model, name: &str) -> String {
    let b = &model.board;
    let hole = crate::compile::decls::parse_square(name)
        .and_then(|(x, y)| b.at(x, y))
        .is_some_and(|q| !b.is_present(q));
    if hole {
        format!("{name} is a hole of this board, not a square")
    } else {
        format!("{name} is not a square of this board")
    }
}

/// Whether the text has the shape of a square's name: a small letter and
/// digits.
fn square_shaped(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|c| c.is_ascii_lowercase())
        && !c.as_str().is_empty()
        && c.all(|c| c.is_ascii_digit())
}

/// The game is over: no move can be read.
pub(super) fn over(pos: &Position) -> Option<MoveError> {
    pos.outcome().map(|o| {
        MoveError::new(
            format!(
                "the game is over: {}",
                crate::draw::outcome_text(pos.model(), &o)
            ),
            None,
        )
    })
}

/// A column's letter in a game whose pieces drop along the files: the one
/// legal drop in that column. `None` when the text is not a column's letter.
/// Where drops name their piece, the letter alone does not say which piece
/// falls: the drops in that column are offered instead.
fn column(pos: &Position, text: &str) -> Option<Result<Move, MoveError>> {
    let model = pos.model();
    let b = &model.board;
    let t = text.trim();
    let mut chars = t.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let c = c.to_ascii_lowercase();
    if !c.is_ascii_lowercase() || !help::drops_in_columns(pos) {
        return None;
    }
    let x = u32::from(c) - u32::from(b'a');
    if x >= b.width {
        return Some(Err(MoveError::new(
            format!("{c} is not a column of this board"),
            Some(format!(
                "the columns are a to {}",
                crate::compile::board::Board::file_name(b.width - 1)
            )),
        )));
    }
    if let Some(e) = over(pos) {
        return Some(Err(e));
    }
    let drops: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| dropped_kind(model, *m).is_some())
        .collect();
    let here: Vec<Move> = drops
        .iter()
        .copied()
        .filter(|m| b.cell(m.to).x == x)
        .collect();
    Some(match here[..] {
        [m] if !drops_name_pieces(model) => Ok(m),
        [] => {
            let mut open: Vec<char> = drops
                .iter()
                .map(|m| crate::compile::board::Board::file_name(b.cell(m.to).x))
                .collect();
            open.dedup();
            Err(MoveError::new(
                format!("no piece can be dropped in column {c} now"),
                Some(if open.is_empty() {
                    "no piece may be put down now".into()
                } else {
                    format!(
                        "you may drop in column {}",
                        open.iter()
                            .map(char::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }),
            ))
        }
        _ if drops_name_pieces(model) => Err(MoveError::new(
            format!("`{c}`: say which piece is dropped in column {c}, by its letter"),
            Some(play_one_of(pos, &here)),
        )),
        _ => {
            let texts: Vec<String> = here.iter().map(|m| move_text(pos, *m)).collect();
            // Two rules that drop on the one square (`@d1`, `@d1/2`), or
            // several squares.
            Err(if here.iter().all(|m| m.to == here[0].to) {
                MoveError::new(
                    format!(
                        "`{c}`: two rules drop a piece on {}",
                        model.board.name(here[0].to)
                    ),
                    Some(format!("write which: {}", texts.join(" or "))),
                )
            } else {
                MoveError::new(
                    format!("a piece can go to several squares of column {c}"),
                    Some(format!("write the square: {}", texts.join(" "))),
                )
            })
        }
    })
}

/// "play a1 or b1": the texts of the moves, to choose from.
fn play_one_of(pos: &Position, moves: &[Move]) -> String {
    let texts: Vec<String> = moves.iter().map(|m| move_text(pos, *m)).collect();
    format!("play {}", texts.join(" or "))
}

/// A square typed alone in a game with drops: say how a drop is written.
fn bare_square_in_drop_game(pos: &Position, text: &str) -> Option<MoveError> {
    let t = text.trim().to_lowercase();
    let model = pos.model();
    let legal = pos.legal_moves();
    if !square_shaped(&t) || !legal.iter().any(|m| dropped_kind(model, *m).is_some()) {
        return None;
    }
    let sq = model.board.parse(&t)?;
    let here: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == sq && dropped_kind(model, *m).is_some())
        .collect();
    let col = crate::compile::board::Board::file_name(model.board.cell(sq).x);
    let how = if drops_name_pieces(model) {
        "the piece's letter, @ and a square"
    } else {
        "@ and a square"
    };
    Some(if here.is_empty() {
        MoveError::new(
            format!(
                "`{t}` is not a move: a piece is put down with {how}, and none can go on {t} now"
            ),
            Some(format_hint(pos)),
        )
    } else {
        let texts: Vec<String> = here.iter().map(|m| move_text(pos, *m)).collect();
        MoveError::new(
            format!("to put a piece on {t}, write {}", texts.join(" or ")),
            Some(
                if help::drops_in_columns(pos) && !drops_name_pieces(model) {
                    format!("or type the column alone: {col}")
                } else {
                    format_hint(pos)
                },
            ),
        )
    })
}

/// A drop as typed, `@d1` or `r@d1` (normalised): the piece's letter, if
/// any, and what follows the `@` (the square's name, if it is one).
fn drop_parts(want: &str) -> Option<(Option<char>, &str)> {
    let (letter, sq) = want.split_once('@')?;
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Some((None, sq)),
        (Some(c), None) if c.is_ascii_alphabetic() => Some((Some(c), sq)),
        _ => None,
    }
}

/// A drop as typed that is not the text of a legal move: the move it still
/// names without doubt (a letter given where the game drops one kind, which
/// its texts leave out), or why it is refused. A drop without a letter in a
/// game whose drops name their piece is refused, with the drops on that
/// square to choose from.
fn read_drop(
    pos: &Position,
    legal: &[Move],
    letter: Option<char>,
    sq: &str,
) -> Result<Move, MoveError> {
    let model = pos.model();
    let dropped: Vec<usize> = model
        .moves
        .iter()
        .filter_map(|r| match r.kind {
            MoveKind::Drop { piece, .. } => Some(piece),
            _ => None,
        })
        .collect();
    let all_drops = |kind: Option<usize>| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| dropped_kind(model, *m).is_some_and(|k| kind.is_none_or(|x| x == k)))
            .collect()
    };
    let kind = match letter {
        None => None,
        Some(c) => match model.piece_by_letter(c).filter(|k| dropped.contains(k)) {
            Some(k) => Some(k),
            None => {
                let mut kinds = dropped.clone();
                kinds.sort_unstable();
                kinds.dedup();
                let forms: Vec<String> = kinds
                    .iter()
                    .map(|&k| format!("{}@ ({})", model.pieces[k].letter, model.pieces[k].name))
                    .collect();
                return Err(MoveError::new(
                    format!(
                        "no piece with the letter {} is put down in this game",
                        c.to_ascii_uppercase()
                    ),
                    Some(if drops_name_pieces(model) {
                        format!("the pieces put down are {}", forms.join(", "))
                    } else {
                        format_hint(pos)
                    }),
                ));
            }
        },
    };
    let typed = match kind {
        Some(k) => format!("{}@{sq}", model.pieces[k].letter),
        None => format!("@{sq}"),
    };
    let Some(q) = model.board.parse(sq) else {
        return Err(MoveError::new(
            not_a_square(model, sq),
            Some(may_drop(pos, &all_drops(kind), kind)),
        ));
    };
    let here: Vec<Move> = all_drops(kind).into_iter().filter(|m| m.to == q).collect();
    match (here.first(), kind) {
        (Some(&m), Some(_)) => return Ok(m),
        (Some(_), None) => {
            return Err(MoveError::new(
                format!("{typed}: say which piece is put down, by its letter"),
                Some(play_one_of(pos, &here)),
            ))
        }
        (None, _) => {}
    }
    let what = a_piece(model, kind);
    Err(MoveError::new(
        match explain::drop_refusal_of(pos, q, kind) {
            Some(reason) => format!("{typed} is not allowed: {reason}"),
            None => format!("you cannot put {what} on {sq} now"),
        },
        Some(may_drop(pos, &all_drops(kind), kind)),
    ))
}

/// "a Rock" for a piece of kind `kind`, "a piece" for any.
fn a_piece(model: &Model, kind: Option<usize>) -> String {
    kind.map_or_else(
        || "a piece".to_string(),
        |k| format!("a {}", model.pieces[k].name),
    )
}

/// "you may put a piece on: @a1 @b1 ...": the drops legal now (of one kind,
/// if `kind` is given).
fn may_drop(pos: &Position, drops: &[Move], kind: Option<usize>) -> String {
    if drops.is_empty() {
        return match kind {
            Some(k) => format!("no {} may be put down now", pos.model().pieces[k].name),
            None => "no piece may be put down now".into(),
        };
    }
    let what = a_piece(pos.model(), kind);
    let texts: Vec<String> = drops.iter().map(|m| move_text(pos, *m)).collect();
    format!("you may put {what} on: {}", texts.join(" "))
}

/// `e1h1`: a castling piece onto a partner of its own side. Castling is
/// written as the castling piece's move (and `O-O` in SAN).
fn castle_hint(pos: &Position, from: Sq, to: Sq) -> Option<MoveError> {
    let model = pos.model();
    let b = &model.board;
    let side = pos.side_to_move();
    let (kind, owner) = pos.piece_at(from.into())?;
    let (other, other_owner) = pos.piece_at(to.into())?;
    if owner != side || other_owner != side || b.cell(from).y != b.cell(to).y {
        return None;
    }
    let east = b.cell(to).x > b.cell(from).x;
    let rule = model.moves.iter().find(|r| {
        r.piece == Some(kind) && matches!(r.kind, crate::compile::model::MoveKind::Castle { partner, .. } if partner == other)
    })?;
    let crate::compile::model::MoveKind::Castle { steps, .. } = rule.kind else {
        return None;
    };
    let c = b.cell(from);
    let x = if east {
        c.x.checked_add(steps)
    } else {
        c.x.checked_sub(steps)
    }?;
    let dest = b.at(x, c.y)?;
    let coord = format!("{}{}", b.name(from), b.name(dest));
    let written = if writes_san(model) {
        format!("{coord} or {}", if east { "O-O" } else { "O-O-O" })
    } else {
        coord.clone()
    };
    let legal = pos
        .legal_moves()
        .iter()
        .any(|m| m.from == from && m.to == dest);
    Some(MoveError::new(
        format!(
            "the {} does not move onto its own {}: castling is written {written}",
            model.pieces[kind].name, model.pieces[other].name
        ),
        Some(if legal {
            format!("{coord} is legal now")
        } else {
            format!(
                "castling is not allowed now: {}",
                explain::why_not(pos, from, dest, None).0
            )
        }),
    ))
}

/// Reads a move and checks it is legal here, or says why not. Coordinate
/// notation always; SAN and columns where the game has them (see the
/// module's notes).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let want = normalise(text);
    let legal = pos.legal_moves();
    let texts = move_texts(pos, &legal);
    let coords = texts
        .iter()
        .position(|t| t.eq_ignore_ascii_case(&want))
        .map(|i| legal[i]);
    // In a game written in SAN, a capital first is a piece's letter: `B1c3`
    // is the Bishop from the first rank, not the move b1c3. Coordinates typed
    // in capitals (`E2E4`) are still read when SAN cannot read them.
    let san_first = writes_san(pos.model())
        && text
            .trim_start()
            .starts_with(|c: char| c.is_ascii_uppercase());
    if let (Some(m), false) = (coords, san_first) {
        return Ok(m);
    }
    if let Some(r) = column(pos, text) {
        return r;
    }
    if let Some((letter, sq)) = drop_parts(&want) {
        return read_drop(pos, &legal, letter, sq);
    }
    if let Some(sq) = want.strip_prefix('x').filter(|sq| square_shaped(sq)) {
        let model = pos.model();
        if model.board.parse(sq).is_none() {
            return Err(MoveError::new(
                not_a_square(model, sq),
                Some(squares_hint(model)),
            ));
        }
        if let Some(e) = over(pos) {
            return Err(e);
        }
        // Removals are written `x` and the square (drops and passes,
        // which start nowhere too, are not).
        let removals: Vec<String> = legal
            .iter()
            .filter(|m| m.from().is_none())
            .map(|m| move_text(pos, *m))
            .filter(|t| t.starts_with('x'))
            .collect();
        let standing = model
            .board
            .parse(sq)
            .and_then(|at| pos.piece_at(usize::from(at)));
        let why = match standing {
            None => format!("there is no piece on {sq} to remove"),
            Some((kind, owner)) if owner == pos.side_to_move() => format!(
                "you cannot remove the piece on {sq}: it is your own {}, and a removal takes another player's piece",
                model.pieces[kind].name
            ),
            Some(_) => format!("you cannot remove the piece on {sq}: no rule lets you now"),
        };
        return Err(MoveError::new(
            why,
            Some(if removals.is_empty() {
                "no removal is allowed now".into()
            } else {
                format!("you may remove: {}", removals.join(" "))
            }),
        ));
    }
    if let Some(e) = bare_square_in_drop_game(pos, text) {
        return Err(e);
    }
    if writes_san(pos.model()) {
        if let Some(east) = san::castle_side(text) {
            if let Some(e) = over(pos) {
                return Err(e);
            }
            return san::castle(pos, text, east);
        }
        match san::read_spec(pos.model(), text) {
            Some(Err(e)) => return coords.ok_or(e),
            Some(Ok(spec)) if !spec.is_coordinates() => {
                return san::parse(pos, text, &spec).or_else(|e| coords.ok_or(e));
            }
            _ => {}
        }
    }
    if let Some(m) = coords {
        return Ok(m);
    }
    let Some((f, t, promo)) = split(text) else {
        return Err(MoveError::new(
            format!("`{}` is not a move", text.trim()),
            Some(format_hint(pos)),
        ));
    };
    let model = pos.model();
    if !model.moves.iter().any(|r| {
        r.piece.is_some() && !matches!(r.kind, crate::compile::model::MoveKind::Drop { .. })
    }) {
        return Err(MoveError::new(
            "pieces are put down and never move in this game",
            Some(format_hint(pos)),
        ));
    }
    let b = &model.board;
    let square = |name: &str| {
        b.parse(name)
            .ok_or_else(|| MoveError::new(not_a_square(model, name), Some(squares_hint(model))))
    };
    let from = square(f)?;
    let to = square(t)?;
    if let Some(e) = over(pos) {
        return Err(e);
    }
    let promo_piece = match promo {
        None => None,
        Some(c) => Some(model.piece_by_letter(c).ok_or_else(|| {
            MoveError::new(
                format!("no piece has the letter '{c}'"),
                Some(format!(
                    "the pieces are {}",
                    model
                        .pieces
                        .iter()
                        .map(|p| format!("{} ({})", p.letter.to_ascii_lowercase(), p.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            )
        })?),
    };
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to && m.extra().is_none())
        .collect();
    if let Some((_, extra)) = want.split_once(',') {
        let extras: Vec<String> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to && m.extra().is_some())
            .map(|m| move_text(pos, *m))
            .collect();
        if !matching.is_empty() || !extras.is_empty() {
            return Err(MoveError::new(
                format!("the piece cannot move on to {extra} in the same turn"),
                Some(if extras.is_empty() {
                    "no extra move is allowed after this one".into()
                } else {
                    format!("play one of {}, or the move alone", extras.join(" "))
                }),
            ));
        }
    }
    if !matching.is_empty() {
        let chosen: Vec<Move> = matching
            .iter()
            .copied()
            .filter(|m| promo_piece.is_none() || m.promotion() == promo_piece)
            .collect();
        let mut kinds: Vec<Option<usize>> = chosen.iter().map(|m| m.promotion()).collect();
        kinds.dedup();
        match (chosen.len(), promo_piece) {
            (0, Some(p)) => {
                let options: Vec<String> = matching.iter().map(|m| move_text(pos, *m)).collect();
                return Err(MoveError::new(
                    format!("this move cannot promote to {}", model.pieces[p].name),
                    Some(format!("play {}", options.join(" or "))),
                ));
            }
            (1, _) => return Ok(chosen[0]),
            _ if kinds.len() == 1 => {
                let options: Vec<String> = chosen.iter().map(|m| move_text(pos, *m)).collect();
                return Err(MoveError::new(
                    format!(
                        "{} moves go from {} to {}: say which",
                        san::count_word(chosen.len()),
                        b.name(from),
                        b.name(to)
                    ),
                    Some(format!("play {}", options.join(" or "))),
                ));
            }
            _ => {
                let options: Vec<String> = matching.iter().map(|m| move_text(pos, *m)).collect();
                return Err(MoveError::new(
                    "this move promotes: say to what".to_string(),
                    Some(format!("play {}", options.join(" or "))),
                ));
            }
        }
    }
    if let Some(e) = castle_hint(pos, from, to) {
        return Err(e);
    }
    let (message, help) = explain::why_not(pos, from, to, promo_piece);
    Err(MoveError::new(message, help))
}

/// Why a move generated for this position is refused (for [`Position::play`]).
pub(crate) fn explain_refusal(pos: &Position, m: Move) -> String {
    explain::why_not(pos, m.from, m.to, m.promotion()).0
}
