//! Runs the `lud` binary as a guarded subprocess: standard input closed, a
//! limit on its CPU time (a hang guard, never a speed test: CPU time, so that
//! a loaded machine does not make a slow run look hung), a wall-clock limit
//! three times as long (for a run that waits), and a 1 GiB cap on its address
//! space; says whether the run crashed, hung or blew up, and how much memory
//! it was seen to hold. Used by the generated-games pipeline, the soak, the
//! fuzz harnesses and the crash fixtures.
#![allow(dead_code)]

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The memory cap of one run: 1 GiB of address space.
pub(crate) const MEMORY_CAP: u64 = 1 << 30;

/// The binary under test (built with the tests, in their profile).
pub(crate) fn lud_bin() -> &'static str {
    env!("CARGO_BIN_EXE_lud")
}

/// Whether the tests run an optimised build (`cargo test --release`).
pub(crate) fn optimised() -> bool {
    !cfg!(debug_assertions)
}

/// The CPU-time limit of one run: a hang guard, generous for a debug build.
/// The wall-clock limit is three times as long.
pub(crate) fn hang_guard() -> Duration {
    if optimised() {
        Duration::from_secs(10)
    } else {
        Duration::from_secs(20)
    }
}

/// What became of one run.
#[derive(Debug)]
pub(crate) struct Run {
    /// The command line, for messages.
    pub(crate) line: String,
    /// The exit code, if the process exited.
    pub(crate) code: Option<i32>,
    /// The signal that ended it, if one did.
    pub(crate) signal: Option<i32>,
    /// Whether it was killed at the time limit (CPU or wall clock).
    pub(crate) timed_out: bool,
    /// The CPU time it was seen to use (sampled).
    pub(crate) cpu: Duration,
    /// Its standard output (the first 256 KiB).
    pub(crate) stdout: String,
    /// Its standard error (the first 256 KiB).
    pub(crate) stderr: String,
    /// Wall time.
    pub(crate) elapsed: Duration,
    /// The largest resident set seen while it ran, in KiB (sampled: short runs
    /// may show less than they held).
    pub(crate) peak_rss_kib: u64,
}

/// How a run failed, if it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// A panic (exit 101, or an abort with "panicked" on stderr).
    Panic(String),
    /// The stack overflowed.
    StackOverflow,
    /// It ran out of its memory cap (or was seen above it).
    Memory(String),
    /// Killed at the time limit (its CPU time, or three times as much wall time).
    Hang,
    /// Killed by another signal.
    Signal(i32),
    /// An exit code the step does not allow (say, 1 from `perft` on a file
    /// that checks clean, or 2: a command line the harness got wrong).
    Code(i32, String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Panic(m) => write!(f, "panic: {m}"),
            Failure::StackOverflow => write!(f, "stack overflow"),
            Failure::Memory(m) => write!(f, "memory blow-up: {m}"),
            Failure::Hang => write!(f, "hang (killed at the time limit)"),
            Failure::Signal(s) => write!(f, "killed by signal {s}"),
            Failure::Code(c, m) => write!(f, "exit code {c}: {m}"),
        }
    }
}

impl Run {
    /// How the run failed, given the exit codes the step allows; `None` if it
    /// did not.
    pub(crate) fn failure(&self, allowed: &[i32]) -> Option<Failure> {
        // SIGXCPU: the CPU-time limit.
        if self.timed_out || self.signal == Some(24) {
            return Some(Failure::Hang);
        }
        let first_line = |s: &str| {
            s.lines()
                .find(|l| l.contains("panicked") || l.contains("memory allocation"))
                .or_else(|| s.lines().next())
                .unwrap_or("")
                .chars()
                .take(300)
                .collect::<String>()
        };
        if self.stderr.contains("overflowed its stack") || self.stderr.contains("stack overflow") {
            return Some(Failure::StackOverflow);
        }
        if self.stderr.contains("memory allocation of") || self.stderr.contains("capacity overflow")
        {
            return Some(Failure::Memory(first_line(&self.stderr)));
        }
        if self.peak_rss_kib * 1024 > MEMORY_CAP {
            return Some(Failure::Memory(format!(
                "resident set {} MiB",
                self.peak_rss_kib / 1024
            )));
        }
        if self.stderr.contains("panicked") || self.code == Some(101) {
            // Take the panic's own line and the one after it (the message).
            let mut msg = String::new();
            let mut lines = self.stderr.lines();
            while let Some(l) = lines.next() {
                if l.contains("panicked") {
                    msg.push_str(l);
                    if let Some(next) = lines.next() {
                        msg.push(' ');
                        msg.push_str(next);
                    }
                    break;
                }
            }
            return Some(Failure::Panic(msg.chars().take(400).collect()));
        }
        if let Some(s) = self.signal {
            return Some(Failure::Signal(s));
        }
        match self.code {
            Some(c) if allowed.contains(&c) => None,
            Some(c) => Some(Failure::Code(c, first_line(&self.stderr))),
            None => Some(Failure::Signal(0)),
        }
    }
}

/// Runs `lud` with `args` under the guards.
pub(crate) fn lud(args: &[&str], limit: Duration) -> Run {
    run(lud_bin(), args, limit)
}

/// Runs `lud` with `args` under the guards, `input` on its standard input
/// (then closed).
pub(crate) fn lud_with_input(args: &[&str], input: Vec<u8>, limit: Duration) -> Run {
    run_input(lud_bin(), args, Some(input), limit)
}

/// Runs `program` with `args`: standard input closed, at most `limit` of CPU
/// time and three times that of wall time, at most [`MEMORY_CAP`] of address
/// space (through `prlimit` where it exists, else the shell's `ulimit`).
pub(crate) fn run(program: &str, args: &[&str], limit: Duration) -> Run {
    run_input(program, args, None, limit)
}

/// [`run`], with `input` (if any) written to standard input, then closed.
pub(crate) fn run_input(
    program: &str,
    args: &[&str],
    input: Option<Vec<u8>>,
    limit: Duration,
) -> Run {
    let cpu_secs = limit.as_secs().max(1);
    let mut cmd = if Path::new("/usr/bin/prlimit").exists() {
        let mut c = Command::new("/usr/bin/prlimit");
        c.arg(format!("--as={MEMORY_CAP}"))
            .arg(format!("--cpu={cpu_secs}:{}", cpu_secs + 1))
            .arg("--")
            .arg(program);
        c
    } else {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!(
                "ulimit -v {}; ulimit -t {cpu_secs}; exec \"$0\" \"$@\"",
                MEMORY_CAP / 1024
            ))
            .arg(program);
        c
    };
    let wall = limit * 3;
    cmd.args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Panics say where; no colour codes in messages.
        .env("RUST_BACKTRACE", "0")
        .env("NO_COLOR", "1");
    let line = format!("lud {}", args.join(" "));
    let t0 = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let pid = child.id();
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        // A child that stops reading early closes the pipe: not an error here.
        std::thread::spawn(move || {
            use std::io::Write as _;
            let _ = stdin.write_all(&bytes);
        });
    }
    let out = child.stdout.take().map(drain);
    let err = child.stderr.take().map(drain);
    let mut peak = 0u64;
    let mut cpu = Duration::ZERO;
    let mut nap = Duration::from_micros(500);
    let mut timed_out = false;
    let status = loop {
        if let Some(kib) = rss_kib(pid) {
            peak = peak.max(kib);
        }
        if let Some(t) = cpu_time(pid) {
            cpu = cpu.max(t);
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => panic!("waiting for {line}: {e}"),
        }
        if t0.elapsed() > wall || peak * 1024 > MEMORY_CAP {
            timed_out = t0.elapsed() > wall;
            let _ = child.kill();
            break child
                .wait()
                .unwrap_or_else(|e| panic!("waiting for {line}: {e}"));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    };
    let elapsed = t0.elapsed();
    let stdout = out
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    let stderr = err
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    Run {
        line,
        code: status.code(),
        signal,
        timed_out,
        cpu,
        stdout,
        stderr,
        elapsed,
        peak_rss_kib: peak,
    }
}

/// Reads a pipe to its end on a thread, keeping the first 256 KiB.
fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        loop {
            match r.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if kept.len() < 256 * 1024 {
                        kept.extend_from_slice(&buf[..n]);
                    }
                }
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// The CPU time (user and system) a live process has used, from
/// `/proc/PID/stat` (in clock ticks of 1/100 s, as Linux reports them).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut f = rest.split_whitespace();
    let utime: u64 = f.nth(11)?.parse().ok()?;
    let stime: u64 = f.next()?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

/// The resident set's high-water mark of a live process, in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
