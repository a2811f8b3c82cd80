//! `lud fmt`: the canonical layout. Formatting keeps every token and comment
//! and is idempotent (on the games, on a messy fixture, on odd inputs and on
//! random files); the games are in the layout; the command line rewrites,
//! checks and refuses as it should.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use lud::source::SourceFile;
use lud::syntax::{format, FormatError};

fn fmt(name: &str, text: &str) -> String {
    match format(&SourceFile::new(name, text)) {
        Ok(t) => t,
        Err(e) => panic!("{name} does not format: {e:?}\n{text}"),
    }
}

/// The code tokens (whitespace and comments dropped) and the comments of a
/// text, in order; a lexer of its own, so the test does not trust the one it tests.
fn lex(text: &str) -> (Vec<&str>, Vec<&str>) {
    let b = text.as_bytes();
    let (mut code, mut comments) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        let start = i;
        if b[i].is_ascii_whitespace() {
            i += 1;
        } else if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            comments.push(text[start..i].trim_end());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
            comments.push(&text[start..i]);
        } else if b"(){}".contains(&b[i]) {
            i += 1;
            code.push(&text[start..i]);
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            code.push(&text[start..i]);
        } else {
            while i < b.len()
                && !b[i].is_ascii_whitespace()
                && !b"(){}\"".contains(&b[i])
                && !text[i..].starts_with("//")
                && !text[i..].starts_with("/*")
            {
                i += 1;
            }
            // `key:value` is a key and a value, however they are spaced.
            match text[start..i].find(':') {
                Some(c) if start + c + 1 < i => {
                    code.push(&text[start..=start + c]);
                    code.push(&text[start + c + 1..i]);
                }
                _ => code.push(&text[start..i]),
            }
        }
    }
    (code, comments)
}

/// Formatting `text` keeps its tokens and comments, gives a text that is
/// formatted already, and keeps the layout's promises about whitespace.
fn assert_sound(name: &str, text: &str) -> String {
    let once = fmt(name, text);
    let twice = fmt(name, &once);
    assert_eq!(twice, once, "{name}: formatting twice differs from once");
    let (code, comments) = lex(text);
    let (code2, comments2) = lex(&once);
    assert_eq!(code2, code, "{name}: the tokens changed");
    assert_eq!(comments2, comments, "{name}: the comments changed");
    assert!(once.is_empty() || once.ends_with('\n') && !once.ends_with("\n\n"));
    assert!(!once.starts_with('\n'), "{name}: starts with a blank line");
    assert!(!once.contains("\n\n\n"), "{name}: two blank lines in a row");
    assert!(!once.contains('\r') && !once.contains('\t') || text.contains("/*"));
    for (n, line) in once.lines().enumerate() {
        assert_eq!(
            line.trim_end(),
            line,
            "{name}:{}: trailing whitespace",
            n + 1
        );
    }
    once
}

/// The code of a line, without its trailing `//` comment.
fn code_of(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && b.get(i + 1) == Some(&b'/') => return line[..i].trim_end(),
            _ => {}
        }
        i += 1;
    }
    line
}

/// A line longer than the width holds a single `"..."` or `key:"..."`
/// (and closing brackets): nothing that could have been broken.
fn assert_width(name: &str, text: &str) {
    for (n, line) in text.lines().enumerate() {
        let code = code_of(line);
        if code.chars().count() <= 100 {
            continue;
        }
        let t = code.trim_start();
        let t = t
            .split_once(':')
            .filter(|(k, _)| k.chars().all(|c| c.is_ascii_alphanumeric()))
            .map_or(t, |(_, v)| v);
        let (tokens, _) = lex(t);
        assert!(
            tokens[0].starts_with('"') && tokens[1..].iter().all(|t| *t == ")" || *t == "}"),
            "{name}:{}: longer than 100 columns and could break:\n{line}",
            n + 1
        );
    }
}

/// The shipped game files: `games/*.lud` and the tutorial's steps
/// (`docs/tutorial/*.lud`), which an author copies from.
fn games() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for dir in ["games", "docs/tutorial"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "lud"))
            .collect();
        assert!(!files.is_empty(), "no game files in {dir}");
        files.sort();
        v.extend(files);
    }
    v
}

fn lud(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lud"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .output()
        .expect("lud runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lud-fmt-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const MESSY: &str = "tests/fixtures/fmt/messy.lud";

fn messy() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(MESSY)).unwrap()
}

#[test]
fn every_game_formats_idempotently_keeping_tokens_and_comments() {
    for path in games() {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let out = assert_sound(&name, &text);
        assert_width(&name, &out);
        let d = lud::build::check(&SourceFile::new(name.clone(), out));
        assert!(!d.has_errors(), "{name} formatted:\n{}", d.render_plain());
    }
}

#[test]
fn the_games_are_in_the_canonical_layout() {
    let paths: Vec<String> = games().iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["fmt", "--check"];
    args.extend(paths.iter().map(String::as_str));
    let r = lud(&args);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}{}",
        text(&r.stdout),
        text(&r.stderr)
    );
    assert_eq!(text(&r.stdout), "");
}

#[test]
fn a_messy_file_formatted() {
    let out = assert_sound(MESSY, &messy());
    assert_width(MESSY, &out);
    insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("fmt_messy", out);
    });
}

#[test]
fn check_names_an_unformatted_file_and_changes_nothing() {
    let dir = scratch("check");
    let file = dir.join("messy.lud");
    std::fs::write(&file, messy()).unwrap();
    let f = file.to_str().unwrap();
    let r = lud(&["fmt", "--check", f]);
    assert_eq!(r.status.code(), Some(1));
    let out = text(&r.stdout);
    assert!(
        out.starts_with(&format!(
            "{f}: not formatted (first difference at line 1)\n"
        )),
        "{out}"
    );
    assert!(out.contains("    expected: // A small game"), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), messy());

    // Without --check it is rewritten, and then it is formatted.
    let r = lud(&["fmt", f]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(text(&r.stdout), format!("formatted {f}\n"));
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert_eq!(formatted, fmt(MESSY, &messy()));
    let r = lud(&["fmt", f]);
    assert_eq!((r.status.code(), text(&r.stdout)), (Some(0), String::new()));
    let r = lud(&["fmt", "--check", f]);
    assert_eq!((r.status.code(), text(&r.stdout)), (Some(0), String::new()));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn check_points_at_the_first_line_that_differs() {
    let dir = scratch("hint");
    let file = dir.join("g.lud");
    std::fs::write(&file, "(define \"A\" 1)\n(define \"B\"   2)\n").unwrap();
    let f = file.to_str().unwrap();
    let r = lud(&["fmt", "--check", f]);
    assert_eq!(r.status.code(), Some(1));
    assert_eq!(
        text(&r.stdout),
        format!(
            "{f}: not formatted (first difference at line 2)\n    found:    (define \"B\"   2)\n    expected: (define \"B\" 2)\n"
        )
    );
    // Line endings and a missing last newline are differences too.
    std::fs::write(&file, "(define \"A\" 1)\r\n").unwrap();
    let out = text(&lud(&["fmt", "--check", f]).stdout);
    assert!(out.contains("line 1") && out.contains("[CRLF]"), "{out}");
    std::fs::write(&file, "(define \"A\" 1)").unwrap();
    let out = text(&lud(&["fmt", "--check", f]).stdout);
    assert!(out.contains("[no newline at the end]"), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_with_a_syntax_error_is_reported_and_left_alone() {
    let dir = scratch("syntax");
    let file = dir.join("broken.lud");
    let broken =
        "(game \"X\"\n    (players {(player \"White\" N)})\n    (rules (play   (step All)))\n";
    std::fs::write(&file, broken).unwrap();
    let f = file.to_str().unwrap();
    for args in [vec!["fmt", f], vec!["fmt", "--check", f]] {
        let r = lud(&args);
        assert_eq!(r.status.code(), Some(1));
        let err = text(&r.stderr);
        assert!(err.contains("lud::syntax::unclosed"), "{err}");
        assert!(err.contains("not formatted: 1 syntax error(s)"), "{err}");
        assert_eq!(text(&r.stdout), "");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), broken);
    }
    // The other files are still formatted, and the exit code is still 1.
    let good = dir.join("good.lud");
    std::fs::write(&good, "(define \"A\"\n  1)").unwrap();
    let r = lud(&["fmt", f, good.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&good).unwrap(),
        "(define \"A\" 1)\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unreadable_files_and_bad_usage() {
    let r = lud(&["fmt", "games/no-such-game.lud"]);
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stderr).contains("cannot read games/no-such-game.lud"));
    assert_eq!(lud(&["fmt"]).status.code(), Some(2));
    let dir = scratch("binary");
    let file = dir.join("bin.lud");
    std::fs::write(&file, b"(game \0 \xff)").unwrap();
    let r = lud(&["fmt", file.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stderr).contains("lud::input::not_text"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Each input and its exact layout.
#[test]
fn the_layout_rules() {
    let cases: &[(&str, &str)] = &[
        // Nothing in, nothing out; whitespace is not kept.
        ("", ""),
        (" \n\t\n", ""),
        ("// only a comment   ", "// only a comment\n"),
        // What fits goes on one line; lists are tight; no newline is missing.
        ("(a\n    b\n  c)", "(a b c)\n"),
        ("(x {  a1   h1 })", "(x {a1 h1})\n"),
        // Blank lines between forms are kept, several as one; none at the start.
        ("\n\n(a)\n\n\n\n(b)\n(c)\n\n", "(a)\n\n(b)\n(c)\n"),
        // A comment before `)` goes after it, so the form fits on one line.
        (
            "(play\n    (forbid x) // why\n)",
            "(play (forbid x))  // why\n",
        ),
        // A comment on its own line keeps it, and the `)` after it stands alone.
        (
            "(play\n    (forbid x)\n    // nothing else\n)",
            "(play\n    (forbid x)\n    // nothing else\n)\n",
        ),
        // Trailing comments on consecutive lines are aligned; a line without one ends the run.
        (
            "(a {\n(b) // 1\n(ccc) // 2\n(d)\n(e) // 3\n})",
            "(a {\n    (b)    // 1\n    (ccc)  // 2\n    (d)\n    (e)  // 3\n})\n",
        ),
        // A comment between a key and its value goes before the pair.
        ("(f x k: // c\n v)", "(f x  // c\n    k:v)\n"),
        // A block comment on one line stays in place; one over several lines is verbatim.
        ("(a /* b */ c)", "(a /* b */ c)\n"),
        (
            "(a\n  /* one\n     two */ b)",
            "(a\n    /* one\n     two */\n    b)\n",
        ),
        // Strings are kept byte for byte.
        (
            "(s \"tab\\there \\\"q\\\" é\"  )",
            "(s \"tab\\there \\\"q\\\" é\")\n",
        ),
        // Windows line endings read as Unix ones.
        ("(a)\r\n\r\n(b // c\r\n)\r\n", "(a)\n\n(b)  // c\n"),
    ];
    for (input, expected) in cases {
        assert_eq!(&fmt("case.lud", input), expected, "input: {input:?}");
        assert_sound("case.lud", input);
    }
}

#[test]
fn long_forms_break_after_their_head_and_arguments() {
    let long = "(piece \"Pawn\" \"P\" royal:True (step Forward to:Empty) (step {ForwardLeft ForwardRight} to:Enemy) (promote (lastRank) \"Queen\"))";
    assert_eq!(
        fmt("p.lud", long),
        "(piece \"Pawn\" \"P\" royal:True\n    (step Forward to:Empty)\n    (step {ForwardLeft ForwardRight} to:Enemy)\n    (promote (lastRank) \"Queen\"))\n"
    );
    // A form followed by a `key:value` is an argument: it stays on the first line.
    let call = "(forbid (and (inCheck Next) (perpetualCheck 3)) reason:\"it would check perpetually, which the rules of this game do not allow\")";
    assert_eq!(
        fmt("c.lud", call),
        "(forbid (and (inCheck Next) (perpetualCheck 3))\n    reason:\"it would check perpetually, which the rules of this game do not allow\")\n"
    );
    // `key:(form)` arguments go together.
    let named = "(leap 1 2 to:Empty if:(not (flagged \"leapt\")) then:(flag \"leapt\") also:(and (a very long condition) (that does not fit)))";
    assert_eq!(
        fmt("n.lud", named),
        "(leap 1 2 to:Empty\n    if:(not (flagged \"leapt\"))\n    then:(flag \"leapt\")\n    also:(and (a very long condition) (that does not fit)))\n"
    );
    // A last list opens on the first line and closes on its own; another
    // list keeps its first item after `{`. Arguments written together on a
    // line of their own stay together while they fit; those written on the
    // line of the opening bracket do not.
    let lists = "(rules (set {(a 11111111111111) (b 22222222222222) (c 33333333333333)
 (d 44444444444444) (e 55555555555555)} doc:\"x\") (start {
  (place White \"Rook\" {a1 h1}) (place White \"Horse\" {b1 g1})
  (place Black \"Rook\" {a8 h8})}) (end {(if a b) (if c d) (if (and (e f g h i j k l m n o p q r s t u v w x y z) (all done)) (win))}))";
    assert_eq!(
        fmt("l.lud", lists),
        "(rules
    (set
        {(a 11111111111111) (b 22222222222222) (c 33333333333333)
         (d 44444444444444) (e 55555555555555)}
        doc:\"x\")
    (start {
        (place White \"Rook\" {a1 h1}) (place White \"Horse\" {b1 g1})
        (place Black \"Rook\" {a8 h8})
    })
    (end {
        (if a b)
        (if c d)
        (if (and (e f g h i j k l m n o p q r s t u v w x y z) (all done)) (win))
    }))
"
    );
}

#[test]
fn lines_keep_to_the_width_counting_the_closing_brackets() {
    // 100 columns with its brackets: one line. One more: it breaks.
    let fits = format!("(aaaaaa (b \"{}\"))", "x".repeat(85));
    assert_eq!(fits.len(), 100);
    assert_eq!(fmt("w.lud", &fits), format!("{fits}\n"));
    let wider = format!("(aaaaaa (b \"{}\"))", "x".repeat(86));
    assert_eq!(
        fmt("w.lud", &wider),
        format!("(aaaaaa\n    (b \"{}\"))\n", "x".repeat(86))
    );
    // A string too long for any line is written on a line of its own.
    let long = format!("(a (b \"{}\"))", "x".repeat(100));
    assert_eq!(
        fmt("w.lud", &long),
        format!("(a\n    (b\n        \"{}\"))\n", "x".repeat(100))
    );
    // Deep in a body, the brackets that close on the last line count too:
    // only a string that fits nowhere makes a line too long.
    for n in 60..100 {
        let deep = format!(
            "(a (b (c (d {}\"{}\"))))",
            "e ".repeat(n % 7),
            "y".repeat(n)
        );
        assert_width("deep.lud", &assert_sound("deep.lud", &deep));
    }
}

#[test]
fn nesting_is_handled_to_a_depth_and_refused_beyond_it() {
    let nested = |d: usize| format!("{}x{}", "(a k:".repeat(d), ")".repeat(d));
    // 256 levels format, and again to the same text.
    let out = assert_sound("deep.lud", &nested(256));
    assert_eq!(out.lines().count(), 257);
    // Deeper is refused with a diagnostic at the bracket that goes too deep,
    // even far deeper (the parser would run out of stack).
    for d in [257, 100_000] {
        match format(&SourceFile::new("deep.lud", nested(d))) {
            Err(FormatError::Syntax(p)) => {
                assert_eq!(p.len(), 1);
                assert_eq!(p[0].code_str(), "lud::syntax::too_deep");
                assert!(p[0].to_string().contains("nest more than 256 levels deep"));
                assert_eq!(p[0].primary().offset(), 256 * 5);
            }
            other => panic!("depth {d}: {other:?}"),
        }
    }
    // Brackets in strings and comments do not count.
    let quoted = format!("(a \"{}\" // {}\n)", "(".repeat(300), "{".repeat(300));
    assert_sound("quoted.lud", &quoted);
}

/// Random files of every construct, with random spacing, comments and line
/// breaks: formatting keeps them and is idempotent.
#[test]
fn random_files_format_soundly() {
    let mut rng = fastrand::Rng::with_seed(7);
    for case in 0..400 {
        let mut g = Gen {
            rng: &mut rng,
            out: String::new(),
        };
        let forms = g.rng.usize(1..4);
        for _ in 0..forms {
            g.form(0);
            g.space();
        }
        let text = g.out;
        let name = format!("random-{case}.lud");
        let d = lud::syntax::parse(&SourceFile::new(name.clone(), text.clone())).1;
        assert!(
            d.is_empty(),
            "{name}: the generator made an error: {d:?}\n{text}"
        );
        assert_sound(&name, &text);
    }
}

struct Gen<'r> {
    rng: &'r mut fastrand::Rng,
    out: String,
}

impl Gen<'_> {
    fn space(&mut self) {
        match self.rng.u8(0..20) {
            0..=9 => self.out.push(' '),
            10..=12 => self.out.push('\n'),
            13 => self.out.push_str("\n\n\n"),
            14 => self.out.push_str("  \t "),
            15 => self.out.push_str(" // a comment\n"),
            16 => self.out.push_str("\n// on its own line\n"),
            17 => self.out.push_str(" /* inline */ "),
            18 => self.out.push_str("\n/* over\n   two lines */ "),
            _ => self.out.push_str("\r\n"),
        }
    }

    fn atom(&mut self) {
        let a = match self.rng.u8(0..8) {
            0 => "Forward",
            1 => "\"a string\"",
            2 => "\"a much longer string, so that some forms have to break somewhere\"",
            3 => "-12",
            4 => "3.5",
            5 => "#1",
            6 => "a1",
            _ => "\"esc \\\" \\\\ é\"",
        };
        self.out.push_str(a);
    }

    fn list(&mut self, depth: usize) {
        self.out.push('{');
        for i in 0..self.rng.usize(0..5) {
            if i > 0 || self.rng.bool() {
                self.space();
            }
            if depth < 5 && self.rng.u8(0..3) == 0 {
                self.form(depth + 1);
            } else {
                self.atom();
            }
        }
        if self.rng.bool() {
            self.space();
        }
        self.out.push('}');
    }

    fn form(&mut self, depth: usize) {
        self.out.push('(');
        if self.rng.u8(0..8) == 0 {
            self.space();
        }
        let head = ["game", "piece", "if", "=", "step", "\"Macro\""];
        self.out.push_str(head[self.rng.usize(..head.len())]);
        for _ in 0..self.rng.usize(0..6) {
            self.space();
            if self.rng.u8(0..4) == 0 {
                let key = ["to:", "if:", "then:", "reason:"];
                self.out.push_str(key[self.rng.usize(..key.len())]);
                if self.rng.u8(0..8) == 0 {
                    self.space();
                }
            }
            match self.rng.u8(0..6) {
                0 | 1 if depth < 5 => self.form(depth + 1),
                2 if depth < 5 => self.list(depth + 1),
                _ => self.atom(),
            }
        }
        if self.rng.bool() {
            self.space();
        }
        self.out.push(')');
    }
}
