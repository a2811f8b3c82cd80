//! What a player reads is plain English: no rule-file syntax (a ludeme form
//! such as `(step Forward to:Empty)`, a named argument, backquotes) and no
//! rule IDs such as `G-1` or `PA-16`. Checked on positions of random games
//! of every shipped game under each of its configurations: the refusal of
//! typed moves that are not legal (from-to moves, promotions, pieces put
//! down or removed; message and help, as `lud play` prints them), the explanation of legal moves and where the game stands. The
//! rules stay available to authors: the refusal's rules, which
//! `lud explain --verbose` prints, are rule-file syntax.

use std::path::Path;

use lud::compile::ludemes::LUDEMES;
use lud::explain::{legal_move, position, refusal};
use lud::notation::parse_move;
use lud::{Game, Position};

/// The first piece of rule-file syntax or rule ID in `text`, if any.
fn rule_syntax(text: &str) -> Option<String> {
    if text.contains('`') {
        return Some("a backquote".into());
    }
    // A ludeme form: `(step `, `(lastRank)`.
    for l in LUDEMES {
        for end in [" ", ")"] {
            let form = format!("({}{end}", l.name);
            if text.contains(&form) {
                return Some(form);
            }
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let before = |n: usize| i.checked_sub(n).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        // A named argument: `to:Empty`, `reason:"..."`, `from:(ownRank 2)`.
        if c == ':'
            && before(1).is_some_and(|b| b.is_ascii_alphabetic())
            && after.is_some_and(|a| a.is_ascii_uppercase() || matches!(a, '"' | '(' | '{'))
        {
            return Some(
                chars[i.saturating_sub(8)..(i + 2).min(chars.len())]
                    .iter()
                    .collect(),
            );
        }
        // A rule ID: one or two capitals, a hyphen, a number (`G-1`, `PA-16`).
        if c == '-' && after.is_some_and(|a| a.is_ascii_digit()) {
            let caps = (1..=3)
                .take_while(|&n| before(n).is_some_and(|b| b.is_ascii_uppercase()))
                .count();
            let start_ok = before(caps + 1).is_none_or(|b| !b.is_ascii_alphanumeric());
            if (1..=2).contains(&caps) && start_ok {
                return Some(chars[i - caps..(i + 3).min(chars.len())].iter().collect());
            }
        }
    }
    None
}

/// A small deterministic random number source (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn shipped_games() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lud"))
        .collect();
    files.sort();
    files
}

/// What the sample found, to show it reached the refusals it is about.
#[derive(Default)]
struct Seen {
    refusals: usize,
    with_help: usize,
    with_rules: usize,
}

fn assert_plain(what: &str, text: &str) {
    if let Some(bad) = rule_syntax(text) {
        panic!("{what} shows rule-file syntax or a rule ID ({bad}):\n{text}");
    }
}

/// Typed moves that are not legal, in `pos`: from each of the mover's
/// pieces to a few squares, and a few from anywhere to anywhere, some with
/// a piece's letter for a promotion.
fn check_refusals(pos: &Position, rng: &mut Rng, seen: &mut Seen, at: &str) {
    let model = pos.model();
    let b = &model.board;
    let n = b.len();
    let mut pairs = Vec::new();
    for from in 0..n {
        if pos
            .piece_at(from)
            .is_some_and(|(_, o)| o == pos.side_to_move())
        {
            for _ in 0..4 {
                pairs.push((from, rng.below(n)));
            }
        }
    }
    for _ in 0..12 {
        pairs.push((rng.below(n), rng.below(n)));
    }
    // A piece put down, or removed, where it may not be.
    for _ in 0..3 {
        let sq = b.name(rng.below(n) as u16);
        for typed in [format!("@{sq}"), format!("x{sq}")] {
            if let Err(e) = parse_move(pos, &typed) {
                seen.refusals += 1;
                assert_plain(&format!("the refusal of {at}, {typed}"), &e.message);
                assert_plain(
                    &format!("the help for {at}, {typed}"),
                    e.help.as_deref().unwrap_or_default(),
                );
            }
        }
    }
    for (i, (from, to)) in pairs.into_iter().enumerate() {
        let (f, t) = (b.name(from as u16), b.name(to as u16));
        let letter = (i % 5 == 0).then(|| {
            model.pieces[rng.below(model.pieces.len())]
                .letter
                .to_ascii_lowercase()
        });
        let typed = format!("{f}{t}{}", letter.map(String::from).unwrap_or_default());
        let Err(e) = parse_move(pos, &typed) else {
            continue;
        };
        let context = format!("{at}, {typed}");
        seen.refusals += 1;
        assert_plain(&format!("the refusal of {context}"), &e.message);
        if let Some(h) = &e.help {
            seen.with_help += 1;
            assert_plain(&format!("the help for {context}"), h);
        }
        // The same refusal, with the rules behind it: for authors, and
        // rule-file syntax, every one.
        let promo = letter.and_then(|c| model.piece_by_letter(c));
        let r = refusal(pos, from as u16, to as u16, promo);
        if r.message == e.message {
            assert_eq!(r.help, e.help, "{context}");
            if !r.rules.is_empty() {
                seen.with_rules += 1;
            }
            for rule in &r.rules {
                assert!(
                    rule_syntax(&format!("`{rule}`")).is_some() && rule.starts_with('('),
                    "{context}: the rule {rule} is not as the file writes it"
                );
            }
        }
    }
}

fn walk(game: &Game, seed: u64, seen: &mut Seen, name: &str) {
    let mut rng = Rng(seed);
    let mut pos = game.start();
    for ply in 0..24 {
        let at = format!("{name}, ply {ply} ({pos})");
        assert_plain(&format!("where {at} stands"), &position(&pos));
        if pos.outcome().is_some() {
            return;
        }
        let legal = pos.legal_moves();
        if ply % 3 == 0 {
            check_refusals(&pos, &mut rng, seen, &at);
            for &m in legal.iter().take(6) {
                assert_plain(&format!("a legal move at {at}"), &legal_move(&pos, m));
            }
        }
        let m = legal[rng.below(legal.len())];
        pos.play(m).unwrap();
    }
}

#[test]
fn what_a_player_reads_has_no_rule_syntax_and_no_rule_ids() {
    let mut seen = Seen::default();
    for path in shipped_games() {
        let src = lud::compile::read_source(&path).unwrap();
        let base = lud::build::compile(&src).unwrap();
        for (i, config) in base.model().options.all_configs().iter().enumerate() {
            let game = lud::build::compile_with(&src, config).unwrap();
            let name = format!("{} {config:?}", path.display());
            for seed in [1u64, 2] {
                walk(&game, seed * 7919 + i as u64 + 1, &mut seen, &name);
            }
        }
    }
    // The sample reached refusals with help and refusals by rules.
    assert!(seen.refusals > 1000, "{} refusals", seen.refusals);
    assert!(seen.with_help > 100, "{} with help", seen.with_help);
    assert!(seen.with_rules > 100, "{} with rules", seen.with_rules);
}

#[test]
fn the_check_finds_rule_syntax_and_ids() {
    for bad in [
        "a Pawn moves only by (step Forward to:Empty)",
        "the rule is `x`",
        "it would leave your king in check (G-1)",
        "see PA-16",
        "landing at from:(ownRank 2)",
        "only to reason:\"x\"",
        "promotes on (lastRank)",
    ] {
        assert!(rule_syntax(bad).is_some(), "{bad}");
    }
    for good in [
        "a Pawn steps one square forward, onto an empty square",
        "only from White: rank 2; Black: rank 7",
        "squares run from a1 to h8",
        "the piece on the square moved from is not flagged \"leapt\"",
        "it moves (en passant) there",
        "ranks 1-4 of a1-h8",
    ] {
        assert_eq!(rule_syntax(good), None, "{good}");
    }
}
