//! # lud
//!
//! A Ludii-style game description language and its interpreter. A game is
//! described in a `.lud` file; `lud` checks it (every mistake, with its exact
//! place and what to do), compiles it into a graph of move rules and end
//! conditions, and plays it.
//!
//! ```
//! use lud::compile_str;
//!
//! // Parse, check and compile a game (here a tiny one; see games/ for real ones).
//! let game = compile_str("tiny.lud", lud::EXAMPLE).expect("the example compiles");
//! let mut pos = game.start();
//! // Its legal moves, by their coordinate notation.
//! let moves: Vec<String> = pos.legal_moves().into_iter().map(|m| lud::notation::move_text(&pos, m)).collect();
//! assert_eq!(moves, ["a1b1", "a1a2"]);
//! // Play one, checked.
//! let m = lud::notation::parse_move(&pos, "a1b1").unwrap();
//! pos.play(m).unwrap();
//! assert_eq!(pos.to_string(), "2k/3/1K1 b - - 0 1");
//! // A move the rules refuse is explained.
//! let err = lud::notation::parse_move(&pos, "c3b2").unwrap_err();
//! assert_eq!(err.message, "c3b2 is not allowed: it is forbidden by (inCheck Mover)");
//! ```
//!
//! The pipeline, one module each: [`syntax`] (pest → syntax tree, macros),
//! [`mod@compile`] (checks, model, rule graph), the interpreter (`engine`),
//! [`game`] (positions and moves), [`build`] (a file to a game, and the
//! warnings that need it), [`eval`] (end rules), [`perft`], [`ai`],
//! and the command line in [`cli`]. `src/README.md` names every module.

pub mod ai;
pub mod bench;
pub mod bits;
pub mod build;
pub mod cli;
pub mod compile;
pub mod describe;
pub mod diagnostics;
pub mod draw;
mod engine;
pub mod eval;
pub mod explain;
pub mod game;
pub mod ide;
pub mod input;
mod lint;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod record;
pub mod source;
pub mod state;
pub mod study;
pub mod svg;
pub mod syntax;

pub use build::{compile, compile_str};
pub use eval::Outcome;
pub use game::{Game, Listed, PlayError, Position};
pub use moves::Move;

/// A complete tiny game, used by the examples: two kings on a 3×3 board.
pub const EXAMPLE: &str = r#"(game "Kings"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 3))
        (piece "King" "K" royal:True (step All))
    })
    (rules
        (start {(place White "King" a1) (place Black "King" c3)})
        (play (forbid (inCheck Mover)))
        (end {(if (noMoves Next) (loss Next "no moves"))})))
"#;
