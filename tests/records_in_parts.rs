//! Records of games whose turns have parts (`(continue ...)`): the Game of
//! the Amazons (a queen's move, then an arrow shot from where it landed) and
//! Connect6 (one stone on the first turn, two on each turn after). A turn's
//! plies are written after one move number, each player's turn after its
//! own, and the record reads back to the same game, in the library and
//! through `lud play --record` and `lud replay`.

#[path = "support/cli_run.rs"]
mod cli_run;
#[path = "support/common.rs"]
mod common;

use cli_run::{lud, random_game, scratch};
use lud::record::Record;
use lud::Position;

/// The move text of a record (after its tags), on one line.
fn movetext(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Who made each ply of the record, and whether that ply ended the turn,
/// from the positions a replay goes through.
fn turns_of(start: &Position, rec: &Record) -> Vec<(usize, bool)> {
    let g = start.game();
    let positions = rec.positions(&g).expect("the record replays");
    positions
        .windows(2)
        .map(|w| (w[0].0.side_to_move(), !w[1].0.mid_turn()))
        .collect()
}

/// Checks the move text of `rec`: every turn opens with its number (`n.`
/// for the first player, `n...` for the second), the number goes up with
/// each turn of the first player, and a turn's later parts carry none.
fn assert_numbered_by_turns(start: &Position, rec: &Record) {
    let text = rec.to_text();
    let tokens: Vec<String> = movetext(&text)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let turns = turns_of(start, rec);
    let mut t = tokens.iter();
    let mut number = 0;
    let mut opens = true;
    for (i, ((side, ends), m)) in turns.iter().zip(&rec.moves).enumerate() {
        if opens {
            if *side == 0 {
                number += 1;
            }
            let want = if *side == 0 {
                format!("{number}.")
            } else {
                format!("{number}...")
            };
            assert_eq!(t.next(), Some(&want), "ply {}: {text}", i + 1);
        }
        assert_eq!(t.next(), Some(m), "ply {}: {text}", i + 1);
        opens = *ends;
    }
}

#[test]
fn an_amazons_turn_is_one_numbered_turn_and_reads_back() {
    let g = common::game("games/amazons.lud");
    for seed in 0..4 {
        let (end, rec) = common::random_record(&g, seed, 30);
        assert_eq!(rec.sides.len(), rec.moves.len());
        // Two plies a turn: the queen's move, then the arrow.
        assert!(rec.sides.chunks(2).all(|c| c.len() < 2 || c[0] == c[1]));
        assert_numbered_by_turns(&g.start(), &rec);
        let text = rec.to_text();
        let line = movetext(&text);
        let first: Vec<&str> = line.split_whitespace().take(7).collect();
        assert_eq!(
            (first[0], first[3], first[6]),
            ("1.", "1...", "2."),
            "{text}"
        );
        let back = Record::parse(&text).expect("the record reads back");
        assert_eq!(back.moves, rec.moves);
        assert_eq!(back.replay(&g).expect("it replays").key(), end.key());
        // Read from text, it knows no sides; the replay tells them, and the
        // numbers written by `positions` share the turn's number.
        let numbered = back.positions(&g).expect("it replays");
        assert_eq!(numbered[1].1, format!("1. {}", rec.moves[0]));
        assert_eq!(numbered[2].1, format!("1. {}", rec.moves[1]));
        assert_eq!(numbered[3].1, format!("1... {}", rec.moves[2]));
        assert_eq!(numbered[5].1, format!("2. {}", rec.moves[4]));
    }
}

#[test]
fn connect6_numbers_its_one_stone_turn_and_its_two_stone_turns() {
    let g = common::game("games/connect6.lud");
    let (end, rec) = common::random_record(&g, 5, 9);
    // One stone, then two a turn.
    assert_eq!(&rec.sides[..5], &[0, 1, 1, 0, 0]);
    assert_numbered_by_turns(&g.start(), &rec);
    let text = movetext(&rec.to_text());
    let m = &rec.moves;
    assert!(
        text.starts_with(&format!(
            "1. {} 1... {} {} 2. {} {} 2... ",
            m[0], m[1], m[2], m[3], m[4]
        )),
        "{text}"
    );
    let back = Record::parse(&rec.to_text()).unwrap();
    assert_eq!(back.replay(&g).unwrap().key(), end.key());
}

#[test]
fn a_game_of_one_ply_turns_is_numbered_as_before() {
    let g = common::game("games/chess.lud");
    let (_, rec) = common::random_record(&g, 3, 5);
    let m = &rec.moves;
    assert_eq!(
        movetext(&rec.to_text()),
        format!("1. {} {} 2. {} {} 3. {}", m[0], m[1], m[2], m[3], m[4])
    );
}

#[test]
fn a_taken_back_ply_takes_its_player_with_it() {
    let g = common::game("games/amazons.lud");
    let (_, mut rec) = common::random_record(&g, 1, 6);
    let last = rec.moves[5].clone();
    assert_eq!(rec.pop(), Some(last));
    assert_eq!((rec.moves.len(), rec.sides.len()), (5, 5));
    // The first player's second turn is now only its queen's move.
    assert!(movetext(&rec.to_text()).ends_with(&format!("2. {}", rec.moves[4])));
}

#[test]
fn lud_play_writes_an_amazons_record_that_lud_replay_reads() {
    let dir = scratch("records-in-parts");
    let path = dir.join("a.txt");
    let r = lud(
        &random_game(
            "games/amazons.lud",
            &["--seed", "1", "--quiet", "--record", path.to_str().unwrap()],
        ),
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = Record::parse(&text).unwrap();
    let g = common::game("games/amazons.lud");
    let end = rec.replay(&g).expect("it replays");
    assert!(end.outcome().is_some(), "a finished game: {text}");
    let mut sided = rec.clone();
    sided.sides = turns_of(&g.start(), &rec).iter().map(|t| t.0).collect();
    assert_numbered_by_turns(&g.start(), &sided);
    // Written and read the same way, the numbers included.
    assert_eq!(sided.to_text(), text);
    let replay = lud(&["replay", "games/amazons.lud", path.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert!(
        replay.stdout.contains(&lud::position::to_text(&end)),
        "{}",
        replay.stdout
    );
}
