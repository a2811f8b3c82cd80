//! The language reference is generated from the catalogue and kept in sync.

#[test]
fn language_reference_is_in_sync_with_the_catalogue() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md");
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    let generated = lud::compile::reference::markdown();
    assert!(
        on_disk == generated,
        "docs/language.md is out of date: run `cargo run -- doc > docs/language.md`"
    );
}

/// A game in which an example of a ludeme is put where its kind belongs.
struct Template {
    options: Vec<String>,
    rulesets: Vec<String>,
    players: Vec<String>,
    equipment: Vec<String>,
    start: Vec<String>,
    play: Vec<String>,
    end: Vec<String>,
}

impl Template {
    fn new() -> Template {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_string()).collect::<Vec<_>>();
        Template {
            options: s(&[
                r#"(option "opening-moves" {0 3 4 5 6 7 8 9} default:4)"#,
                r#"(option "boorj" {"half-win" "draw" "none"} default:"half-win")"#,
            ]),
            rulesets: s(&[r#"(ruleset "Standard" {(set "boorj" "draw")})"#]),
            players: s(&[r#"(player "White" N)"#, r#"(player "Black" S)"#]),
            equipment: s(&[
                "(board (square 8))",
                r#"(region "Centre" {d4 e4 d5 e5})"#,
                r#"(piece "King" "K" royal:True (step All))"#,
                r#"(piece "Rook" "R" (slide Orthogonal))"#,
                r#"(piece "Horse" "N" (leap 1 2))"#,
                r#"(piece "Counsellor" "F" (step Diagonal))"#,
                r#"(piece "Vizier" "Q" (slide All))"#,
                r#"(piece "Pawn" "P" (step Forward to:Empty) (promote (lastRank) "Vizier"))"#,
            ]),
            start: s(&[
                r#"(place White "King" e1)"#,
                r#"(place Black "King" e8)"#,
                r#"(place White "Rook" {a1 h1})"#,
                r#"(place Black "Rook" {a8 h8})"#,
                r#"(place White "Pawn" (rank 2))"#,
                r#"(place Black "Pawn" (rank 7))"#,
            ]),
            play: s(&["(forbid (inCheck Mover))"]),
            end: s(&[r#"(if (noMoves Next) (loss Next "stalemate"))"#]),
        }
    }

    /// Puts `item` in `list`, replacing an item of the same head and first
    /// argument (`(piece "Rook" ...)` replaces the Rook).
    fn put(list: &mut Vec<String>, item: &str) {
        let key = |x: &str| x.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        match list.iter().position(|x| key(x) == key(item)) {
            Some(i) => list[i] = item.to_string(),
            None => list.push(item.to_string()),
        }
    }

    fn text(&self) -> String {
        format!(
            "(game \"Example\"\n (options {{{}}})\n (rulesets {{{}}})\n (players {{{}}})\n (equipment {{{}}})\n (rules (start {{{}}}) (play {}) (end {{{}}})))",
            self.options.join(" "),
            self.rulesets.join(" "),
            self.players.join(" "),
            self.equipment.join(" "),
            self.start.join(" "),
            self.play.join(" "),
            self.end.join(" ")
        )
    }
}

/// The whole game text with `l`'s example in place.
fn with_example(l: &lud::compile::ludemes::Ludeme) -> String {
    use lud::compile::ludemes::Cat;
    let ex = l.example;
    let mut t = Template::new();
    let piece = |rules: &str| format!(r#"(piece "Example" "X" {rules})"#);
    let section = |t: &Template, name: &str| {
        let full = t.text();
        let at = full
            .find(&format!("({name} "))
            .expect("section in the template");
        // The section's end: its matching bracket.
        let mut depth = 0;
        let mut end = at;
        for (i, c) in full[at..].char_indices() {
            match c {
                '(' | '{' => depth += 1,
                ')' | '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = at + i + 1;
                break;
            }
        }
        format!("{}{ex}{}", &full[..at], &full[end..])
    };
    match l.cat {
        Cat::Game => return ex.to_string(),
        Cat::Info => return t.text().replacen("(options", &format!("{ex} (options"), 1),
        Cat::Options => return section(&t, "options"),
        Cat::Rulesets => return section(&t, "rulesets"),
        Cat::Players => return section(&t, "players"),
        Cat::Equipment => {
            // Its own pieces: the template's start names others.
            t.start = vec![
                r#"(place White "King" e1)"#.into(),
                r#"(place Black "King" e8)"#.into(),
            ];
            return section(&t, "equipment");
        }
        Cat::Rules => return section(&t, "rules"),
        Cat::Start => return section(&t, "start"),
        Cat::Play => return section(&t, "play"),
        Cat::End => return section(&t, "end"),
        Cat::Option => Template::put(&mut t.options, ex),
        Cat::Ruleset => Template::put(&mut t.rulesets, ex),
        Cat::Set => Template::put(&mut t.rulesets, &format!(r#"(ruleset "Example" {{{ex}}})"#)),
        Cat::Config if l.name == "optionValue" => t.play.push(format!(r#"(phase "opening" {ex})"#)),
        Cat::Config => t.end.insert(0, ex.to_string()),
        Cat::Player => Template::put(&mut t.players, ex),
        Cat::Board => Template::put(&mut t.equipment, ex),
        Cat::Shape => {
            t.equipment[0] = format!("(board {ex})");
            // No leap on hexagons (the checker refuses one).
            if ex.starts_with("(hex") {
                Template::put(&mut t.equipment, r#"(piece "Horse" "N" (step All))"#);
            }
            // A hexagon's corners are holes: its own start, on the middle rank.
            if ex.starts_with("(hexHexagon") {
                t.start = vec![
                    r#"(place White "King" a5)"#.into(),
                    r#"(place Black "King" e5)"#.into(),
                ];
            }
            // A star's cells: its bottom and top points; its centre.
            if ex.starts_with("(hexStar") {
                t.equipment[1] = r#"(region "Centre" {h8 i8 h9 i9})"#.into();
                t.start = vec![
                    r#"(place White "King" m1)"#.into(),
                    r#"(place Black "King" e17)"#.into(),
                ];
            }
        }
        Cat::Line => t.equipment[0] = format!("(board (square 8) lines:{{{ex}}})"),
        Cat::Piece | Cat::Region => Template::put(&mut t.equipment, ex),
        Cat::Move if matches!(l.name, "remove" | "drop" | "pass") => t.play.push(ex.to_string()),
        Cat::Move => t.equipment.push(piece(ex)),
        Cat::Promote => t.equipment.push(piece(&format!("(step Forward) {ex}"))),
        Cat::Effect | Cat::Continuation => {
            t.equipment.push(piece(&format!("(step All then:{ex})")));
        }
        Cat::Pattern => t
            .equipment
            .push(piece(&format!("(step All then:(capture {ex}))"))),
        Cat::AfterPromotion => t.equipment.push(piece(&format!(
            r#"(step Forward) (promote (lastRank) "Horse" then:{ex})"#
        ))),
        Cat::Kind => t
            .equipment
            .push(piece(&format!("(step Forward) (promote (lastRank) {ex})"))),
        Cat::Square => t
            .equipment
            .push(piece(&format!("(step All if:(unmoved {ex}))"))),
        Cat::Sites => t.equipment.push(piece(&format!("(step All from:{ex})"))),
        Cat::Place => {
            // In place of the template's placement of the same player and kind.
            let key = |x: &str| x.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
            t.start.retain(|x| key(x) != key(ex));
            t.start.push(ex.to_string());
        }
        Cat::Forbid | Cat::Remember | Cat::Phase => t.play.push(ex.to_string()),
        Cat::PhaseMoves => t.play.push(format!(r#"(phase "setup" 1 {ex})"#)),
        Cat::EndRule => t.end.insert(0, ex.to_string()),
        Cat::Outcome => t.end.insert(0, format!("(if (noMoves Next) {ex})")),
        // A condition that asks about check, attacks or moves is shown in a
        // restriction: in a capture's `if:` it would ask itself again
        // (`lud::compile::recursive_condition`).
        Cat::Cond
            if [
                "noMoves",
                "inCheck",
                "attacked",
                "checks",
                "checkedBy",
                "perpetualCheck",
            ]
            .iter()
            .any(|q| ex.contains(q)) =>
        {
            t.play.push(format!("(forbid {ex})"));
        }
        Cat::Cond => t.equipment.push(piece(&format!("(step All if:{ex})"))),
        Cat::Int => t
            .end
            .push(format!(r#"(if (>= {ex} 200) (draw "example"))"#)),
        Cat::Event => t.end.push(format!(
            r#"(if (>= (pliesSince {{{ex}}}) 200) (draw "example"))"#
        )),
    }
    t.text()
}

#[test]
fn every_example_in_the_reference_compiles() {
    let mut failures = Vec::new();
    for l in lud::compile::ludemes::LUDEMES {
        let text = with_example(l);
        let src = lud::source::SourceFile::new(format!("example of {}", l.name), text.as_str());
        let d = lud::build::check(&src);
        if d.has_errors() {
            failures.push(format!("`{}`: {}\n{}", l.name, l.example, d.render_plain()));
        }
        // The example itself is in the text that was checked.
        assert!(text.contains(l.example), "{}", l.name);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `src/README.md` names every module in a row of its own (a row may name a
/// folder's files together, as `cli/*.rs`), and names no module that is gone.
#[test]
fn src_readme_names_every_module() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let readme = std::fs::read_to_string(src.join("README.md")).unwrap();
    let named: Vec<&str> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    let mut files = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push(rel);
            }
        }
    }
    let covers = |n: &str, f: &str| match n.strip_suffix("*.rs") {
        Some(dir) => f.starts_with(dir) && !f[dir.len()..].contains('/'),
        None => n == f,
    };
    for f in &files {
        assert!(
            named.iter().any(|n| covers(n, f)),
            "src/README.md has no row for src/{f}"
        );
    }
    for n in &named {
        assert!(
            files.iter().any(|f| covers(n, f)),
            "src/README.md names `{n}`, which is not a module"
        );
    }
}
