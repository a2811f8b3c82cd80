//! SAN (`lud::notation::san`) and the moves `parse_move` reads besides the
//! coordinate notation: SAN, columns, the hints for what it cannot read.
//!
//! SAN is checked two ways: by hand, on the opening of a famous game and on
//! positions built for one rule each (disambiguation, castling both ways,
//! promotion, mate); and as a property, on random positions of every shipped
//! game written in SAN: each legal move's SAN reads back as that move, and
//! no two moves of a position share a SAN.

#[path = "support/common.rs"]
mod common;

use common::{game, pos};
use lud::notation::{move_help, parse_move, plain_kind, san, writes_san};
use lud::Position;

/// The SAN of a move typed in coordinates, then plays it.
fn san_of(p: &mut Position, coord: &str) -> String {
    let m = parse_move(p, coord).unwrap_or_else(|e| panic!("{coord}: {}", e.message));
    let s = san(p, m).unwrap_or_else(|| panic!("{coord}: no SAN"));
    assert_eq!(parse_move(p, &s), Ok(m), "{s} reads back as {coord}");
    p.play(m).unwrap();
    s
}

#[test]
fn the_opera_game_in_san() {
    // Morphy against the Duke of Brunswick and Count Isouard, Paris 1858,
    // as the books print it (checked by hand, move by move).
    let g = game("games/chess.lud");
    let mut p = g.start();
    let coords = [
        "e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4",
        "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7",
        "e1c1", "a8d8", "d1d7", "d8d7", "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8",
    ];
    let want = [
        "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
        "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
        "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
    ];
    let got: Vec<String> = coords.iter().map(|c| san_of(&mut p, c)).collect();
    assert_eq!(got, want);
    assert!(p.outcome().is_some(), "Rd8 is mate");
}

#[test]
fn disambiguation_is_the_least_that_tells_pieces_apart() {
    let g = game("games/chess.lud");
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    let mut p = pos(&g, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&mut p.clone(), "b1d2"), "Nbd2");
    // Rooks on a1 and a5 both reach a3: the rank.
    let mut q = pos(&g, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&mut q.clone(), "a1a3"), "R1a3");
    // Queens on h4, e4 and h1 all reach e1: both.
    let mut r = pos(&g, "8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(san_of(&mut r.clone(), "h4e1"), "Qh4e1");
    // A lone knight is written without any.
    assert_eq!(san_of(&mut p, "f3e5"), "Ne5");
    assert_eq!(san_of(&mut q, "e1e2"), "Ke2");
    assert_eq!(san_of(&mut r, "a1b2"), "Kb2");
}

/// A SAN move whose piece is told apart by its rank reads the same as a
/// move in coordinates once its capital is made small (`B1c3`, `b1c3`): the
/// capital is the piece's letter, so it is the Bishop's move, not the
/// Knight's on b1; coordinates in capitals still read.
#[test]
fn a_capital_first_is_a_pieces_letter_not_a_file() {
    let g = game("games/chess.lud");
    let p = pos(&g, "8/7k/8/B7/8/8/8/BN5K w - - 0 1");
    let bishop = parse_move(&p, "B1c3").unwrap();
    let knight = parse_move(&p, "b1c3").unwrap();
    assert_ne!(bishop, knight);
    assert_eq!(san(&p, bishop).as_deref(), Some("B1c3"));
    assert_eq!(san(&p, knight).as_deref(), Some("Nc3"));
    assert_eq!(
        parse_move(&p, "B5c3").unwrap(),
        parse_move(&p, "a5c3").unwrap()
    );
    assert_eq!(
        parse_move(&p, "H1G2").unwrap(),
        parse_move(&p, "h1g2").unwrap()
    );
    // In the other games written in SAN, the same.
    let x = game("games/xiangqi.lud");
    let start = x.start();
    for m in start.legal_moves() {
        let s = san(&start, m).unwrap();
        assert_eq!(parse_move(&start, &s), Ok(m), "{s}");
    }
}

#[test]
fn castling_promotion_en_passant_and_mate() {
    let g = game("games/chess.lud");
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&mut p.clone(), "e1g1"), "O-O");
    assert_eq!(san_of(&mut p.clone(), "e1c1"), "O-O-O");
    let mut p = pos(&g, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&mut p.clone(), "b7b8q"), "b8=Q+");
    assert_eq!(san_of(&mut p.clone(), "b7b8n"), "b8=N");
    assert_eq!(san_of(&mut p, "b7b8r"), "b8=R+");
    // En passant takes a piece that is not on the square it goes to.
    let mut p = pos(&g, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    assert_eq!(san_of(&mut p, "d5e6"), "dxe6");
    // Fool's mate.
    let mut p = g.start();
    for c in ["f2f3", "e7e5", "g2g4"] {
        san_of(&mut p, c);
    }
    assert_eq!(san_of(&mut p, "d8h4"), "Qh4#");
}

/// A pawn move refused names the pawn on the file it goes to, once, with
/// how pawns move; a piece letter written small is told to be a capital.
#[test]
fn a_refused_san_names_the_piece_meant_and_capitals() {
    let g = game("games/shatranj.lud");
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBKQBNR b - - 0 1",
    );
    let e = parse_move(&p, "e4").unwrap_err();
    assert_eq!(e.message, "e4: no Pawn can move to e4");
    let help = e.help.unwrap();
    assert!(help.starts_with("the Pawn on e7: "), "{help}");
    assert_eq!(help.matches("the Pawn on").count(), 1, "{help}");
    let e = parse_move(&p, "nf6").unwrap_err();
    assert_eq!(
        e.help.as_deref(),
        Some("a piece's letter is a capital (N is the Horse): write Nf6")
    );
    assert_eq!(parse_move(&p, "Nf6"), parse_move(&p, "g8f6"));
}

#[test]
fn san_is_read_with_or_without_its_marks() {
    let g = game("games/chess.lud");
    let p = pos(&g, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let same = |a: &str, b: &str| {
        assert_eq!(
            parse_move(&p, a).map_err(|e| e.message),
            parse_move(&p, b).map_err(|e| e.message),
            "{a} and {b}"
        );
    };
    same("O-O", "e1g1");
    same("0-0", "e1g1");
    same("O-O-O", "e1c1");
    same("0-0-0", "e1c1");
    same("bxa8=Q+", "b7a8q");
    same("ba8Q", "b7a8q");
    same("bxa8=Q", "b7a8q");
    same("b8=N", "b7b8n");
    same("b8n", "b7b8n");
    same("Rxa8", "a1a8");
    same("Rxa8+", "a1a8");
    same("Ra8!?", "a1a8");
}

#[test]
fn san_refusals_say_why() {
    let g = game("games/chess.lud");
    let start = g.start();
    let e = parse_move(&start, "Nf4").unwrap_err();
    assert_eq!(e.message, "Nf4: no Knight can move to f4");
    let p = pos(&g, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let e = parse_move(&p, "Nd2").unwrap_err();
    assert_eq!(e.message, "Nd2: two Knights can go to d2");
    assert_eq!(e.help.as_deref(), Some("write Nbd2 or Nfd2"));
    let p = pos(&g, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let e = parse_move(&p, "b8").unwrap_err();
    assert_eq!(e.message, "b8: this move promotes: say to what");
    let e = parse_move(&start, "Zf3").unwrap_err();
    assert_eq!(e.message, "Zf3: no piece has the letter Z");
    let e = parse_move(&start, "O-O").unwrap_err();
    assert_eq!(e.message, "O-O: castling is not allowed now");
    assert_eq!(e.help.as_deref(), Some("e1g1: g1 holds your own Knight"));
    let e = parse_move(&start, "Nz9").unwrap_err();
    assert_eq!(e.message, "z9 is not a square of this board");
}

#[test]
fn the_king_onto_its_rook_is_told_how_castling_is_written() {
    let g = game("games/chess.lud");
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let e = parse_move(&p, "e1h1").unwrap_err();
    assert_eq!(
        e.message,
        "the King does not move onto its own Rook: castling is written e1g1 or O-O"
    );
    assert_eq!(e.help.as_deref(), Some("e1g1 is legal now"));
    let e = parse_move(&p, "e1a1").unwrap_err();
    assert!(
        e.message.ends_with("castling is written e1c1 or O-O-O"),
        "{}",
        e.message
    );
}

#[test]
fn xyz_is_not_a_move_whatever_its_first_letter() {
    for file in [
        "games/chess.lud",
        "games/parsi-chess.lud",
        "games/connect-four.lud",
    ] {
        let g = game(file);
        let p = g.start();
        let e = parse_move(&p, "xyz").unwrap_err();
        assert_eq!(e.message, "`xyz` is not a move", "{file}");
        let lines = move_help(&p);
        assert_eq!(
            e.help,
            Some(lines[..lines.len().min(2)].join(" ")),
            "{file}: the game's own hint"
        );
    }
}

#[test]
fn a_column_is_typed_by_its_letter() {
    let g = game("games/connect-four.lud");
    let mut p = g.start();
    let d = parse_move(&p, "d").unwrap();
    assert_eq!(lud::notation::move_text(&p, d), "@d1");
    p.play(d).unwrap();
    let d = parse_move(&p, "D").unwrap();
    assert_eq!(lud::notation::move_text(&p, d), "@d2");
    let e = parse_move(&p, "z").unwrap_err();
    assert_eq!(e.message, "z is not a column of this board");
    // A square alone gets the drop's spelling, not the from-to hint.
    let e = parse_move(&p, "e1").unwrap_err();
    assert_eq!(e.message, "to put a piece on e1, write @e1");
    assert_eq!(e.help.as_deref(), Some("or type the column alone: e"));
    let e = parse_move(&p, "e5").unwrap_err();
    assert!(e.message.contains("is not a move"), "{}", e.message);
    assert!(!e.help.unwrap_or_default().contains("from"));
    // From one square to another: no piece moves in this game.
    let e = parse_move(&p, "d1d2").unwrap_err();
    assert_eq!(e.message, "pieces are put down and never move in this game");
    assert!(e.help.unwrap_or_default().starts_with("Drop a Disc"));
    // A full column.
    let full = pos(&g, "3D3/3d3/3D3/3d3/3D3/3d3 y - - 0 4");
    let e = parse_move(&full, "d").unwrap_err();
    assert_eq!(e.message, "no piece can be dropped in column d now");
}

#[test]
fn help_fits_the_kind_of_game() {
    let joined = |file: &str| move_help(&game(file).start()).join("\n");
    let c4 = joined("games/connect-four.lud");
    assert!(c4.contains("column"), "{c4}");
    assert!(!c4.contains("square it leaves"), "{c4}");
    assert!(!c4.contains("promotes"), "{c4}");
    let chess = joined("games/chess.lud");
    for want in ["square it leaves", "SAN", "O-O", "promotes", "q (Queen)"] {
        assert!(chess.contains(want), "{want}: {chess}");
    }
    assert!(!chess.contains('@'), "{chess}");
    let draughts = joined("games/draughts.lud");
    assert!(draughts.contains("series of jumps"), "{draughts}");
    assert!(!draughts.contains("SAN"), "{draughts}");
    let parsi = joined("games/parsi-chess.lud");
    assert!(!parsi.contains("Remove an enemy piece"), "{parsi}");
    let g = common::game_with(
        "games/parsi-chess.lud",
        None,
        &[("stalemate", "confiscate")],
    );
    let confiscate = move_help(&g.start()).join("\n");
    assert!(
        confiscate.contains(
            "Remove an enemy piece by writing x and its square, when you have no other move."
        ),
        "{confiscate}"
    );
    assert!(parsi.contains("comma"), "{parsi}");
    for file in GAMES {
        let g = game(file);
        for line in move_help(&g.start()) {
            assert!(!line.contains('`'), "{file}: {line}");
            for rule in &g.model().moves {
                assert!(!line.contains(&rule.text), "{file}: rule syntax in {line}");
            }
        }
    }
}

/// The shipped games.
const GAMES: [&str; 7] = [
    "games/chess.lud",
    "games/shatranj.lud",
    "games/parsi-chess.lud",
    "games/nilakantha.lud",
    "games/xiangqi.lud",
    "games/draughts.lud",
    "games/connect-four.lud",
];

#[test]
fn which_games_are_written_in_san() {
    let san_games: Vec<&str> = GAMES
        .iter()
        .copied()
        .filter(|f| writes_san(game(f).model()))
        .collect();
    assert_eq!(
        san_games,
        [
            "games/chess.lud",
            "games/shatranj.lud",
            "games/parsi-chess.lud",
            "games/nilakantha.lud",
            "games/xiangqi.lud"
        ]
    );
    // The pawns are the kind written without a letter; Xiangqi's soldier
    // does not promote, so every Xiangqi piece has its letter.
    for f in &san_games[..4] {
        let g = game(f);
        assert_eq!(
            plain_kind(g.model()).map(|k| g.model().pieces[k].name.as_str()),
            Some("Pawn"),
            "{f}"
        );
    }
    assert_eq!(plain_kind(game("games/xiangqi.lud").model()), None);
}

#[test]
fn every_san_reads_back_and_no_two_moves_share_one() {
    let mut configs: Vec<lud::Game> = GAMES.iter().map(|f| game(f)).collect();
    let parsi = "games/parsi-chess.lud";
    configs.push(common::game_with(parsi, Some("Murray"), &[]));
    configs.push(common::game_with(
        parsi,
        Some("Shastree"),
        &[("stalemate", "confiscate")],
    ));
    configs.push(common::game_with(
        "games/nilakantha.lud",
        None,
        &[("king-file", "d"), ("setup-pawn", "choose")],
    ));
    for g in configs {
        let file = g.name().to_string();
        let sans = writes_san(g.model());
        let mut rng = fastrand::Rng::with_seed(16);
        let mut checked = 0;
        for _game in 0..6 {
            let mut p = g.start();
            for _ply in 0..60 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut seen = std::collections::HashMap::new();
                for &m in &moves {
                    let Some(s) = san(&p, m) else {
                        assert!(
                            !sans
                                || m.from().is_none()
                                || m.extra().is_some()
                                || lud::notation::move_text(&p, m).contains('x')
                                || lud::notation::move_text(&p, m).len() > 5,
                            "{file} {p}: no SAN for {}",
                            lud::notation::move_text(&p, m)
                        );
                        continue;
                    };
                    assert!(sans, "{file}: a SAN in a game not written in SAN");
                    let back = parse_move(&p, &s)
                        .unwrap_or_else(|e| panic!("{file} {p}: {s}: {}", e.message));
                    assert_eq!(
                        (back.from(), back.to(), back.promotion()),
                        (m.from(), m.to(), m.promotion()),
                        "{file} {p}: {s}"
                    );
                    if let Some(other) = seen.insert(s.clone(), m) {
                        assert_eq!(
                            (other.from(), other.to(), other.promotion()),
                            (m.from(), m.to(), m.promotion()),
                            "{file} {p}: two moves are {s}"
                        );
                    }
                    checked += 1;
                }
                p.play(moves[rng.usize(..moves.len())]).unwrap();
            }
        }
        assert_eq!(checked > 0, sans, "{file}");
    }
}

#[test]
fn any_text_is_read_or_refused_without_a_panic() {
    let alphabet: Vec<char> = "abcdehxyzKQRBNPO0189=+#-@,!? ".chars().collect();
    for file in GAMES {
        let g = game(file);
        let mut rng = fastrand::Rng::with_seed(99);
        let mut p = g.start();
        for round in 0..400 {
            let len = rng.usize(0..8);
            let text: String = (0..len)
                .map(|_| alphabet[rng.usize(..alphabet.len())])
                .collect();
            match parse_move(&p, &text) {
                Ok(m) => assert!(p.legal_moves().contains(&m), "{file}: {text}"),
                Err(e) => assert!(!e.message.is_empty(), "{file}: {text}"),
            }
            if round % 50 == 49 {
                let moves = p.legal_moves();
                if let Some(&m) = moves.get(rng.usize(..moves.len().max(1))) {
                    p.play(m).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_help_of_every_game() {
    let mut out = String::new();
    for file in GAMES {
        out.push_str("== ");
        out.push_str(file);
        out.push('\n');
        for line in move_help(&game(file).start()) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("move_help_of_every_game", out);
    });
}
