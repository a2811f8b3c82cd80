//! A game of computers, shown as it is played: each ply on one line of the
//! terminal (stderr), redrawn in place, so a long game is not silent. Off
//! when stderr is not a terminal (indicatif draws nothing there).

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The line that shows the plies as they are played.
pub(super) struct Shown {
    bar: ProgressBar,
    started: Instant,
}

impl Shown {
    /// A spinner on stderr (hidden when stderr is not a terminal).
    pub(super) fn new() -> Shown {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message("the first move...");
        bar.enable_steady_tick(Duration::from_millis(200));
        Shown {
            bar,
            started: Instant::now(),
        }
    }

    /// A ply was played: its line.
    pub(super) fn ply(&self, line: &str) {
        self.bar.inc(1);
        self.bar.set_message(line.to_string());
    }

    /// The game is over: the line is cleared, and how long it took is said.
    pub(super) fn finish(&self) {
        if !self.bar.is_hidden() {
            self.bar.finish_and_clear();
            eoutln!(
                "{} plies in {:.1} s",
                self.bar.position(),
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}
