//! Engine protocols, so that chess GUIs and match tools can drive lud:
//! `lud uci` ([`uci`]) and `lud xboard` ([`xboard`], CECP version 2).
//!
//! What they share is here: which games the protocols can express
//! ([`unsupported`]), moves in the protocols' coordinate notation (a whole
//! turn as one move: [`turn_text`], [`parse_turn`]), the lines read from
//! stdin on a thread of their own ([`Event`]), and the search on another
//! thread, so that `stop`, `?` and `quit` are heard while it thinks
//! ([`Thinking`]).
//!
//! A move is written as UCI and XBoard write it: from-square, to-square, the
//! small letter of a promotion (`e7e8q`); a drop as the piece's letter, `@`
//! and the square (`P@e4`); a pass as `0000` (UCI) or `@@@@` (XBoard). A
//! turn in parts (`(continue ...)`) is its parts joined by commas, each from
//! where the piece stands, as Fairy-Stockfish writes a move and the arrow it
//! shoots:
//! `d1d7,d7g7`. XBoard numbers the ranks of a board of ten or more ranks from
//! 0 (`a0`); UCI from 1, as lud does.

pub(super) mod uci;
pub(super) mod xboard;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::Arc;

use crate::ai::{self, Control, Progress, Settings};
use crate::compile::board::Sq;
use crate::compile::model::{Model, MoveKind};
use crate::game::{Game, Position};
use crate::input::{read_line, Line};

/// The longest line a protocol session takes, in bytes: a position with
/// every move of a long game (`position startpos moves ...`, some thousand
/// plies of a few bytes each) fits with room to spare.
const MAX_LINE_BYTES: usize = 1 << 20;
use crate::moves::Move;

/// Which protocol's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    /// UCI: ranks from 1, a pass is `0000`.
    Uci,
    /// XBoard: ranks from 0 on boards of ten ranks or more, a pass is `@@@@`.
    Xboard,
}

/// Why the protocols cannot play this game, if they cannot: more or fewer
/// than two players, or moves their notation has no way to write (or to
/// tell apart).
pub(super) fn unsupported(game: &Game) -> Option<String> {
    let model = game.model();
    let players = model.players.len();
    if players != 2 {
        return Some(format!(
            "the protocol is for games of two players, and this game has {players}"
        ));
    }
    for rule in &model.moves {
        let what = match &rule.kind {
            _ if rule.stay => Some("captures without moving (`d8xe7`)"),
            MoveKind::Remove(_) => Some("pieces removed from the board (`xd5`)"),
            MoveKind::CaptureJump { again, takes, .. } if *again || !*takes => {
                Some("series of jumps (`c3e5c7`)")
            }
            _ => None,
        };
        if let Some(what) = what {
            return Some(format!(
                "its moves include {what}, which UCI and XBoard have no notation for (the rule `{}`)",
                rule.text
            ));
        }
    }
    if game.has_alike_rules() {
        return Some(
            "two of its rules make moves that read alike (the same piece put on the same square, `@b2` and `@b2/2`, or a piece moved between the same squares doing different things, `a1a2` and `a1a2/2`), which UCI and XBoard have no notation to tell apart"
                .into(),
        );
    }
    None
}

/// The variant name a game goes by: its name in small letters, spaces as `-`.
pub(super) fn variant_name(model: &Model) -> String {
    model
        .name
        .trim()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

/// A square's name in the protocol's notation.
fn square(model: &Model, sq: usize, d: Dialect) -> String {
    let b = &model.board;
    let sq = Sq::try_from(sq).unwrap_or(Sq::MAX);
    if d == Dialect::Xboard && b.height > 9 {
        let c = b.cell(sq);
        format!("{}{}", crate::compile::board::Board::file_name(c.x), c.y)
    } else {
        b.name(sq)
    }
}

/// One part of a turn in the protocol's notation.
pub(super) fn part_text(pos: &Position, m: Move, d: Dialect) -> String {
    let model = pos.model();
    if m.is_pass() {
        return match d {
            Dialect::Uci => "0000".into(),
            Dialect::Xboard => "@@@@".into(),
        };
    }
    let rule = model.moves.get(m.rule());
    let Some(from) = m.from() else {
        return match rule.map(|r| &r.kind) {
            Some(MoveKind::Drop { piece, .. }) => format!(
                "{}@{}",
                model.pieces[*piece].letter.to_ascii_uppercase(),
                square(model, m.to(), d)
            ),
            _ => format!("x{}", square(model, m.to(), d)),
        };
    };
    let mut s = format!("{}{}", square(model, from, d), square(model, m.to(), d));
    if let Some(p) = m.promotion() {
        s.push(model.pieces[p].letter.to_ascii_lowercase());
    }
    if let Some(x) = m.extra() {
        s.push(',');
        s.push_str(&square(model, m.to(), d));
        s.push_str(&square(model, x, d));
    }
    s
}

/// A whole turn, its parts played from `pos`, as one move.
pub(super) fn turn_text(pos: &Position, parts: &[Move], d: Dialect) -> String {
    let mut cur = pos.clone();
    let mut texts = Vec::new();
    for (i, &m) in parts.iter().enumerate() {
        // A pass that ends a turn early is not written.
        if !(i > 0 && m.is_pass()) {
            texts.push(part_text(&cur, m, d));
        }
        cur.play_unchecked(m);
    }
    texts.join(",")
}

/// The principal variation as moves of whole turns (an unfinished last turn
/// left out).
pub(super) fn pv_texts(pos: &Position, pv: &[Move], d: Dialect) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = pos.clone();
    let mut start = cur.clone();
    let mut parts = Vec::new();
    for &m in pv {
        if !cur.legal_moves().contains(&m) {
            break;
        }
        parts.push(m);
        cur.play_unchecked(m);
        if !cur.mid_turn() {
            out.push(turn_text(&start, &parts, d));
            parts.clear();
            start.clone_from(&cur);
        }
    }
    out
}

/// Reads a whole turn written in the protocol's notation: its parts, each
/// legal where it is played, or why the text is not a legal turn here.
/// `lenient` (XBoard) also takes a move whose promotion letter is missing
/// or not the game's, when its squares name one legal move.
pub(super) fn parse_turn(
    pos: &Position,
    text: &str,
    d: Dialect,
    lenient: bool,
) -> Result<Vec<Move>, String> {
    if let Some(o) = pos.outcome() {
        return Err(format!(
            "the game is over: {}",
            crate::draw::outcome_text(pos.model(), &o)
        ));
    }
    let want = text.trim().to_lowercase();
    let mut rest = want.as_str();
    let mut cur = pos.clone();
    let mut parts = Vec::new();
    loop {
        let legal = cur.legal_moves();
        // The longest part text the rest starts with (a part may have a
        // comma of its own: an extra square).
        let found = legal
            .iter()
            .map(|&m| (m, part_text(&cur, m, d).to_lowercase()))
            .filter(|(_, t)| rest == t || rest.starts_with(&format!("{t},")))
            .max_by_key(|(_, t)| t.len());
        let (m, len) = match found {
            Some((m, t)) => (m, t.len()),
            None if parts.is_empty() => match lenient_move(&cur, &legal, rest, d, lenient) {
                Some(m) => (m, rest.len()),
                None => return Err(refusal(&cur, rest, d)),
            },
            None => {
                return Err(format!(
                    "the turn cannot go on with {rest}: it goes on with one of {}",
                    list(&cur, &legal, d)
                ))
            }
        };
        parts.push(m);
        cur.play_unchecked(m);
        rest = rest[len..].trim_start_matches(',');
        if !cur.mid_turn() || cur.outcome().is_some() {
            if rest.is_empty() {
                return Ok(parts);
            }
            return Err(format!(
                "the turn is over after {}",
                &want[..want.len() - rest.len()].trim_end_matches(',')
            ));
        }
        if rest.is_empty() {
            // The turn may end here if a pass ends it.
            let legal = cur.legal_moves();
            if let Some(&p) = legal.iter().find(|m| m.is_pass()) {
                parts.push(p);
                return Ok(parts);
            }
            return Err(format!(
                "the turn is not over: write its next part after a comma, one of {}",
                list(&cur, &legal, d)
            ));
        }
    }
}

/// Some of the moves, for a message.
fn list(pos: &Position, legal: &[Move], d: Dialect) -> String {
    let mut texts: Vec<String> = legal
        .iter()
        .take(8)
        .map(|&m| part_text(pos, m, d))
        .collect();
    if legal.len() > 8 {
        texts.push("...".into());
    }
    texts.join(" ")
}

/// XBoard's leniency: the one legal move between the squares typed,
/// whatever promotion letter follows them.
fn lenient_move(
    pos: &Position,
    legal: &[Move],
    text: &str,
    d: Dialect,
    lenient: bool,
) -> Option<Move> {
    if !lenient {
        return None;
    }
    let same: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            let t = part_text(pos, m, d).to_lowercase();
            m.promotion().is_some()
                && text.len() >= t.len() - 1
                && text.starts_with(&t[..t.len() - 1])
        })
        .collect();
    match same[..] {
        [m] => Some(m),
        _ => None,
    }
}

/// Why a move is refused, in lud's words: the text turned into lud's own
/// notation (a drop without its letter where the game drops one kind, ranks
/// from 1) and read by [`crate::notation::parse_move`].
fn refusal(pos: &Position, text: &str, d: Dialect) -> String {
    let model = pos.model();
    let first = text.split(',').next().unwrap_or(text);
    // A pass first: XBoard's `@@@@` holds an `@` too.
    let mut lud = match first.split_once('@') {
        _ if first == "0000" || first == "@@@@" => "pass".into(),
        Some((letter, sq)) if crate::notation::drops_name_pieces(model) => {
            format!("{letter}@{sq}")
        }
        Some((_, sq)) => format!("@{sq}"),
        None => first.to_string(),
    };
    if d == Dialect::Xboard && model.board.height > 9 {
        lud = shift_ranks(&lud);
    }
    match crate::notation::parse_move(pos, &lud) {
        Err(e) => e.message,
        Ok(m) => format!("it is written {}", part_text(pos, m, d)),
    }
}

/// XBoard's square names (ranks from 0) as lud's (ranks from 1).
fn shift_ranks(text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if let Ok(n) = digits.parse::<u32>() {
            out.push_str(&(n + 1).to_string());
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// What the main loop of a protocol waits for.
pub(super) enum Event {
    /// A line from the GUI.
    Line(String),
    /// A line that could not be read (not text, or too long): skipped.
    Bad(&'static str),
    /// The end of the input.
    End,
    /// A search is over: the parts of the turn it chose (empty if none).
    Done(Vec<Move>),
}

/// How many events wait between the input and the main loop: a GUI that
/// writes faster than the engine reads waits, and memory stays bounded.
pub(super) const QUEUE: usize = 256;

/// The most lines kept while a search is waited for; those past it are
/// skipped (counted), but for a `quit`, an urgent word and the input's end.
const MAX_PENDING: usize = 4096;

/// Waits for the search under way to send its turn, keeping the events
/// that come first in `pending` (at most [`MAX_PENDING`]). A line that is
/// one of `urgent` (`quit`, xboard's `?`) stops the search at once. The
/// turn (None if the search is gone), and how many lines were skipped.
pub(super) fn wait_for_turn(
    rx: &Receiver<Event>,
    thinking: &Thinking,
    pending: &mut VecDeque<Event>,
    urgent: &[&str],
) -> (Option<Vec<Move>>, usize) {
    let mut skipped = 0;
    loop {
        match rx.recv() {
            Ok(Event::Done(parts)) => return (Some(parts), skipped),
            Ok(e) => {
                let keep = match &e {
                    Event::Line(l) if l.trim() == "quit" || urgent.contains(&l.trim()) => {
                        thinking.stop();
                        true
                    }
                    Event::End => true,
                    _ => pending.len() < MAX_PENDING,
                };
                if keep {
                    pending.push_back(e);
                } else {
                    skipped += 1;
                }
            }
            Err(_) => return (None, skipped),
        }
    }
}

/// Reads stdin line by line on a thread of its own, sending each to `tx`.
pub(super) fn read_lines(tx: SyncSender<Event>) {
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            loop {
                let event = match read_line(&mut input, MAX_LINE_BYTES) {
                    Ok(Line::Text(t)) => Event::Line(t),
                    Ok(Line::NotText) => Event::Bad("a line that is not UTF-8 text"),
                    Ok(Line::TooLong) => Event::Bad("a line too long"),
                    Ok(Line::End | Line::Flood) | Err(_) => Event::End,
                };
                let end = matches!(event, Event::End);
                if tx.send(event).is_err() || end {
                    break;
                }
            }
        });
    if spawned.is_err() {
        eoutln!("error: cannot start a thread to read the input");
    }
}

/// A reporter of a search's iterations: the root position and where the
/// search stands.
pub(super) type Reporter = Box<dyn FnMut(&Position, &Progress) + Send>;

/// A search running on its own thread.
pub(super) struct Thinking {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Thinking {
    /// Starts a search of `pos` within `settings`; each iteration of its
    /// first part goes to `report`, and the turn chosen to `tx`.
    pub(super) fn start(
        pos: &Position,
        settings: Settings,
        memory: Arc<ai::Memory>,
        mut report: Reporter,
        tx: SyncSender<Event>,
    ) -> Thinking {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let root = pos.clone();
        let failed = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(crate::perft::stack_size(
                settings.max_depth.saturating_mul(4),
            ))
            .spawn(move || {
                // A search that panics (an engine bug, said on stderr)
                // still ends, with no move, so the session never hangs
                // (the release build aborts instead: the GUI sees the
                // engine go).
                let parts = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    search(&root, settings, &flag, &memory, &mut report)
                }))
                .unwrap_or_default();
                let _ = tx.send(Event::Done(parts));
            });
        match spawned {
            Ok(h) => Thinking {
                stop,
                handle: Some(h),
            },
            Err(_) => {
                eoutln!("error: cannot start a thread to search");
                let _ = failed.send(Event::Done(Vec::new()));
                Thinking { stop, handle: None }
            }
        }
    }

    /// Asks the search to stop (it still sends the turn it chose).
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the thread to end (after its [`Event::Done`] was received).
    pub(super) fn join(mut self) {
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// The turn the computer chooses: each part searched in turn (the first
/// reported), stopped by `stop`.
fn search(
    root: &Position,
    settings: Settings,
    stop: &AtomicBool,
    memory: &ai::Memory,
    report: &mut Reporter,
) -> Vec<Move> {
    let mut rng = fastrand::Rng::with_seed(0);
    let mut parts = Vec::new();
    let mut cur = root.clone();
    loop {
        let legal = cur.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Only the first part's iterations are reported.
        let mut rep = |p: &Progress| report(root, p);
        let choice = ai::think_with(
            &cur,
            settings,
            &mut rng,
            Control {
                stop: Some(stop),
                report: if parts.is_empty() {
                    Some(&mut rep)
                } else {
                    None
                },
                memory: Some(memory),
            },
        );
        let Some(m) = choice.best.or_else(|| legal.first().copied()) else {
            break;
        };
        parts.push(m);
        cur.play_unchecked(m);
        if !cur.mid_turn() || cur.outcome().is_some() {
            break;
        }
    }
    parts
}

/// A score as UCI writes it: `cp X` or `mate N` (moves, negative when the
/// side to move is mated).
pub(super) fn uci_score(score: ai::Score) -> String {
    match score {
        ai::Score::Balance(v) => format!("cp {v}"),
        ai::Score::WinIn(p) => format!("mate {}", p.div_ceil(2).max(1)),
        ai::Score::LossIn(p) => format!("mate -{}", p.div_ceil(2).max(1)),
    }
}

/// The game compiled again for a configuration, or what is wrong, in one line.
pub(super) fn compile(
    path: &std::path::Path,
    config: &crate::compile::options::Config,
) -> Result<crate::game::Game, String> {
    use crate::compile::{read_source, CompileError, ReadError};
    let source = read_source(path).map_err(|e| match e {
        ReadError::Io { path, error } => format!("cannot read {path}: {error}"),
        ReadError::Bad(d) => format!("{} has {} error(s)", path.display(), d.error_count()),
    })?;
    crate::build::compile_with(&source, config).map_err(|e| match e {
        CompileError::Source(d) => format!(
            "{} has {} error(s) under this configuration",
            path.display(),
            d.error_count()
        ),
        CompileError::Config(e) => e.to_string(),
    })
}

/// A position string with the side to move written as a GUI writes it in a
/// FEN, `w` for the first player and `b` for the second, in a game of two
/// players, rewritten as lud reads it (the player's number): lud alone would
/// read `b` as the first player where the first is called Black.
fn fen_side(game: &crate::game::Game, text: &str) -> String {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if game.model().players.len() == 2 {
        if let Some(side) = fields.get_mut(1) {
            match *side {
                "w" => *side = "1",
                "b" => *side = "2",
                _ => {}
            }
        }
    }
    fields.join(" ")
}

/// A position read from a protocol's position string, or what is wrong
/// with it, in one line.
pub(super) fn read_position(game: &crate::game::Game, text: &str) -> Result<Position, String> {
    game.position(&fen_side(game, text))
        .map_err(|e| match &e.help {
            Some(h) => format!("{e}; {h}"),
            None => e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::shift_ranks;

    #[test]
    fn ranks_from_zero_read_as_from_one() {
        assert_eq!(shift_ranks("a0a9"), "a1a10");
        assert_eq!(shift_ranks("e3e4q"), "e4e5q");
    }
}
