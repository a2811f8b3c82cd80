//! Records as PGN (`lud::record`): export that chess programs read (SAN,
//! `[SetUp]`/`[FEN]`, `[Variant]`), import of PGN's extras (comments,
//! variations, NAGs, marks, move numbers), move numbers that follow the
//! start position's counter, and the round trip: a record exported and
//! read back replays to the same position.

#[path = "support/common.rs"]
mod common;

use common::{game, random_record};
use lud::record::Record;

fn opera() -> Record {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/records/opera.pgn"
    );
    Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_pgn_with_comments_variations_and_nags_replays() {
    let rec = opera();
    assert_eq!(rec.moves.len(), 33, "{:?}", rec.moves);
    assert_eq!(
        rec.moves[17], "b5",
        "the mark ?! and the NAG $6 are left out"
    );
    assert_eq!(
        rec.moves[18], "Nxb5",
        "the variation (9... Qb4 10. O-O-O) is left out"
    );
    assert_eq!(rec.moves[32], "Rd8#", "17.Rd8#: a number stuck to its move");
    let g = game("games/chess.lud");
    let end = rec.replay(&g).unwrap();
    assert_eq!(
        end.to_string(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert_eq!(rec.check_result(&end), Ok(()));
}

#[test]
fn the_export_is_pgn_with_the_seven_tags_and_san() {
    let g = game("games/chess.lud");
    let pgn = opera().to_pgn(&g).unwrap();
    let head: Vec<&str> = pgn.lines().take(7).collect();
    assert_eq!(
        head,
        [
            "[Event \"A night at the opera\"]",
            "[Site \"Paris FRA\"]",
            "[Date \"1858.??.??\"]",
            "[Round \"?\"]",
            "[White \"Paul Morphy\"]",
            "[Black \"Duke Karl / Count Isouard\"]",
            "[Result \"1-0\"]",
        ]
    );
    // Every game names itself; chess programs take "Chess" as the standard game.
    assert!(pgn.contains("[Variant \"Chess\"]"), "{pgn}");
    assert!(!pgn.contains("[FEN"), "{pgn}");
    let moves = pgn.split("\n\n").nth(1).unwrap();
    assert!(moves.lines().all(|l| l.len() < 80), "{moves}");
    assert_eq!(
        moves.split_whitespace().collect::<Vec<_>>().join(" "),
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 \
         8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
         14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"
    );
}

#[test]
fn a_record_from_a_position_is_numbered_from_its_counter_and_exports_its_fen() {
    let g = game("games/chess.lud");
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4";
    let mut rec = Record {
        moves: vec!["e7e5".into(), "g1f3".into(), "b8c6".into()],
        ..Record::default()
    };
    rec.set_tag("Game", "Chess");
    rec.set_tag("Position", start);
    rec.set_tag("FirstSide", "1");
    let text = rec.to_text();
    assert!(text.ends_with("\n4... e7e5 5. g1f3 b8c6\n"), "{text}");
    let pgn = rec.to_pgn(&g).unwrap();
    assert!(
        pgn.contains(
            "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4\"]\n"
        ),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n4... e5 5. Nf3 Nc6 *\n"), "{pgn}");
    // Read back: the FEN tag is the start, the SAN moves replay.
    let back = Record::parse(&pgn).unwrap();
    assert_eq!(back.tag("Position"), None);
    assert_eq!(
        back.replay(&g).unwrap().to_string(),
        rec.replay(&g).unwrap().to_string()
    );
}

#[test]
fn other_games_name_their_variant_and_round_trip() {
    for file in [
        "games/shatranj.lud",
        "games/xiangqi.lud",
        "games/draughts.lud",
        "games/connect-four.lud",
    ] {
        let g = game(file);
        let (pos, mut rec) = random_record(&g, 7, 40);
        rec.set_tag("Game", g.name());
        let pgn = rec.to_pgn(&g).unwrap();
        assert!(
            pgn.contains(&format!("[Variant \"{}\"]", g.name())),
            "{file}: {pgn}"
        );
        let back = Record::parse(&pgn).unwrap();
        let end = back.replay(&g).unwrap();
        assert_eq!(end.to_string(), pos.to_string(), "{file}");
        assert_eq!(back.check_game(&g), Ok(()), "{file}");
    }
}

#[test]
fn a_bad_move_is_named_by_its_ply_and_its_number() {
    let g = game("games/chess.lud");
    let rec = Record::parse("1. e4 e5 2. Nf3 Nf6 3. Bb7\n").unwrap();
    let err = rec.replay(&g).unwrap_err().to_string();
    assert_eq!(
        err,
        "ply 5 (3. Bb7) cannot be played: Bb7: no Bishop can move to b7"
    );
}
