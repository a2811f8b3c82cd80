//! The one way the command line writes: stdout and stderr through
//! [`write_out`] and [`write_err`] (the `out!`, `outln!`, `eout!` and
//! `eoutln!` macros), never `print!`, which panics on a closed pipe
//! (`lud perft ... --divide | head -1`). A closed stdout ends output quietly:
//! nothing more is written, long commands stop early ([`stdout_closed`]), and
//! the exit code is the usual one. Any other write error (a full disk) is
//! reported once at the end, with exit code 1. Files are written atomically
//! ([`write_atomic`]).

use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Stdout is closed or failed: nothing more is written to it.
static STDOUT_GONE: AtomicBool = AtomicBool::new(false);
/// Stderr is closed or failed.
static STDERR_GONE: AtomicBool = AtomicBool::new(false);
/// A write error on stdout other than a closed pipe.
static STDOUT_ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Writes to stdout; after a closed pipe or an error, nothing.
pub(crate) fn write_out(args: fmt::Arguments<'_>) {
    if STDOUT_GONE.load(Ordering::Relaxed) {
        return;
    }
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args) {
        stdout_failed(&e);
    }
}

/// Flushes stdout (after a prompt without a line break).
pub(crate) fn flush_out() {
    if STDOUT_GONE.load(Ordering::Relaxed) {
        return;
    }
    if let Err(e) = io::stdout().lock().flush() {
        stdout_failed(&e);
    }
}

fn stdout_failed(e: &io::Error) {
    STDOUT_GONE.store(true, Ordering::Relaxed);
    if e.kind() != io::ErrorKind::BrokenPipe {
        if let Ok(mut slot) = STDOUT_ERROR.lock() {
            slot.get_or_insert_with(|| e.to_string());
        }
    }
}

/// Writes to stderr; after a closed pipe or an error, nothing.
pub(crate) fn write_err(args: fmt::Arguments<'_>) {
    if STDERR_GONE.load(Ordering::Relaxed) {
        return;
    }
    if io::stderr().lock().write_fmt(args).is_err() {
        STDERR_GONE.store(true, Ordering::Relaxed);
    }
}

/// Whether stdout is gone (a closed pipe, or an error): a command whose only
/// product is its output may stop.
pub(crate) fn stdout_closed() -> bool {
    STDOUT_GONE.load(Ordering::Relaxed)
}

/// Flushes stdout at the end of a command and returns the exit code: `code`,
/// or 1 if writing the output failed for a reason other than a closed pipe
/// (said on stderr).
pub(crate) fn finish(code: i32) -> i32 {
    flush_out();
    let failed = STDOUT_ERROR.lock().ok().and_then(|mut e| e.take());
    match failed {
        Some(e) => {
            write_err(format_args!("error: cannot write the output: {e}\n"));
            code.max(super::EXIT_INPUT)
        }
        None => code,
    }
}

/// Writes a file atomically: into a new file beside it, then renamed over
/// it, so that a failure (a full disk, an interruption) leaves the old file
/// whole. An existing file keeps its permissions (and, where allowed, its
/// owner); a symbolic link is followed, and the file it names is replaced.
/// A device or a pipe is written to as it is.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = match std::fs::canonicalize(path) {
        Ok(p) => p,
        Err(e) if e.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(e) => return Err(e),
    };
    let old = std::fs::metadata(&target).ok();
    if let Some(m) = old.as_ref().filter(|m| !m.is_file()) {
        // A device or a pipe (`--record /dev/stdout`): nothing to replace.
        return open_stream(path, m, false)?.write_all(bytes);
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let mut last = None;
    for attempt in 0..100u32 {
        let tmp = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        let file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                last = Some(e);
                continue;
            }
            Err(e) => return Err(e),
        };
        let written = fill(&file, bytes, old.as_ref()).and_then(|()| {
            drop(file);
            std::fs::rename(&tmp, &target)
        });
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        return written;
    }
    Err(last.unwrap_or_else(|| io::Error::other("no name for a temporary file")))
}

/// Opens something other than a plain file (`meta` its metadata: a
/// device, a pipe) to write to, appending where `append` is set. A FIFO
/// (named pipe) that no program reads from is refused at once, where
/// opening it would wait for a reader; a folder is refused too.
pub(crate) fn open_stream(
    path: &Path,
    meta: &std::fs::Metadata,
    append: bool,
) -> io::Result<std::fs::File> {
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder, not a file",
        ));
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).append(append);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if meta.file_type().is_fifo() {
            // Opened without waiting first: that fails at once where
            // nothing reads the pipe. Kept open until the one written to is.
            let _probe = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
                .map_err(|e| {
                    if e.raw_os_error() == Some(libc::ENXIO) {
                        io::Error::other(
                            "it is a FIFO (named pipe) that no program reads from; start the reader first, or write to a file",
                        )
                    } else {
                        e
                    }
                })?;
            return options.open(path);
        }
    }
    options.open(path)
}

/// Writes the bytes, gives the file the old one's permissions, and syncs it.
fn fill(mut file: &std::fs::File, bytes: &[u8], old: Option<&std::fs::Metadata>) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Some(m) = old {
        file.set_permissions(m.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only root may give a file away; otherwise it stays the writer's.
            let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
        }
    }
    file.sync_all()
}
