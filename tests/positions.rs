//! Position strings: they round-trip any state, read plain FEN, and refuse
//! bad input with the place and a hint.

#[path = "support/common.rs"]
mod common;

fn shatranj() -> lud::Game {
    common::game("games/shatranj.lud")
}

#[test]
fn every_reached_state_round_trips() {
    let g = shatranj();
    for seed in 0..8 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut pos = g.start();
        for _ in 0..150 {
            let text = pos.to_string();
            let back = g.position(&text).unwrap();
            assert_eq!(back.to_string(), text);
            assert_eq!(back.key(), pos.key(), "{text}");
            assert_eq!(back.counter(0), pos.counter(0));
            assert_eq!(back.ply(), pos.ply());
            assert_eq!(back.legal_moves(), pos.legal_moves(), "{text}");
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.usize(..moves.len())]).unwrap();
        }
    }
}

#[test]
fn plain_fen_as_fairy_stockfish_writes_it() {
    let g = shatranj();
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    assert_eq!(g.position(fen).unwrap().to_string(), fen);
    // Fields after the board may be left out.
    assert_eq!(
        g.position("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR")
            .unwrap()
            .to_string(),
        fen
    );
    let black = g
        .position("rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1")
        .unwrap();
    assert_eq!(black.side_to_move(), 1);
}

#[test]
fn bad_positions_say_where_and_what_to_do() {
    let g = shatranj();
    let cases = [
        ("", "the position is empty"),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP w",
            "the board has 7 rank(s)",
        ),
        (
            "rnbkqbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBKQBNR w",
            "rank 6 has 9 squares",
        ),
        (
            "rnbkqbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w",
            "rank 7 has 7 squares",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNZ w",
            "no piece has the letter 'Z'",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR x",
            "`x` is not a player",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQ",
            "castling",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - x",
            "half-move clock",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 0",
            "move numbers start at 1",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 extra",
            "unknown field",
        ),
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR\u{0}",
            "cannot stand in a rank",
        ),
    ];
    for (text, want) in cases {
        let e = g.position(text).unwrap_err();
        assert!(e.message.contains(want), "{text:?}: {}", e.message);
        assert!(e.help.is_some(), "{text:?} has no hint");
    }
}
