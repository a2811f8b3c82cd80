//! Progress of the long commands on a terminal (a pseudo-terminal, with
//! rexpect): `perft` shows the moves from the root counted and the nodes per
//! second, `bench` the games played, and `--quiet` shows nothing. Where no
//! pseudo-terminal can be opened (not unix, or none left), each test prints
//! a note and passes. `tests/progress.rs` checks that a pipe gets none.

#[cfg(unix)]
#[path = "support/pty.rs"]
mod pty;

#[cfg(unix)]
mod tty {
    use rexpect::process::signal::Signal;
    use rexpect::session::PtySession;

    /// `lud ARGS` on a pseudo-terminal 100 columns wide (room for the bar).
    fn on_terminal(args: &[&str]) -> Option<PtySession> {
        super::pty::lud_on_a_terminal_of(args, 100)
    }

    /// Everything the command writes until it ends.
    fn rest(s: &mut PtySession) -> String {
        s.exp_eof().expect("the command ends")
    }

    /// Stops a command that has shown what it had to.
    fn stop(mut s: PtySession) {
        let _ = s.process.kill(Signal::SIGKILL);
    }

    /// A count of about 119 million nodes (a second or two here), stopped
    /// once the bar has shown a root move counted and the nodes per second.
    #[test]
    fn perft_divide_shows_root_moves_and_nodes_per_second() {
        let Some(mut s) = on_terminal(&["perft", "games/chess.lud", "6", "--divide"]) else {
            return;
        };
        let before = s.exp_string(" root moves, ").expect("the bar");
        assert!(before.contains("depth 6: "), "{before:?}");
        let (before, rate) = s
            .exp_regex(r"[1-9][0-9,]* nodes, [0-9]+\.[0-9] M nodes/s")
            .expect("the bar: nodes and nodes per second");
        assert!(rate.ends_with(" M nodes/s"), "{rate:?}");
        // The first move's count, printed above the bar.
        assert!(before.contains("b1a3: 4856835\r\n"), "{before:?}");
        stop(s);
    }

    #[test]
    fn perft_on_threads_shows_root_moves_counted() {
        let Some(mut s) = on_terminal(&["perft", "games/chess.lud", "6", "--threads", "2"]) else {
            return;
        };
        let (_, seen) = s
            .exp_regex(r"[1-9][0-9]*/20 root moves, [1-9]")
            .expect("the bar: root moves counted");
        assert!(seen.contains("/20 root moves, "), "{seen:?}");
        stop(s);
    }

    /// With `--quiet`, nothing but the counts, while three moves are counted
    /// (the bar is drawn at the start, and ten times a second).
    #[test]
    fn perft_quiet_shows_no_progress() {
        let Some(mut s) = on_terminal(&["perft", "games/chess.lud", "6", "--divide", "--quiet"])
        else {
            return;
        };
        let before = s.exp_string("g1f3: ").expect("the third move's count");
        assert_eq!(before, "b1a3: 4856835\r\nb1c3: 5708064\r\n");
        stop(s);
    }

    /// The bar of a run of 30,000 games: the games played and the time
    /// left.
    fn shows_games_and_time_left(args: &[&str]) {
        let Some(mut s) = on_terminal(args) else {
            return;
        };
        let (_, seen) = s
            .exp_regex(r"[1-9][0-9,]*/30,000 games, ")
            .expect("the bar: games played");
        assert!(seen.ends_with("/30,000 games, "), "{seen:?}");
        s.exp_string("ETA ").expect("the bar: time left");
        stop(s);
    }

    #[test]
    fn bench_shows_games_played_and_time_left() {
        shows_games_and_time_left(&["bench", "games/chess.lud", "--games", "30000"]);
    }

    #[test]
    fn selfplay_shows_games_played_and_time_left() {
        shows_games_and_time_left(&[
            "selfplay",
            "games/chess.lud",
            "-n",
            "30000",
            "--threads",
            "1",
        ]);
    }

    #[test]
    fn bench_quiet_shows_no_progress() {
        let Some(mut s) = on_terminal(&["bench", "games/chess.lud", "--games", "2000", "--quiet"])
        else {
            return;
        };
        let all = rest(&mut s);
        assert!(all.starts_with("game          Chess\r\n"), "{all:?}");
        assert!(all.contains("playouts      2000 random games"), "{all:?}");
        for mark in ["/2,000 games", "ETA", "\u{1b}["] {
            assert!(!all.contains(mark), "{mark:?} in {all:?}");
        }
    }
}

#[cfg(not(unix))]
#[test]
fn progress_on_a_terminal_is_tested_on_unix_only() {
    println!("note: skipped, pseudo-terminals are tested on unix only");
}
