//! The editor questions (`lud::ide`) asked everywhere: at every few bytes
//! of every shipped game, of the same files cut short (as while typing),
//! and of a file of odd text; each answers without a panic, and what it
//! points at lies inside the file.

use lud::source::SourceFile;

fn ask_everywhere(src: &SourceFile, step: usize) {
    let len = src.text().len();
    for at in (0..=len + 2).step_by(step) {
        let hover = lud::ide::hover(src, at);
        if let Some(h) = hover {
            assert!(h.span.end as usize <= len && !h.text.is_empty());
        }
        let found = lud::ide::complete(src, at);
        assert!(found.replace.start <= found.replace.end && found.replace.end as usize <= len);
        for s in lud::ide::definition(src, at)
            .into_iter()
            .chain(lud::ide::references(src, at))
        {
            assert!(s.start <= s.end && s.end as usize <= len, "{}", src.name());
        }
        let _ = lud::ide::rename_target(src, at);
    }
    for s in lud::ide::symbols(src) {
        assert!(s.span.end as usize <= len);
    }
    let tokens = lud::ide::tokens(src);
    for pair in tokens.windows(2) {
        assert!(
            pair[0].span.end <= pair[1].span.start,
            "{}: tokens in order, apart",
            src.name()
        );
    }
    assert!(tokens.iter().all(|t| t.span.end as usize <= len));
}

#[test]
fn every_question_everywhere_in_every_game_answers() {
    for e in std::fs::read_dir("games").unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.to_string_lossy().to_string();
        ask_everywhere(&SourceFile::new(&name, text.clone()), 31);
        // Cut short at a few places, as a file is while it is typed.
        for cut in [text.len() / 3, text.len() / 2, 2 * text.len() / 3] {
            let mut cut = cut;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            ask_everywhere(&SourceFile::new(&name, &text[..cut]), 37);
        }
    }
}

#[test]
fn odd_text_gets_answers_too() {
    for text in [
        "",
        "\"",
        "(",
        "((((((((",
        "(game \"X\" (players {(player \"A\" N)}) /* \" ( */ (",
        "(define \"M\" (step #1 to:Empty)) (game \"X\" (\"M\" \"",
        "(game \"×𝄞\" (players {(player \"𝄞\" N)}) (equipment {(piece \"𝄞\" \"X\")}) (\"𝄞\"",
        "\u{0}\u{ff}\r\n\r\n(",
    ] {
        ask_everywhere(&SourceFile::new("odd.lud", text), 1);
    }
}
