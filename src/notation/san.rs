//! Standard algebraic notation (SAN), as chess players write moves: `Nf3`,
//! `exd5`, `O-O`, `e8=Q`, `Qh5#`. Everything is computed from the game's
//! rules, never from a table of one game:
//!
//! - A game is written in SAN when every piece has a letter (A to Z), it
//!   has no drops and no series of jumps ([`writes_san`]). Other games keep
//!   the coordinate notation.
//! - The piece's letter comes first, except for the one kind that promotes
//!   ([`plain_kind`]): as chess writes its pawns, that kind is written by its
//!   squares alone (`e4`, `exd5`). A game where no kind or several kinds
//!   promote writes every piece with its letter.
//! - When several pieces of a kind can go to the same square, the least is
//!   added that tells them apart: the file they leave, else the rank, else
//!   both (`Nbd2`, `R1a3`, `Qh4e1`). The plain kind writes its file in a
//!   capture (`exd5`).
//! - `x` marks a move that takes a piece (however it takes it: en passant, a
//!   cannon's jump), `=Q` a promotion, `+` a move that leaves the other side
//!   in check and `#` one that leaves it in check with no move at all.
//! - A castling move is `O-O` towards the last file, `O-O-O` towards the
//!   first (as FEN's `K` and `Q`).
//! - Moves SAN cannot say keep the coordinate notation, even in a SAN game:
//!   a removal (`xd5`), a capture without moving (`d8xe7`), a move with an
//!   extra part (`b7b8n,c6`), a piece that stays and puts another where
//!   its move lands (`d5b7`: an arrow shot from d5), a move that two
//!   rules of the piece make doing different things (`a1a2`, `a1a2/2`).
//!   A put is still read as SAN writes a piece's move (`Qb7`) where no
//!   piece of that kind moves to the square.

use crate::compile::board::Sq;
use crate::compile::model::{Model, MoveDef, MoveKind};
use crate::explain;
use crate::game::Position;
use crate::moves::Move;

use super::MoveError;

/// Whether the game's moves are written in SAN: every piece has a letter
/// from A to Z, and there is no drop and no series of jumps.
pub fn writes_san(model: &Model) -> bool {
    !model.pieces.is_empty()
        && model.board.width <= 26
        && model.pieces.iter().all(|p| p.letter.is_ascii_uppercase())
        && !model
            .moves
            .iter()
            .any(|r| matches!(r.kind, MoveKind::Drop { .. } | MoveKind::CaptureJump { .. }))
}

/// The kind SAN writes without its letter (as chess writes its pawns): the
/// one kind that has a promotion rule. `None` when no kind or several kinds
/// promote: then every kind is written with its letter.
pub fn plain_kind(model: &Model) -> Option<usize> {
    let mut promoting = model
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.promotions.is_empty())
        .map(|(i, _)| i);
    match (promoting.next(), promoting.next()) {
        (Some(k), None) => Some(k),
        _ => None,
    }
}

/// Whether a move is a castling move.
fn is_castle(model: &Model, m: Move) -> bool {
    model
        .moves
        .get(m.rule())
        .is_some_and(|r| matches!(r.kind, MoveKind::Castle { .. }))
}

/// A piece's move from a square to one other, in one part, whose rule
/// `rule` accepts.
fn one_square(model: &Model, m: Move, rule: impl Fn(&MoveDef) -> bool) -> bool {
    m.from().is_some()
        && m.extra().is_none()
        && m.jumps().len() == 0
        && model.moves.get(m.rule()).is_some_and(rule)
}

/// Whether SAN can say this move: a piece moving from a square to another,
/// in one part (not staying, not putting a piece).
fn expressible(model: &Model, m: Move) -> bool {
    one_square(model, m, |r| !r.stay && r.put.is_none())
}

/// Whether a move is a piece's that stays and puts another where its move
/// lands (`put:`), in one part: SAN does not write it, but reads it.
fn puts(model: &Model, m: Move) -> bool {
    one_square(model, m, |r| r.put.is_some())
}

/// The pieces on the board that are not `player`'s.
fn others_pieces(pos: &Position, player: usize) -> usize {
    (0..pos.model().board.len())
        .filter(|&sq| pos.piece_at(sq).is_some_and(|(_, owner)| owner != player))
        .count()
}

/// The SAN of a legal move, or `None` when the game is not written in SAN
/// or SAN cannot say this move (see the module's notes).
pub fn san(pos: &Position, m: Move) -> Option<String> {
    let model = pos.model();
    if !writes_san(model) || !expressible(model, m) {
        return None;
    }
    // A move that another rule's reads like here is written by its
    // coordinates, numbered (`a1a2/2`: see `move_texts`).
    if super::alike(pos, m)
        && pos
            .legal_moves()
            .iter()
            .any(|o| *o != m && (o.from, o.to, o.promo) == (m.from, m.to, m.promo))
    {
        return None;
    }
    let from = m.from()?;
    let (kind, mover) = pos.piece_at(from)?;
    let b = &model.board;
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mut s = String::new();
    if is_castle(model, m) {
        let east = b.cell(m.to).x > b.cell(from as Sq).x;
        s.push_str(if east { "O-O" } else { "O-O-O" });
    } else {
        let capture = others_pieces(&after, mover) < others_pieces(pos, mover);
        let plain = plain_kind(model) == Some(kind);
        let here = b.cell(from as Sq);
        let rivals: Vec<crate::compile::board::Cell> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && expressible(model, *o)
                    && !is_castle(model, *o)
                    && o.from().and_then(|f| pos.piece_at(f)).map(|p| p.0) == Some(kind)
            })
            .filter_map(|o| o.from().map(|f| b.cell(f as Sq)))
            .collect();
        let same_file = rivals.iter().any(|c| c.x == here.x);
        let same_rank = rivals.iter().any(|c| c.y == here.y);
        let (file, rank) = if rivals.is_empty() {
            (plain && capture, false)
        } else if !same_file {
            (true, false)
        } else if !same_rank {
            (plain && capture, true)
        } else {
            (true, true)
        };
        if !plain {
            s.push(model.pieces[kind].letter);
        }
        if file {
            s.push(crate::compile::board::Board::file_name(here.x));
        }
        if rank {
            s.push_str(&(here.y + 1).to_string());
        }
        if capture {
            s.push('x');
        }
        s.push_str(&b.name(m.to));
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(model.pieces[p].letter);
        }
    }
    if after.in_check() {
        s.push(if after.rule_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    Some(s)
}

/// A move as typed, read as SAN: the piece's letter, the file and rank it
/// leaves, the square it goes to, the promotion.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Spec {
    /// The piece's letter, if written.
    pub(super) letter: Option<char>,
    /// The file it leaves (0 for a).
    pub(super) file: Option<u32>,
    /// The rank it leaves (0 for 1).
    pub(super) rank: Option<u32>,
    /// The square it goes to.
    pub(super) to: Sq,
    /// The letter of the piece it becomes.
    pub(super) promo: Option<char>,
}

impl Spec {
    /// Whether the text names both squares and no piece: coordinate notation.
    pub(super) fn is_coordinates(&self) -> bool {
        self.letter.is_none() && self.file.is_some() && self.rank.is_some()
    }
}

/// What is left of a typed move once the marks that do not change it are
/// gone: spaces, `+`, `#`, `!`, `?`.
pub(super) fn bare(text: &str) -> &str {
    text.trim()
        .trim_end_matches(['+', '#', '!', '?', ' '])
        .trim_end()
}

/// Whether the text is castling: `O-O`, `0-0`, `O-O-O`, `0-0-0`. `Some(true)`
/// for the short side (towards the last file).
pub(super) fn castle_side(text: &str) -> Option<bool> {
    let t: String = bare(text)
        .chars()
        .filter(|c| *c != '-')
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    match t.as_str() {
        "OO" => Some(true),
        "OOO" => Some(false),
        _ => None,
    }
}

/// Reads a move as SAN. `None` when it does not have the shape of one;
/// `Some(Err)` when it does but names a square the board does not have.
pub(super) fn read_spec(model: &Model, text: &str) -> Option<Result<Spec, MoveError>> {
    let t = bare(text);
    if t.is_empty()
        || !t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "=x:-".contains(c))
    {
        return None;
    }
    let chars: Vec<char> = t.chars().collect();
    let mut end = chars.len();
    let mut promo = None;
    if end >= 2 && chars[end - 2] == '=' && chars[end - 1].is_ascii_alphabetic() {
        promo = Some(chars[end - 1].to_ascii_uppercase());
        end -= 2;
    } else if end >= 2 && chars[end - 1].is_ascii_alphabetic() && chars[end - 2].is_ascii_digit() {
        promo = Some(chars[end - 1].to_ascii_uppercase());
        end -= 1;
    }
    let digits = chars[..end]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || end < digits + 1 || !chars[end - digits - 1].is_ascii_lowercase() {
        return None;
    }
    let sq_start = end - digits - 1;
    let name: String = chars[sq_start..end].iter().collect();
    let mut prefix = &chars[..sq_start];
    if let Some((last, rest)) = prefix.split_last() {
        if matches!(last, 'x' | ':' | '-') {
            prefix = rest;
        }
    }
    let mut letter = None;
    if let Some((first, rest)) = prefix.split_first() {
        if first.is_ascii_uppercase() {
            letter = Some(*first);
            prefix = rest;
        }
    }
    let mut file = None;
    if let Some((first, rest)) = prefix.split_first() {
        if first.is_ascii_lowercase() {
            file = Some(u32::from(*first) - u32::from(b'a'));
            prefix = rest;
        }
    }
    let rank = if prefix.is_empty() {
        None
    } else if prefix.iter().all(char::is_ascii_digit) {
        let r: String = prefix.iter().collect();
        Some(r.parse::<u32>().ok()?.checked_sub(1)?)
    } else {
        return None;
    };
    if letter.is_none() && file.is_some() && rank.is_some() {
        // Two squares: the coordinate notation, read and refused elsewhere.
        return None;
    }
    let b = &model.board;
    let Some(to) = b.parse(&name) else {
        return Some(Err(MoveError::new(
            super::not_a_square(model, &name),
            Some(super::squares_hint(model)),
        )));
    };
    if let Some(f) = file.filter(|&f| f >= b.width) {
        let letter = crate::compile::board::Board::file_name(f);
        // `nf3`: a piece's letter written small.
        let help = match model.piece_by_letter(letter) {
            Some(p) => {
                let t = bare(text);
                format!(
                    "a piece's letter is a capital ({} is the {}): write {}{}",
                    model.pieces[p].letter,
                    model.pieces[p].name,
                    model.pieces[p].letter,
                    t.get(1..).unwrap_or("")
                )
            }
            None => super::squares_hint(model),
        };
        return Some(Err(MoveError::new(
            format!("{letter} is not a file of this board"),
            Some(help),
        )));
    }
    Some(Ok(Spec {
        letter,
        file,
        rank,
        to,
        promo,
    }))
}

/// How many, in words, for a message.
pub(super) fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => n.to_string(),
    }
}

/// A SAN without its check marks.
fn unmarked(pos: &Position, m: Move) -> String {
    san(pos, m).map_or_else(
        || super::move_text(pos, m),
        |s| s.trim_end_matches(['+', '#']).to_string(),
    )
}

/// The castling moves the rules have for the player to move, towards the
/// last file (`east`) or the first: (castling piece's square, its square
/// after castling), whether legal now or not.
pub(super) fn castle_squares(pos: &Position, east: bool) -> Vec<(Sq, Sq)> {
    let model = pos.model();
    let b = &model.board;
    let side = pos.side_to_move();
    let mut out = Vec::new();
    for r in &model.moves {
        let (MoveKind::Castle { steps, .. }, Some(kind)) = (&r.kind, r.piece) else {
            continue;
        };
        for sq in 0..b.len() {
            if pos.piece_at(sq) != Some((kind, side)) {
                continue;
            }
            let Ok(sq) = Sq::try_from(sq) else { continue };
            let c = b.cell(sq);
            let x = if east {
                c.x.checked_add(*steps)
            } else {
                c.x.checked_sub(*steps)
            };
            if let Some(to) = x.and_then(|x| b.at(x, c.y)) {
                out.push((sq, to));
            }
        }
    }
    out
}

/// Plays SAN castling, or says why it cannot be played.
pub(super) fn castle(pos: &Position, text: &str, east: bool) -> Result<Move, MoveError> {
    let model = pos.model();
    let b = &model.board;
    let legal = pos.legal_moves().into_iter().find(|m| {
        is_castle(model, *m)
            && m.from()
                .is_some_and(|f| (b.cell(m.to).x > b.cell(f as Sq).x) == east)
    });
    if let Some(m) = legal {
        return Ok(m);
    }
    let written = bare(text);
    let squares = castle_squares(pos, east);
    let Some(&(from, to)) = squares.first() else {
        return Err(MoveError::new(
            format!("{written}: there is no castling in this game"),
            Some(super::format_hint(pos)),
        ));
    };
    Err(MoveError::new(
        format!("{written}: castling is not allowed now"),
        Some(format!(
            "{}{}: {}",
            b.name(from),
            b.name(to),
            explain::why_not(pos, from, to, None).0
        )),
    ))
}

/// Reads a move written in SAN and checks it is legal here, or says why not.
pub(super) fn parse(pos: &Position, text: &str, spec: &Spec) -> Result<Move, MoveError> {
    let model = pos.model();
    let b = &model.board;
    let written = bare(text);
    let pieces_hint = || {
        let plain = plain_kind(model);
        format!(
            "the letters are {}",
            model
                .pieces
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != plain)
                .map(|(_, p)| format!("{} ({})", p.letter, p.name))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let kind = match spec.letter {
        Some(c) => model.piece_by_letter(c).ok_or_else(|| {
            MoveError::new(
                format!("{written}: no piece has the letter {c}"),
                Some(pieces_hint()),
            )
        })?,
        None => plain_kind(model).ok_or_else(|| {
            MoveError::new(
                format!("{written}: say which piece moves, by its letter"),
                Some(pieces_hint()),
            )
        })?,
    };
    let promo = match spec.promo {
        None => None,
        Some(c) => Some(model.piece_by_letter(c).ok_or_else(|| {
            MoveError::new(
                format!("{written}: no piece has the letter {c}"),
                Some(pieces_hint()),
            )
        })?),
    };
    let name = &model.pieces[kind].name;
    let side = pos.side_to_move();
    let fits_from = |f: Sq| {
        let c = b.cell(f);
        spec.file.is_none_or(|x| x == c.x) && spec.rank.is_none_or(|y| y == c.y)
    };
    let legal = pos.legal_moves();
    let reaching_by = |says: fn(&Model, Move) -> bool| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| {
                m.to == spec.to
                    && says(model, *m)
                    && !is_castle(model, *m)
                    && m.from().is_some_and(|f| {
                        fits_from(f as Sq) && pos.piece_at(f).map(|p| p.0) == Some(kind)
                    })
            })
            .collect()
    };
    let mut reaching = reaching_by(expressible);
    if reaching.is_empty() {
        // A piece that stays and puts another where its move lands, as
        // records before put moves kept their coordinates wrote it
        // (`Qb7`): read so only where no piece of the kind moves there.
        reaching = reaching_by(puts);
    }
    let mut chosen: Vec<Move> = match promo {
        Some(p) => reaching
            .iter()
            .copied()
            .filter(|m| m.promotion() == Some(p))
            .collect(),
        None if reaching.iter().any(|m| m.promotion().is_none()) => reaching
            .iter()
            .copied()
            .filter(|m| m.promotion().is_none())
            .collect(),
        None => reaching.clone(),
    };
    chosen.sort_by_key(|m| (m.from, m.promo));
    let every = chosen.clone();
    chosen.dedup_by_key(|m| (m.from, m.promo));
    let mut froms: Vec<Sq> = chosen.iter().map(|m| m.from).collect();
    froms.sort_unstable();
    froms.dedup();
    if froms.len() > 1 {
        let options: Vec<String> = froms
            .iter()
            .filter_map(|f| chosen.iter().find(|m| m.from == *f))
            .map(|m| unmarked(pos, *m))
            .collect();
        let last = options.len() - 1;
        return Err(MoveError::new(
            format!(
                "{written}: {} {name}s can go to {}",
                count_word(froms.len()),
                b.name(spec.to)
            ),
            Some(format!(
                "write {} or {}",
                options[..last].join(", "),
                options[last]
            )),
        ));
    }
    // Two rules of the piece that make this move doing different things
    // (`a1a2`, `a1a2/2`): SAN cannot say which.
    if let Some(pair) = every
        .windows(2)
        .find(|w| (w[0].from, w[0].promo) == (w[1].from, w[1].promo))
    {
        let options: Vec<String> = every
            .iter()
            .filter(|m| (m.from, m.promo) == (pair[0].from, pair[0].promo))
            .map(|m| super::move_text(pos, *m))
            .collect();
        return Err(MoveError::new(
            format!("{written}: two rules of the {name} make this move, doing different things"),
            Some(format!("write which: {}", options.join(" or "))),
        ));
    }
    match chosen.len() {
        1 => return Ok(chosen[0]),
        0 => {}
        _ => {
            let options: Vec<String> = chosen.iter().map(|m| unmarked(pos, *m)).collect();
            return Err(MoveError::new(
                format!("{written}: this move promotes: say to what"),
                Some(format!("play {}", options.join(" or "))),
            ));
        }
    }
    if let (Some(p), false) = (promo, reaching.is_empty()) {
        let options: Vec<String> = reaching.iter().map(|m| unmarked(pos, *m)).collect();
        return Err(MoveError::new(
            format!(
                "{written}: this move cannot promote to {}",
                model.pieces[p].name
            ),
            Some(format!("play {}", options.join(" or "))),
        ));
    }
    if let Some(e) = super::over(pos) {
        return Err(e);
    }
    // Nothing of that kind can go there: say why, for the pieces meant.
    let mine: Vec<Sq> = (0..b.len())
        .filter_map(|sq| Sq::try_from(sq).ok())
        .filter(|&sq| pos.piece_at(sq.into()) == Some((kind, side)) && fits_from(sq))
        .collect();
    if spec.file.is_some() && spec.rank.is_some() {
        if let [from] = mine[..] {
            let (message, help) = explain::why_not(pos, from, spec.to, promo);
            return Err(MoveError::new(format!("{written}: {message}"), help));
        }
    }
    let player = &model.players[side].name;
    // A piece written without its letter and file (`e4`) is meant to come
    // from the file it goes to, where one stands there.
    let meant: Vec<Sq> = if spec.letter.is_none() && spec.file.is_none() {
        let column = b.cell(spec.to).x;
        let on_file: Vec<Sq> = mine
            .iter()
            .copied()
            .filter(|&f| b.cell(f).x == column)
            .collect();
        if on_file.is_empty() {
            mine.clone()
        } else {
            on_file
        }
    } else {
        mine.clone()
    };
    let help = match meant[..] {
        [] => format!("{player} has no {name} there"),
        [one] => {
            let (message, how) = explain::why_not(pos, one, spec.to, promo);
            match how {
                Some(how) => format!("the {name} on {}: {message}; {how}", b.name(one)),
                None => format!("the {name} on {}: {message}", b.name(one)),
            }
        }
        // Several: how the piece moves, once.
        [first, ..] => explain::why_not(pos, first, spec.to, promo)
            .1
            .unwrap_or_else(|| format!("none of {player}'s {name}s can go there")),
    };
    let castles = castle_squares(pos, true)
        .into_iter()
        .chain(castle_squares(pos, false))
        .any(|(f, t)| t == spec.to && pos.piece_at(f.into()).map(|p| p.0) == Some(kind));
    Err(MoveError::new(
        format!("{written}: no {name} can move to {}", b.name(spec.to)),
        Some(if castles {
            format!("{help}; castling is written O-O or O-O-O")
        } else {
            help
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Model {
        crate::build::compile_str("chess.lud", include_str!("../../games/chess.lud"))
            .unwrap()
            .model()
            .clone()
    }

    fn spec(model: &Model, text: &str) -> Option<Spec> {
        read_spec(model, text).map(|r| r.unwrap())
    }

    #[test]
    fn san_is_split_into_its_parts() {
        let m = chess();
        let sq = |s: &str| m.board.parse(s).unwrap();
        assert_eq!(
            spec(&m, "Nbd2"),
            Some(Spec {
                letter: Some('N'),
                file: Some(1),
                rank: None,
                to: sq("d2"),
                promo: None
            })
        );
        assert_eq!(
            spec(&m, "R1a3+"),
            Some(Spec {
                letter: Some('R'),
                file: None,
                rank: Some(0),
                to: sq("a3"),
                promo: None
            })
        );
        assert_eq!(
            spec(&m, "exd8=Q#"),
            Some(Spec {
                letter: None,
                file: Some(4),
                rank: None,
                to: sq("d8"),
                promo: Some('Q')
            })
        );
        assert_eq!(spec(&m, "d8q").map(|s| s.promo), Some(Some('Q')));
        assert_eq!(
            spec(&m, "Qh4xe1").map(|s| (s.file, s.rank)),
            Some((Some(7), Some(3)))
        );
        // Two squares and no letter: the coordinate notation, not SAN.
        assert_eq!(spec(&m, "e2e4"), None);
        for not_san in ["", "hello", "xyz", "Nf", "N-", "e4e5e", "@d1", "Nf3,c6"] {
            assert_eq!(spec(&m, not_san), None, "{not_san}");
        }
        let err = read_spec(&m, "Nz9").unwrap().unwrap_err();
        assert_eq!(err.message, "z9 is not a square of this board");
    }

    #[test]
    fn castling_is_read_with_letters_or_zeros() {
        assert_eq!(castle_side("O-O"), Some(true));
        assert_eq!(castle_side("0-0+"), Some(true));
        assert_eq!(castle_side("o-o-o"), Some(false));
        assert_eq!(castle_side("0-0-0#"), Some(false));
        assert_eq!(castle_side("O-O-O-O"), None);
        assert_eq!(castle_side("0-1"), None);
    }

    #[test]
    fn the_plain_kind_is_the_one_that_promotes() {
        let m = chess();
        assert_eq!(
            plain_kind(&m).map(|k| m.pieces[k].name.as_str()),
            Some("Pawn")
        );
        assert!(writes_san(&m));
        let kings = crate::build::compile_str("t.lud", crate::EXAMPLE)
            .unwrap()
            .model()
            .clone();
        assert_eq!(plain_kind(&kings), None);
    }
}
