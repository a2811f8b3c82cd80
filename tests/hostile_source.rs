//! Hostile game files: each gets a clear diagnostic (a code at the place),
//! never a panic, a stack overflow, or time and memory that grow with the
//! square of the input. The inputs are made here, in code.
//!
//! Each check runs on a thread with a 2 MiB stack (what a worker thread
//! gets) under a generous hang guard; speed itself is measured by hand, not
//! asserted here.

use std::sync::mpsc;
use std::time::Duration;

use lud::build::{check, compile};
use lud::diagnostics::{render_diagnostic, Diagnostics, Style, MAX_SHOWN_PROBLEMS};
use lud::source::SourceFile;
use lud::syntax::{MAX_DEPTH, MAX_EXPANDED_NODES, MAX_MACRO_CHAIN};

/// Runs `f` on a thread with a 2 MiB stack; fails if it takes more than a
/// minute (a hang guard, not a speed test) or panics.
fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .expect("thread starts");
    rx.recv_timeout(Duration::from_secs(60))
        .expect("finished within the hang guard, without panicking")
}

/// `lud check` on a text, with both renderings made, on a small stack.
fn check_text(text: String) -> (Diagnostics, String, String) {
    guarded(move || {
        let d = check(&SourceFile::new("hostile.lud", text));
        let plain = d.render_plain();
        let json = d.to_json_lines();
        (d, plain, json)
    })
}

fn codes(d: &Diagnostics) -> Vec<String> {
    d.problems
        .iter()
        .map(lud::diagnostics::Problem::code_str)
        .collect()
}

/// A small valid game, with `extra` added to the piece's moves, the start
/// and the end rules.
fn game(defines: &str, moves: &str, start: &str, end: &str) -> String {
    format!(
        r#"{defines}
(game "Hostile"
    (players {{(player "White" N) (player "Black" S)}})
    (equipment {{
        (board (square 8))
        (piece "King" "K" royal:True (step All) {moves})
        (piece "Rook" "R" (slide Orthogonal))
    }})
    (rules
        (start {{(place White "King" a1) (place Black "King" h8) (place Black "Rook" g7) {start}}})
        (play (forbid (inCheck Mover)))
        (end {{(if (noMoves Next) (loss Next "stalemate")) {end}}})))
"#
    )
}

/// [`game`] with `moves`, and an option "n" whose values are 0 to `values - 1`.
fn game_with_option(moves: &str, values: usize) -> String {
    let values: Vec<String> = (0..values).map(|i| i.to_string()).collect();
    game("", moves, "", "").replace(
        "(players",
        &format!(
            "(options {{(option \"n\" {{{}}})}})\n    (players",
            values.join(" ")
        ),
    )
}

#[test]
fn a_label_past_column_65535_renders_without_panicking() {
    let (d, plain, _) = check_text(format!("{})\n", " ".repeat(70_000)));
    assert_eq!(codes(&d), ["lud::syntax::unexpected_close"]);
    assert!(plain.contains("hostile.lud:1:70001"), "{plain}");
    assert!(plain.contains("this `)` has no `(` to close"), "{plain}");
    assert!(plain.len() < 2_000, "the long line is shown as a window");
}

#[test]
fn a_line_of_wide_characters_renders_without_panicking() {
    let (d, plain, _) = check_text(format!("\"{}\" )\n", "漢".repeat(33_000)));
    assert_eq!(codes(&d), ["lud::syntax::unexpected_close"]);
    assert!(plain.contains("hostile.lud:1:33004"), "{plain}");
    // An unknown word of the same characters: its message is cut, not the whole word.
    let (d, plain, _) = check_text(format!("(game {})\n", "漢".repeat(33_000)));
    assert!(codes(&d).contains(&"lud::syntax::invalid_token".to_string()));
    assert!(plain.len() < 20_000, "{} bytes", plain.len());
}

#[test]
fn thousands_of_problems_on_one_line_render_the_first_hundred() {
    let moves = vec!["(step Nowhere)"; 8_000].join(" ");
    let (d, plain, json) = check_text(game("", &moves, "", ""));
    assert_eq!(d.problems.len(), 8_000);
    assert!(codes(&d)
        .iter()
        .all(|c| c == "lud::compile::unknown_constant"));
    assert_eq!(
        plain.matches("lud::compile::unknown_constant").count(),
        MAX_SHOWN_PROBLEMS
    );
    assert!(plain.contains(&format!(
        "and {} more problem(s)",
        8_000 - MAX_SHOWN_PROBLEMS
    )));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), MAX_SHOWN_PROBLEMS + 1);
    let last: serde_json::Value = serde_json::from_str(lines[MAX_SHOWN_PROBLEMS]).unwrap();
    assert_eq!(last["code"], "lud::more");
    assert_eq!(last["more"], 8_000 - MAX_SHOWN_PROBLEMS);
}

/// A diagnostic of any kind, with a source of its own.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("something is wrong at the end")]
#[diagnostic(code(test::long_line), help("shorten the line"))]
struct LongLine {
    #[source_code]
    src: miette::NamedSource<String>,
    #[label("here")]
    at: miette::SourceSpan,
}

#[test]
fn any_diagnostic_renders_safely_at_any_column() {
    let text = format!("{}x", "-".repeat(100_000));
    let d = LongLine {
        src: miette::NamedSource::new("position", text),
        at: (100_000, 1).into(),
    };
    let out = guarded(move || render_diagnostic(&d, Style::Plain, 80));
    assert!(out.contains("test::long_line"), "{out}");
    assert!(out.contains("position:1:100001"), "{out}");
    assert!(
        out.contains("here") && out.contains("help: shorten the line"),
        "{out}"
    );
    assert!(out.len() < 2_000);
}

/// A game whose move condition, restriction and end rule nest up to
/// `levels` deep in all (the forms around them included).
fn nested_game(levels: usize) -> String {
    // Each condition sits 6 levels in (game, equipment, list, piece, step,
    // the condition; or game, rules, play, forbid, not; or game, rules, end,
    // list, if): `(not ...)` k times around a leaf reaches level 6 + k.
    let most = levels - 6;
    let cond = |k: usize| format!("{}(is Mover Mover){}", "(not ".repeat(k), ")".repeat(k));
    let (even, odd) = if most.is_multiple_of(2) {
        (most, most - 1)
    } else {
        (most - 1, most)
    };
    format!(
        r#"(game "Deep"
    (equipment {{
        (board (square 4))
        (piece "King" "K" royal:True (step All if:{true_cond}))
    }})
    (players {{(player "White" N) (player "Black" S)}})
    (rules
        (start {{(place White "King" a1) (place Black "King" d4)}})
        (play (forbid (not {true_cond})))
        (end {{
            (if {false_cond} (draw "never"))
            (if (noMoves Next) (loss Next "stalemate"))
        }})))
"#,
        true_cond = cond(even),
        false_cond = cond(odd),
    )
}

#[test]
fn nesting_at_the_limit_passes_every_pass_on_a_small_stack() {
    let text = nested_game(MAX_DEPTH);
    let (d, plain, _) = check_text(text.clone());
    assert!(d.problems.is_empty(), "{plain}");
    let (nodes, listing, description, formatted) = guarded(move || {
        let src = SourceFile::new("deep.lud", text);
        let formatted = lud::syntax::format(&src).expect("formats");
        let again = lud::syntax::format(&SourceFile::new("deep.lud", formatted.clone()))
            .expect("formats again");
        assert_eq!(again, formatted, "formatting is stable at the limit");
        let game = compile(&src).expect("compiles");
        let nodes = lud::perft::perft(&game.start(), 2);
        (
            nodes,
            game.graph().listing(),
            lud::describe::describe(&game),
            formatted,
        )
    });
    // Each king has 3 squares from its corner, none next to the other king.
    assert_eq!(nodes, 9);
    assert!(listing.contains("King"));
    assert!(description.contains("King"));
    assert!(formatted.starts_with("(game \"Deep\""));
}

#[test]
fn nesting_past_the_limit_is_refused_before_parsing() {
    let (d, plain, _) = check_text(nested_game(8_000));
    assert_eq!(codes(&d), ["lud::syntax::too_deep"], "{plain}");
    assert!(plain.contains(&format!("opens level {}", MAX_DEPTH + 1)));
    let (d, _, _) = check_text("(".repeat(100_000));
    assert_eq!(codes(&d), ["lud::syntax::too_deep"]);
    assert_eq!(d.problems[0].primary().offset(), MAX_DEPTH);
    // Brackets inside strings and comments do not count.
    let quoted = format!(
        "\"{}\" // {}\n/* {} */",
        "(".repeat(1_000),
        "(".repeat(1_000),
        "{".repeat(1_000)
    );
    let (d, _, _) = check_text(quoted);
    assert!(!codes(&d).contains(&"lud::syntax::too_deep".to_string()));
}

#[test]
fn unbalanced_brackets_are_checked_in_one_pass() {
    // Each `}` mismatches the `(` before it.
    let (d, plain, _) = check_text("(}".repeat(100_000));
    assert_eq!(d.problems.len(), 100_000);
    assert!(plain.contains("and 99900 more problem(s)"));
    // A stack of open brackets, then far more wrong closers.
    let (d, _, _) = check_text(format!("{}{}", "(".repeat(250), "}".repeat(100_000)));
    assert!(!d.problems.is_empty());
    assert!(codes(&d)
        .iter()
        .all(|c| c.starts_with("lud::syntax::") && c != "lud::syntax::too_deep"));
}

#[test]
fn lines_and_columns_of_many_problems_come_from_a_line_index() {
    let (d, _, json) = check_text(")\n".repeat(40_000));
    assert_eq!(d.problems.len(), 40_000);
    let last: serde_json::Value =
        serde_json::from_str(json.lines().nth(MAX_SHOWN_PROBLEMS - 1).unwrap()).unwrap();
    assert_eq!(last["span"]["line"], MAX_SHOWN_PROBLEMS);
    assert_eq!(last["span"]["column"], 1);
    let src = SourceFile::new("x", ")\n".repeat(40_000));
    assert_eq!(src.line_col(79_998), (40_000, 1));
}

/// `n` lines, line `i` made by `line(i)`.
fn lines(n: usize, line: impl Fn(usize) -> String) -> String {
    (0..n).map(|i| line(i) + "\n").collect::<Vec<_>>().concat()
}

/// Defines `"D0"` (no moves) to `"Dn-1"`, `"Di"` standing for `body(i)`.
fn defines(n: usize, body: impl Fn(usize) -> String) -> String {
    lines(n, |i| {
        let body = if i == 0 {
            "(inCheck Next)".to_string()
        } else {
            body(i)
        };
        format!("(define \"D{i}\" {body})")
    })
}

/// `n` defines, each using the one before.
fn chain_of(n: usize) -> String {
    defines(n, |i| format!("(\"D{}\")", i - 1))
}

#[test]
fn define_expansion_is_bounded_and_names_the_macro() {
    let defines = defines(40, |i| format!("(and (\"D{}\") (\"D{}\"))", i - 1, i - 1));
    let (d, plain, _) = check_text(game(&defines, "", "", "(if (\"D39\") (draw \"x\"))"));
    assert_eq!(codes(&d), ["lud::define::too_large"], "{plain}");
    assert!(plain.contains(&format!(
        "the macro \"D39\" expands to more than {MAX_EXPANDED_NODES} nodes"
    )));
}

#[test]
fn a_long_chain_of_macros_is_not_reported_as_recursion() {
    let chain = MAX_MACRO_CHAIN + 6;
    let defines = chain_of(chain);
    let end = format!("(if (\"D{}\") (draw \"x\"))", chain - 1);
    let (d, plain, _) = check_text(game(&defines, "", "", &end));
    assert_eq!(codes(&d), ["lud::define::chain_too_long"], "{plain}");
    // A chain within the limit expands.
    let defines = chain_of(MAX_MACRO_CHAIN);
    let end = format!("(if (\"D{}\") (draw \"x\"))", MAX_MACRO_CHAIN - 1);
    let (d, plain, _) = check_text(game(&defines, "", "", &end));
    assert!(d.problems.is_empty(), "{plain}");
    // True recursion is still recursion.
    let defines = "(define \"A\" (not (\"B\")))\n(define \"B\" (not (\"A\")))";
    let (d, _, _) = check_text(game(defines, "", "", "(if (\"A\") (draw \"x\"))"));
    assert!(codes(&d).contains(&"lud::define::recursive".to_string()));
}

#[test]
fn many_problems_in_a_megabyte_are_found_without_quadratic_passes() {
    // 50,000 unused defines (warnings), 90,000 bad moves, 8,000 pieces with
    // one letter: each problem found and de-duplicated in near-linear time.
    let defines = lines(50_000, |i| format!("(define \"d{i}\" 1)"));
    let (d, _, _) = check_text(game(&defines, "", "", ""));
    assert_eq!(d.problems.len(), 50_000);
    assert!(codes(&d).iter().all(|c| c == "lud::lint::unused_define"));

    let moves = vec!["(step Q)"; 90_000].join("\n");
    let (d, _, _) = check_text(game("", &moves, "", ""));
    assert_eq!(d.problems.len(), 90_000);

    let pieces = lines(8_000, |i| format!("(piece \"P{i}\" \"A\" (step N))"));
    let text = game("", "", "", "").replace(
        "(piece \"Rook\" \"R\" (slide Orthogonal))",
        &format!("(piece \"Rook\" \"R\" (slide Orthogonal))\n{pieces}"),
    );
    let (d, _, _) = check_text(text);
    assert!(codes(&d).contains(&"lud::compile::duplicate_letter".to_string()));
}

#[test]
fn an_off_board_square_in_a_list_is_reported() {
    let (d, plain, _) = check_text(game("", "", "(place White \"Rook\" {a2 i1})", ""));
    assert_eq!(codes(&d), ["lud::compile::bad_square"], "{plain}");
    assert!(plain.contains("`i1` is not a square of this 8×8 board"));
    // In nested lists and in a region's list too.
    let text = game("", "", "(place White \"Rook\" {a2 {b2 z9}})", "").replace(
        "(board (square 8))",
        "(board (square 8)) (region \"R\" {a1 j3})",
    );
    let (d, plain, _) = check_text(text.clone());
    let bad: Vec<&str> = d
        .problems
        .iter()
        .filter(|p| p.code_str() == "lud::compile::bad_square")
        .map(|p| &text[p.primary().offset()..p.primary().offset() + p.primary().len()])
        .collect();
    assert_eq!(bad, ["j3", "z9"], "{plain}");
}

#[test]
fn move_squares_are_refused_where_no_move_exists() {
    let remember = game("", "", "", "").replace(
        "(play (forbid (inCheck Mover)))",
        "(play (forbid (inCheck Mover)) (remember \"x\" (holds (to) \"King\") player:Next))",
    );
    let (d, plain, _) = check_text(remember);
    assert_eq!(codes(&d), ["lud::compile::no_move_here"], "{plain}");
    assert!(plain.contains("a remembered fact has no move"));
    let (d, plain, _) = check_text(game("", "", "(shift (to) d3)", ""));
    assert_eq!(codes(&d), ["lud::compile::no_move_here"], "{plain}");
    assert!(plain.contains("the start position has no move"));
    let (d, plain, _) = check_text(game("", "", "", "(if (flagged \"x\") (draw \"x\"))"));
    assert_eq!(codes(&d), ["lud::compile::no_move_here"], "{plain}");
    // In a move's condition, the move's squares are what they say. (A
    // leap: a step north would be one of the King's steps already.)
    let (d, plain, _) = check_text(game("", "(leap 0 2 if:(holds (to) \"Rook\"))", "", ""));
    assert!(d.problems.is_empty(), "{plain}");
}

#[test]
fn squares_of_a_moving_piece_are_refused_in_moves_that_move_none() {
    // A drop, a removal and a pass move no piece: `(from)`, `(adjacent ...)`
    // and `(origin)` there would never hold.
    for (play, rule) in [
        (
            "(drop \"Rook\" (everywhere) if:(holds (adjacent N) \"King\"))",
            "a drop",
        ),
        ("(remove (everywhere) if:(in (from) (rank 1)))", "a removal"),
        ("(pass if:(holds (origin) \"King\"))", "a pass"),
    ] {
        let text = game("", "", "", "").replace(
            "(play (forbid (inCheck Mover)))",
            &format!("(play {play} (forbid (inCheck Mover)))"),
        );
        let (d, plain, json) = check_text(text);
        assert_eq!(codes(&d), ["lud::compile::no_start_square"], "{plain}");
        assert!(json.contains(&format!("{rule} moves no piece")), "{json}");
    }
    // `(to)` in a drop, and `(adjacent ...)` in a piece's move, are fine.
    let text = game("", "(leap 0 2 if:(holds (adjacent N) \"Rook\"))", "", "").replace(
        "(play (forbid (inCheck Mover)))",
        "(play (drop \"Rook\" (everywhere) if:(in (to) (rank 4))) (forbid (inCheck Mover)))",
    );
    let (d, plain, _) = check_text(text);
    assert!(d.problems.is_empty(), "{plain}");
}

#[test]
fn more_move_rules_than_a_move_can_name_are_refused() {
    let moves = vec!["(step N)"; 300].join(" ");
    let (d, plain, _) = check_text(game("", &moves, "", ""));
    assert_eq!(codes(&d), ["lud::compile::too_many"], "{plain}");
    assert!(plain.contains("too many move rules"));
}

#[test]
fn too_many_option_values_are_refused() {
    let text = game_with_option("", 5_000);
    let (d, plain, _) = check_text(text);
    assert_eq!(codes(&d), ["lud::compile::too_many"], "{plain}");
    assert!(plain.contains("too many option values and rulesets"));
}

#[test]
fn options_are_checked_within_a_budget_of_nodes() {
    // 20 option values, each changing the tree: 20 different games of about
    // 100,000 nodes, more than `lud check` compiles.
    let whens: Vec<String> = (0..20)
        .map(|i| format!("(when \"n\" {i} (step S))"))
        .collect();
    let moves = format!("{} {}", vec!["(step N)"; 50_000].join(" "), whens.join(" "));
    let text = game_with_option(&moves, 20);
    let (d, plain, _) = check_text(text);
    assert!(
        codes(&d).contains(&"lud::options::too_much_to_check".to_string()),
        "{plain}"
    );
    assert!(plain.contains("under its 20 configurations"));
    // Values that change nothing make no more games to compile.
    let moves = vec!["(step Q)"; 50_000].join(" ");
    let text = game_with_option(&moves, 60);
    let (d, _, _) = check_text(text);
    assert_eq!(d.problems.len(), 50_000);
    assert!(codes(&d)
        .iter()
        .all(|c| c == "lud::compile::unknown_constant"));
}

#[test]
fn regions_that_name_each_other_are_each_evaluated_once() {
    // Each region names the next twice: evaluated afresh at every mention,
    // 2^40 evaluations; a ring of two; a rook placed 40 lists deep.
    let mut regions: Vec<String> = (0..40)
        .map(|i| format!("(region \"R{i}\" {{a3 \"R{}\" \"R{}\"}})", i + 1, i + 1))
        .collect();
    regions
        .push("(region \"R40\" {h1}) (region \"A\" {a1 \"B\"}) (region \"B\" {b1 \"A\"})".into());
    let text = game("", "", "(place White \"Rook\" {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{c3}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}})", "")
        .replace("(board (square 8))", &format!("(board (square 8)) {}", regions.join(" ")))
        .replace(
            "(piece \"Rook\" \"R\" (slide Orthogonal))",
            "(piece \"Rook\" \"R\" (slide Orthogonal) (promote (union \"R0\" \"A\") \"Rook\"))",
        );
    let (d, plain, _) = check_text(text.clone());
    assert!(d.problems.is_empty(), "{plain}");
    let game = guarded(move || compile(&SourceFile::new("regions.lud", text)).expect("compiles"));
    let model = game.model();
    let squares = |name: &str| {
        let (_, sq) = model
            .regions
            .iter()
            .find(|(n, _)| n == name)
            .expect("region");
        let mut names: Vec<String> = sq.iter().map(|&s| model.board.name(s)).collect();
        names.sort();
        names
    };
    assert_eq!(squares("R0"), ["a3", "h1"]);
    assert_eq!(squares("A"), ["a1", "b1"]);
    assert_eq!(model.start.len(), 4, "the rook 40 lists deep is placed");
}
