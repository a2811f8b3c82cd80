//! Progress on stderr for the long commands (`perft`, `bench`), drawn with
//! indicatif. It shows only when stderr is a terminal (indicatif's stderr
//! target is hidden otherwise, and nothing at all is written to a pipe or a
//! file) and `--quiet` is not given. The figures come from the library's
//! progress counters (`perft::Progress`, `bench::Progress`: atomics the
//! workers add to); a thread here reads them ten times a second, so the
//! workers never wait on the display.

use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the bar is brought up to date (it is first drawn at the start).
const POLL: Duration = Duration::from_millis(100);

/// A progress bar on stderr, to be drawn while some work runs.
pub(super) struct Bar {
    bar: ProgressBar,
    /// Whether to draw it: stderr is a terminal and `--quiet` was not given.
    shown: bool,
}

impl Bar {
    /// A bar with `template` (indicatif's template language); `first` sets
    /// what it shows before its first update.
    pub(super) fn new(quiet: bool, template: &str, first: impl FnOnce(&ProgressBar)) -> Self {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        // Hidden until the work starts (then on stderr).
        let bar = ProgressBar::hidden().with_style(style);
        first(&bar);
        Bar {
            bar,
            shown: !quiet && !ProgressDrawTarget::stderr().is_hidden(),
        }
    }

    /// Runs `work` while a thread calls `update` on the bar every [`POLL`]
    /// and draws it; the bar is cleared when the work is done (or has
    /// panicked). If the bar is not shown, just the work.
    pub(super) fn run_with<T>(
        &self,
        update: impl Fn(&ProgressBar) + Sync,
        work: impl FnOnce() -> T,
    ) -> T {
        if !self.shown {
            return work();
        }
        let bar = &self.bar;
        let out = std::thread::scope(|s| {
            // Dropped when the work ends, however it ends: the thread stops.
            let (_stop, stopped) = mpsc::channel::<()>();
            let update = &update;
            s.spawn(move || {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                update(bar);
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(POLL) {
                    update(bar);
                }
            });
            work()
        });
        bar.finish_and_clear();
        out
    }

    /// Runs `f` (which writes a line to stdout) with the bar out of the way,
    /// then draws it again if it was drawn.
    pub(super) fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        self.bar.suspend(f)
    }
}
