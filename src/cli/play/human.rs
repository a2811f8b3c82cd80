//! The human at the keyboard: the prompt, the commands (`help`, `moves`,
//! `board`, `flip`, `hint`, `undo`, `redo`, `draw`, `resign`, `quit`), and
//! typed moves read with the reason one is refused.

use std::fmt::Write as _;
use std::io::BufRead;

use super::table::Table;
use crate::ai;
use crate::draw;
use crate::game::Position;
use crate::input::{read_line, Line, MAX_LINE_BYTES, MAX_SKIPPED_BYTES};
use crate::notation::{move_help, move_text, parse_move, texts_of};

/// The most lines read in one turn without a move before the game stops
/// (input that is not someone typing, such as `/dev/urandom` or `yes`).
pub(crate) const MAX_LINES_PER_TURN: u32 = 100;

/// The commands, as `help` lists them.
const COMMANDS: &[(&str, &str)] = &[
    ("moves", "list the legal moves"),
    ("hint", "the computer's suggestion, with how it judges it"),
    (
        "undo",
        "take back the last move (against the computer: your move and its reply)",
    ),
    ("redo", "play again what `undo` took back"),
    ("flip", "turn the board round"),
    ("board", "show the board again"),
    ("draw", "offer a draw"),
    ("resign", "give up: the game is lost"),
    (
        "quit",
        "stop here, unfinished (the record is still printed)",
    ),
];

/// What the human answered.
pub(super) enum Asked {
    /// A legal move.
    Move(crate::Move),
    /// Take back a turn.
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Offer a draw.
    OfferDraw,
    /// Give up.
    Resign,
    /// `quit` or `exit`: stop, unfinished.
    Quit,
    /// The end of input.
    End,
    /// The input cannot be read as typed lines (why).
    Fail(String),
}

/// What a typed line is, before it is read as a move.
enum Typed {
    /// Nothing but spaces.
    Blank,
    /// A line.
    Text(String),
    /// The input ended.
    End,
    /// The input cannot be read (why).
    Fail(String),
}

/// Reads one line for `example`'s sake, saying why a line is refused.
fn typed(input: &mut impl BufRead, example: &str) -> Typed {
    match read_line(input, MAX_LINE_BYTES) {
        Ok(Line::Text(t)) if t.trim().is_empty() => Typed::Blank,
        Ok(Line::Text(t)) => Typed::Text(t.trim().to_string()),
        Ok(Line::End) => Typed::End,
        Ok(Line::NotText) => {
            outln!("Refused: that line is not UTF-8 text; type a move such as {example}.");
            Typed::Blank
        }
        Ok(Line::TooLong) => {
            outln!(
                "Refused: a line of more than {MAX_LINE_BYTES} bytes; a move is a few letters, such as {example}."
            );
            Typed::Blank
        }
        Ok(Line::Flood) => Typed::Fail(format!(
            "more than {} MiB of input without a line break",
            MAX_SKIPPED_BYTES >> 20
        )),
        Err(e) => Typed::Fail(format!("cannot read the input: {e}")),
    }
}

/// A legal move here as an example, so it is never misleading.
fn example(pos: &Position) -> String {
    pos.legal_moves()
        .first()
        .map_or_else(|| "e2e3".to_string(), |&m| move_text(pos, m))
}

/// The prompt: "12. White to move (in check) (e.g. e2e3, or help): ",
/// "12... Black to move ...", "12. White goes on (e.g. d5d1, or help): " in
/// a part of a turn. `number` is the move's number.
pub(super) fn prompt(pos: &Position, number: u32, example: &str) -> String {
    let model = pos.model();
    let check = if model.has_royal() && pos.in_check() {
        " (in check)"
    } else {
        ""
    };
    let side = pos.side_to_move();
    let what = if pos.mid_turn() { "goes on" } else { "to move" };
    format!(
        "{number}{} {} {what}{check} (e.g. {example}, or help): ",
        if side == 0 { "." } else { "..." },
        model.players[side].name
    )
}

/// The line that says what the phase asks for, if the game is in one.
fn phase_task(pos: &Position) -> Option<String> {
    let ph = pos.phase()?;
    let nth = if ph.moves_each > 1 {
        let done = ph.moves_each - pos.phase_moves_left().min(ph.moves_each);
        format!(", move {} of {}", done + 1, ph.moves_each)
    } else {
        String::new()
    };
    let what = ph.prompt.as_deref().unwrap_or("make a move of the phase");
    Some(format!("The {} phase{nth}: {what}.", ph.name))
}

/// What a human reads before the first move: the key to the board and how
/// to ask for help.
pub(super) fn help_intro(pos: &Position) -> String {
    let mut s = draw::legend(pos.model());
    s.push_str("Parentheses ( ) show the last move. Type `help` for the commands.\n");
    s
}

/// The help: the key to the board, how to type a move, the commands.
pub(super) fn help(pos: &Position) -> String {
    let mut s = draw::legend(pos.model());
    s.push_str("Parentheses ( ) show the last move: where it came from and where it went.\n");
    for line in move_help(pos) {
        let _ = writeln!(s, "{line}");
    }
    s.push_str("Commands:\n");
    for (c, what) in COMMANDS {
        let _ = writeln!(s, "  {c:<7} {what}");
    }
    s
}

/// The computer's suggestion for the player to move, in words.
pub(super) fn hint(pos: &Position, settings: ai::Settings, rng: &mut fastrand::Rng) -> String {
    let choice = ai::think(pos, settings, rng);
    let Some(m) = choice.best else {
        return "There is no move to suggest.".into();
    };
    let who = &pos.model().players[pos.side_to_move()].name;
    let judged = match choice.score {
        ai::Score::Balance(v) if v.abs() < 10 => format!("{who} is about even"),
        ai::Score::Balance(v) => format!(
            "{who} is {} {}.{:02} on the computer's evaluation",
            if v > 0 { "ahead by" } else { "behind by" },
            v.abs() / 100,
            v.abs() % 100
        ),
        ai::Score::WinIn(n) => format!("{who} wins by force within {}", plies(n)),
        ai::Score::LossIn(n) => format!(
            "{who} loses by force within {}, whatever it plays",
            plies(n)
        ),
    };
    let (text, coords) = super::table::written(pos, m);
    let coords = coords.map_or_else(String::new, |c| format!("{c}; "));
    format!(
        "Hint: {text} ({coords}{judged}; looked {} ahead).",
        plies(choice.depth)
    )
}

/// "1 ply", "4 plies".
fn plies(n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

/// Asks the human for a move or a command that ends the turn; commands
/// that do not (`help`, `moves`, `board`, `flip`, `hint`) are answered here.
pub(super) fn ask(
    table: &mut Table,
    input: &mut impl BufRead,
    settings: ai::Settings,
    rng: &mut fastrand::Rng,
) -> Asked {
    let example = example(&table.pos);
    if let Some(task) = phase_task(&table.pos) {
        outln!("{task}");
    }
    if let Some(task) = crate::explain::part_task(&table.pos) {
        outln!("{task}");
    }
    let mut lines = 0u32;
    loop {
        if lines >= MAX_LINES_PER_TURN {
            return Asked::Fail(format!(
                "{MAX_LINES_PER_TURN} lines in a row without a move; is the input someone typing?"
            ));
        }
        lines += 1;
        out!("{}", prompt(&table.pos, table.move_number(), &example));
        crate::cli::io::flush_out();
        let t = match typed(input, &example) {
            Typed::Blank => continue,
            Typed::Text(t) => t,
            Typed::End => return Asked::End,
            Typed::Fail(why) => return Asked::Fail(why),
        };
        match t.to_lowercase().as_str() {
            "quit" | "exit" => return Asked::Quit,
            "resign" => return Asked::Resign,
            "undo" | "takeback" | "back" => return Asked::Undo,
            "redo" => return Asked::Redo,
            "draw" => return Asked::OfferDraw,
            "moves" => {
                let all = texts_of(&table.pos, &table.pos.legal_moves());
                outln!("{}", all.join(" "));
                continue;
            }
            "help" | "?" => {
                out!("{}", help(&table.pos));
                continue;
            }
            "board" => {
                out!("{}", draw::board_view(&table.pos, table.view()));
                continue;
            }
            "flip" => {
                table.flipped = !table.flipped;
                out!("{}", draw::board_view(&table.pos, table.view()));
                continue;
            }
            "hint" => {
                outln!("{}", hint(&table.pos, settings, rng));
                continue;
            }
            _ => {}
        }
        match parse_move(&table.pos, &t) {
            Ok(m) => return Asked::Move(m),
            Err(e) => {
                outln!("Refused: {}.", e.message);
                if let Some(h) = e.help {
                    outln!("  {h}");
                }
            }
        }
    }
}

/// Asks a player a yes-or-no question; `None` at the end of input.
pub(super) fn yes_or_no(input: &mut impl BufRead, question: &str) -> Option<bool> {
    for _ in 0..MAX_LINES_PER_TURN {
        out!("{question} (yes or no): ");
        crate::cli::io::flush_out();
        match typed(input, "yes") {
            Typed::Blank => {}
            Typed::Text(t) => match t.to_lowercase().as_str() {
                "y" | "yes" => return Some(true),
                "n" | "no" => return Some(false),
                _ => outln!("Refused: answer yes or no."),
            },
            Typed::End | Typed::Fail(_) => return None,
        }
    }
    None
}

/// Asks once the game is over whether to take a turn back; true for `undo`.
pub(super) fn undo_after_end(input: &mut impl BufRead) -> bool {
    out!("The game is over: `undo` takes back a turn; Enter (or anything else) finishes: ");
    crate::cli::io::flush_out();
    matches!(typed(input, "undo"), Typed::Text(t) if matches!(t.to_lowercase().as_str(), "undo" | "takeback" | "back"))
}
