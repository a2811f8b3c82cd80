//! The `lud` command: parses its arguments and hands them to [`lud::cli::run`].
#![deny(clippy::print_stdout, clippy::print_stderr)]

use clap::Parser;

fn main() {
    let cli = lud::cli::Cli::parse();
    let code = lud::cli::run(cli);
    std::process::exit(lud::cli::finish(code));
}
