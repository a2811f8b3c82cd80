//! What keeps a game from being lost: the game in progress, printed and
//! written however `lud play` stops (its end, `quit`, the end of input,
//! Ctrl-C, even an internal error of the engine).

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use crate::record::Record;

/// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
const EXIT_INTERRUPTED: i32 = 130;

/// A game in progress: what is printed and saved however it stops.
pub(super) struct Session {
    /// The record so far.
    pub(super) rec: Record,
    /// The position string of where the game stands.
    pub(super) position: String,
    /// Where to write the record.
    pub(super) path: Option<PathBuf>,
    /// The record has been printed and written: nothing more to do.
    pub(super) done: bool,
}

/// The game in progress, for the Ctrl-C handler and the panic hook.
static SESSION: Mutex<Option<Session>> = Mutex::new(None);

impl Session {
    /// Prints where the game stands, the result and the record, and writes
    /// the record; whether it was written (or not asked for).
    pub(super) fn conclude(&mut self, result: &str, line: &str) -> bool {
        self.done = true;
        self.rec.set_tag("Result", result);
        outln!("Position: {}", self.position);
        outln!("Result: {line}");
        let text = self.rec.to_text();
        outln!("\n{text}");
        crate::cli::io::flush_out();
        match &self.path {
            Some(path) => match crate::cli::io::write_atomic(path, text.as_bytes()) {
                Ok(()) => true,
                Err(e) => {
                    eoutln!("error: cannot write the record to {}: {e}", path.display());
                    false
                }
            },
            None => true,
        }
    }
}

/// Makes `s` the game in progress.
pub(super) fn begin(s: Session) {
    *SESSION.lock().unwrap_or_else(PoisonError::into_inner) = Some(s);
}

/// Runs `f` on the game in progress, if there is one not yet concluded
/// (even if a panic poisoned the lock).
pub(super) fn with_session(f: impl FnOnce(&mut Session)) {
    let mut guard = SESSION.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(s) = guard.as_mut().filter(|s| !s.done) {
        f(s);
    }
}

/// Ctrl-C and internal errors: the game so far is printed and saved.
pub(super) fn install_handlers() {
    // Ctrl-C: save, then end as a shell expects.
    let _ = ctrlc::set_handler(|| {
        with_session(|s| {
            outln!("\nThe game is interrupted (Ctrl-C).");
            s.conclude("*", "unfinished (*)");
        });
        crate::cli::io::flush_out();
        std::process::exit(EXIT_INTERRUPTED);
    });
    // A panic (a bug): the hook runs before the abort (release builds abort
    // on panic), so the game is saved first.
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        let Ok(mut guard) = SESSION.try_lock().or_else(|e| match e {
            std::sync::TryLockError::Poisoned(p) => Ok(p.into_inner()),
            std::sync::TryLockError::WouldBlock => Err(()),
        }) else {
            return;
        };
        if let Some(s) = guard.as_mut().filter(|s| !s.done) {
            eoutln!("error: lud stopped on an internal error; the game so far is kept");
            outln!("\nThe game is stopped by an internal error.");
            s.conclude("*", "unfinished (*)");
        }
    }));
}
