//! `lud analyze RESULTS... [--html REPORT] [--svg DIR] [--json]`: the
//! games of `lud selfplay` results files gathered by study, shown as a
//! table (one column a study), as JSON, as SVG plots and as a
//! self-contained HTML report.

use std::io::BufReader;
use std::path::{Path, PathBuf};

use super::{EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::study::analyze::Gathered;
use crate::study::{report, Reader};

/// The arguments of `lud analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// Results files of `lud selfplay` (`-`: stdin). Games of the same
    /// study (game, ruleset, options, players, cap) are gathered, whatever
    /// file or seed they come from; different studies are set side by side.
    #[arg(required = true, value_name = "RESULTS")]
    files: Vec<PathBuf>,
    /// Also write a self-contained HTML report (tables and plots) here.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Also write the plots as SVG files into this folder (made if need be).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(a: &AnalyzeArgs) -> i32 {
    let mut gathered = Gathered::default();
    for k in 0..a.files.len() {
        if let Err(code) = read(&a.files, k, &mut gathered) {
            return code;
        }
    }
    if gathered.studies.is_empty() {
        eoutln!("error: no games in {}", names(&a.files));
        eoutln!("  help: write some with `lud selfplay GAME.lud -n 1000 --out results.jsonl`");
        return EXIT_INPUT;
    }
    let studies = &gathered.studies;
    // A report written over a results file read would lose its games.
    let plots: Vec<report::Plot> = if a.svg.is_some() {
        report::plots(studies)
    } else {
        Vec::new()
    };
    let svgs = a
        .svg
        .iter()
        .flat_map(|dir| plots.iter().map(move |p| dir.join(p.name)));
    for out in svgs.chain(a.html.iter().cloned()) {
        if let Some(input) = a.files.iter().find(|f| same_file(f, &out)) {
            eoutln!(
                "error: {} would be written over the results file {} read",
                out.display(),
                input.display()
            );
            eoutln!("  help: write the report to a file of its own, as in --html report.html or --svg plots");
            return EXIT_USAGE;
        }
    }
    if a.json {
        outln!("{}", report::json(studies));
    } else {
        out!("{}", report::text(studies));
    }
    if let Some(dir) = &a.svg {
        if dir.exists() && !dir.is_dir() {
            eoutln!("error: {} is not a folder", dir.display());
            eoutln!("  help: --svg takes a folder to write the plots into (made if need be), as in --svg plots");
            return EXIT_INPUT;
        }
        if let Err(e) = std::fs::create_dir_all(dir) {
            eoutln!("error: cannot make the folder {}: {e}", dir.display());
            eoutln!("  help: --svg takes a folder that can be made and written to");
            return EXIT_INPUT;
        }
        for p in &plots {
            let path = dir.join(p.name);
            if let Err(e) = super::io::write_atomic(&path, p.svg.as_bytes()) {
                eoutln!("error: cannot write {}: {e}", path.display());
                eoutln!("  help: --svg takes a folder that can be written to");
                return EXIT_INPUT;
            }
        }
        eoutln!("plots in {}", dir.display());
    }
    if let Some(path) = &a.html {
        let sources: Vec<String> = a.files.iter().map(|p| p.display().to_string()).collect();
        if let Err(e) = super::io::write_atomic(path, report::html(studies, &sources).as_bytes()) {
            eoutln!("error: cannot write {}: {e}", path.display());
            eoutln!("  help: --html takes a file in a folder that exists and can be written to");
            return EXIT_INPUT;
        }
        eoutln!("report in {}", path.display());
    }
    EXIT_OK
}

/// Whether paths `a` and `b` name the same file (through links), where
/// both exist.
fn same_file(a: &Path, b: &Path) -> bool {
    if a == Path::new("-") || b == Path::new("-") {
        return false;
    }
    let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        x.dev() == y.dev() && x.ino() == y.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (x, y);
        std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
    }
}

fn names(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Adds the games of file `k` of `files` (or stdin); a game read again
/// with other contents than before is warned of, at both lines (the first
/// one counted).
fn read(files: &[PathBuf], k: usize, gathered: &mut Gathered) -> Result<(), i32> {
    let path = &files[k];
    let stdin = path == Path::new("-");
    let source: Box<dyn std::io::BufRead> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        match crate::input::open_file(path) {
            Ok(f) => Box::new(BufReader::new(f)),
            Err(e) => {
                eoutln!("error: cannot read {}: {e}", path.display());
                eoutln!("  help: give the results files themselves, as in results/*.jsonl; a stream is read from the standard input: ... | lud analyze -");
                return Err(EXIT_INPUT);
            }
        }
    };
    let mut reader = Reader::new(source);
    while let Some(item) = reader.next() {
        match item {
            Ok(line) => {
                let at = reader.lines_read();
                if let Some((f, first)) = gathered.add(&line, (k, at)) {
                    eoutln!(
                        "warning: {}: line {at}: game {} of seed {} was read before, at {}: line {first}, with another result, length or moves; the first is counted",
                        path.display(),
                        line.index,
                        line.seed,
                        files[f].display()
                    );
                }
            }
            Err(e) => {
                eoutln!("error: {}: {e}", path.display());
                eoutln!("  help: `lud analyze` reads the JSON lines `lud selfplay --out FILE` writes, one game a line");
                return Err(EXIT_INPUT);
            }
        }
    }
    if reader.torn().is_some() {
        eoutln!(
            "note: {}: its last line is unfinished (a run stopped while writing it) and is left out",
            path.display()
        );
    }
    Ok(())
}
