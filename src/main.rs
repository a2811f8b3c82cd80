//! The `lud` command: parses its arguments and hands them to [`lud::cli::run`].

use clap::Parser;

fn main() {
    let cli = lud::cli::Cli::parse();
    std::process::exit(lud::cli::run(cli));
}
