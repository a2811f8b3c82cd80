use super::expand::lame_path;
use super::*;

const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn leg(dx: i32, dy: i32, max: Option<u32>, mode: LegMode, hop: Hop) -> BetzaLeg {
    BetzaLeg {
        dx,
        dy,
        min: 1,
        max,
        mode,
        hop,
    }
}

fn step(dx: i32, dy: i32, mode: LegMode) -> BetzaLeg {
    leg(dx, dy, Some(1), mode, Hop::None)
}

/// One-leg leaps to these vectors.
fn leaps(vectors: &[(i32, i32)], mode: LegMode) -> Vec<Vec<BetzaLeg>> {
    vectors
        .iter()
        .map(|&(dx, dy)| vec![step(dx, dy, mode)])
        .collect()
}

/// One-leg rides along these vectors.
fn rides(vectors: &[(i32, i32)], max: Option<u32>, mode: LegMode, hop: Hop) -> Vec<Vec<BetzaLeg>> {
    vectors
        .iter()
        .map(|&(dx, dy)| vec![leg(dx, dy, max, mode, hop)])
        .collect()
}

fn sorted(mut paths: Vec<Vec<BetzaLeg>>) -> Vec<Vec<BetzaLeg>> {
    paths.sort_by_key(|p| format!("{p:?}"));
    paths
}

/// The paths of a notation, in a canonical order, spans left out.
fn paths(text: &str) -> Vec<Vec<BetzaLeg>> {
    let moves = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert!(moves.iter().all(|m| !m.initial), "{text}");
    sorted(moves.into_iter().map(|m| m.legs).collect())
}

fn errors(text: &str) -> Vec<BetzaError> {
    match parse(text) {
        Ok(moves) => panic!("{text} was accepted: {moves:?}"),
        Err(e) => e,
    }
}

/// The error spans, as (start, end).
fn spans(text: &str) -> Vec<(usize, usize)> {
    errors(text)
        .into_iter()
        .map(|e| (e.span.start, e.span.end))
        .collect()
}

fn concat<T>(parts: impl IntoIterator<Item = Vec<T>>) -> Vec<T> {
    parts.into_iter().flatten().collect()
}

use LegMode::{Both, Capture, Hurdle, Move};

#[test]
fn well_known_pieces() {
    let chinese_horse: Vec<Vec<BetzaLeg>> = vec![
        vec![step(0, 1, Move), step(1, 1, Both)],
        vec![step(1, 0, Move), step(1, 1, Both)],
        vec![step(1, 0, Move), step(1, -1, Both)],
        vec![step(0, -1, Move), step(1, -1, Both)],
        vec![step(0, -1, Move), step(-1, -1, Both)],
        vec![step(-1, 0, Move), step(-1, -1, Both)],
        vec![step(-1, 0, Move), step(-1, 1, Both)],
        vec![step(0, 1, Move), step(-1, 1, Both)],
    ];
    let all8: Vec<(i32, i32)> = concat([ORTH.to_vec(), DIAG.to_vec()]);
    let table: Vec<(&str, Vec<Vec<BetzaLeg>>)> = vec![
        ("W", leaps(&ORTH, Both)),
        ("F", leaps(&DIAG, Both)),
        ("K", leaps(&all8, Both)),
        ("N", leaps(&KNIGHT, Both)),
        ("fN", leaps(&[(1, 2), (-1, 2)], Both)),
        ("ffN", leaps(&[(1, 2), (-1, 2)], Both)),
        ("fsN", leaps(&[(2, 1), (-2, 1)], Both)),
        ("fhN", leaps(&[(1, 2), (2, 1), (-2, 1), (-1, 2)], Both)),
        ("hrN", leaps(&[(1, 2), (2, -1), (-1, -2), (-2, 1)], Both)),
        ("hlN", leaps(&[(2, 1), (1, -2), (-2, -1), (-1, 2)], Both)),
        ("frN", leaps(&[(2, 1)], Both)),
        ("rfN", leaps(&[(1, 2)], Both)),
        ("rvN", leaps(&[(1, 2), (1, -2)], Both)),
        ("sN", leaps(&[(2, 1), (2, -1), (-2, 1), (-2, -1)], Both)),
        ("fsW", leaps(&[(0, 1), (1, 0), (-1, 0)], Both)),
        ("fF", leaps(&[(1, 1), (-1, 1)], Both)),
        ("rbF", leaps(&[(1, -1)], Both)),
        ("fK", leaps(&[(0, 1), (1, 1), (-1, 1)], Both)),
        ("D", leaps(&[(0, 2), (2, 0), (0, -2), (-2, 0)], Both)),
        ("A", leaps(&[(2, 2), (2, -2), (-2, -2), (-2, 2)], Both)),
        ("H", leaps(&[(0, 3), (3, 0), (0, -3), (-3, 0)], Both)),
        ("G", leaps(&[(3, 3), (3, -3), (-3, -3), (-3, 3)], Both)),
        (
            "C",
            leaps(
                &[
                    (1, 3),
                    (3, 1),
                    (3, -1),
                    (1, -3),
                    (-1, -3),
                    (-3, -1),
                    (-3, 1),
                    (-1, 3),
                ],
                Both,
            ),
        ),
        (
            "Z",
            leaps(
                &[
                    (2, 3),
                    (3, 2),
                    (3, -2),
                    (2, -3),
                    (-2, -3),
                    (-3, -2),
                    (-3, 2),
                    (-2, 3),
                ],
                Both,
            ),
        ),
        ("R", rides(&ORTH, None, Both, Hop::None)),
        ("WW", rides(&ORTH, None, Both, Hop::None)),
        ("W0", rides(&ORTH, None, Both, Hop::None)),
        ("B", rides(&DIAG, None, Both, Hop::None)),
        ("Q", rides(&all8, None, Both, Hop::None)),
        ("R4", rides(&ORTH, Some(4), Both, Hop::None)),
        ("W4", rides(&ORTH, Some(4), Both, Hop::None)),
        ("NN", rides(&KNIGHT, None, Both, Hop::None)),
        ("N0", rides(&KNIGHT, None, Both, Hop::None)),
        (
            "fmWfcF",
            vec![
                vec![step(0, 1, Move)],
                vec![step(1, 1, Capture)],
                vec![step(-1, 1, Capture)],
            ],
        ),
        ("nN", chinese_horse.clone()),
        ("mafsW", chinese_horse.clone()),
        ("afsW", chinese_horse),
        (
            "nA",
            DIAG.iter()
                .map(|&(x, y)| vec![step(x, y, Move), step(x, y, Both)])
                .collect(),
        ),
        (
            "nD",
            ORTH.iter()
                .map(|&(x, y)| vec![step(x, y, Move), step(x, y, Both)])
                .collect(),
        ),
        (
            "mRcpR",
            concat([
                rides(&ORTH, None, Move, Hop::None),
                rides(&ORTH, None, Capture, Hop::Hop),
            ]),
        ),
        ("gQ", rides(&all8, None, Both, Hop::Grasshop)),
        ("pR3", rides(&ORTH, Some(3), Both, Hop::Hop)),
        (
            "fcafmF",
            vec![
                vec![step(1, 1, Capture), step(1, 1, Move)],
                vec![step(-1, 1, Capture), step(-1, 1, Move)],
            ],
        ),
        ("KN", concat([leaps(&all8, Both), leaps(&KNIGHT, Both)])),
    ];
    for (text, expected) in table {
        assert_eq!(paths(text), sorted(expected), "{text}");
    }
}

#[test]
fn lame_zebra_is_the_janggi_elephant() {
    // The (2,3) leap: one straight step, then two diagonal ones outward.
    let nz = paths("nZ");
    assert_eq!(nz.len(), 8);
    assert!(nz.contains(&vec![step(0, 1, Move), step(1, 1, Move), step(1, 1, Both)]));
    assert!(nz.contains(&vec![
        step(-1, 0, Move),
        step(-1, -1, Move),
        step(-1, -1, Both)
    ]));
    // Fairy-Stockfish gives XBoard `mafsmafW` for the same piece.
    assert_eq!(paths("mafsmafW"), nz);
}

#[test]
fn initial_double_step() {
    let moves = parse("ifmnD").unwrap();
    assert_eq!(
        moves,
        vec![BetzaMove {
            legs: vec![step(0, 1, Move), step(0, 1, Move)],
            initial: true,
            span: 0..5,
        }]
    );
    // The FIDE pawn without en passant: the initial move is separate.
    let pawn = parse("fmWfcFifmnD").unwrap();
    assert_eq!(
        pawn.iter().map(|m| m.initial).collect::<Vec<_>>(),
        [false, false, false, true]
    );
}

#[test]
fn order_and_spans() {
    let rook = parse("R").unwrap();
    let dirs: Vec<(i32, i32)> = rook.iter().map(|m| (m.legs[0].dx, m.legs[0].dy)).collect();
    assert_eq!(dirs, ORTH);
    let queen = parse("Q").unwrap();
    let dirs: Vec<(i32, i32)> = queen.iter().map(|m| (m.legs[0].dx, m.legs[0].dy)).collect();
    assert_eq!(
        dirs,
        [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1)
        ]
    );
    let knight = parse("N").unwrap();
    let dirs: Vec<(i32, i32)> = knight
        .iter()
        .map(|m| (m.legs[0].dx, m.legs[0].dy))
        .collect();
    assert_eq!(dirs, KNIGHT);

    let pawn = parse("fmWfcF").unwrap();
    let spans: Vec<Range<usize>> = pawn.iter().map(|m| m.span.clone()).collect();
    assert_eq!(spans, [0..3, 3..6, 3..6]);
    let cannon = parse("mRcpR").unwrap();
    assert!(cannon[..4].iter().all(|m| m.span == (0..2)));
    assert!(cannon[4..].iter().all(|m| m.span == (2..5)));
    assert_eq!(parse("R4").unwrap()[0].span, 0..2);
    assert_eq!(parse("NN").unwrap()[0].span, 0..2);
}

#[test]
fn duplicates_keep_the_first() {
    let moves = parse("KW").unwrap();
    assert_eq!(moves.len(), 8);
    assert!(moves.iter().all(|m| m.span == (0..1)));
    let moves = parse("WK").unwrap();
    assert_eq!(moves.len(), 8);
    assert_eq!(moves.iter().filter(|m| m.span == (0..1)).count(), 4);
    // Different modes are different moves.
    assert_eq!(parse("mRcR").unwrap().len(), 8);
    // So is a move that may only be made first.
    assert_eq!(parse("mDimD").unwrap().len(), 8);
}

#[test]
fn later_legs() {
    // No direction after `a` on W: straight on or a right angle, not back.
    let moves = paths("maW");
    assert_eq!(moves.len(), 12);
    assert!(moves.iter().all(|p| p[0].mode == Move && p[1].mode == Both));
    assert!(moves
        .iter()
        .all(|p| (p[0].dx + p[1].dx, p[0].dy + p[1].dy) != (0, 0)));
    // On K: any way but back (7 turns from each of 8 directions).
    assert_eq!(paths("maK").len(), 56);
    // Several modes on an earlier leg: one move each.
    let moves = paths("fmcpafR");
    assert_eq!(moves.len(), 3);
    let modes: Vec<LegMode> = moves.iter().map(|p| p[0].mode).collect();
    for mode in [Move, Capture, Hurdle] {
        assert!(modes.contains(&mode), "{mode:?}");
    }
    assert!(moves
        .iter()
        .all(|p| p[0].max.is_none() && p[1] == leg(0, 1, None, Both, Hop::None)));
    // A 45-degree turn on a rook leg makes it a bishop leg.
    assert_eq!(
        paths("fmafrR"),
        vec![vec![
            leg(0, 1, None, Move, Hop::None),
            leg(1, 1, None, Both, Hop::None)
        ]]
    );
    // Back on an oblique atom.
    assert_eq!(
        paths("fmabN"),
        sorted(vec![
            vec![step(1, 2, Move), step(-1, -2, Both)],
            vec![step(-1, 2, Move), step(1, -2, Both)],
        ])
    );
    // Later legs read `sf` as `s` then `f`, as XBoard does.
    assert_eq!(
        paths("fmasfW"),
        sorted(vec![
            vec![step(0, 1, Move), step(0, 1, Both)],
            vec![step(0, 1, Move), step(1, 0, Both)],
            vec![step(0, 1, Move), step(-1, 0, Both)],
        ])
    );
}

#[test]
fn errors_have_spans() {
    assert_eq!(spans(""), [(0, 0)]);
    assert_eq!(spans("fm"), [(0, 2)]);
    assert_eq!(spans("K fm"), [(1, 2), (2, 4)]);
    assert_eq!(spans("E"), [(0, 1)]);
    assert_eq!(spans("jR"), [(0, 1)]);
    assert_eq!(spans("O"), [(0, 1)]);
    assert_eq!(spans("sfN"), [(0, 2)]);
    assert_eq!(spans("R100"), [(1, 4)]);
    assert_eq!(spans("R04"), [(1, 3)]);
    assert_eq!(spans("NN4"), [(0, 3)]);
    assert_eq!(spans("iD"), [(0, 1)]);
    assert_eq!(spans("hW"), [(0, 1)]);
    assert_eq!(spans("fhF"), [(0, 2)]);
    assert_eq!(spans("frK"), [(0, 2)]);
    assert_eq!(spans("pW"), [(0, 1)]);
    assert_eq!(spans("gR4"), [(0, 1)]);
    assert_eq!(spans("pgR"), [(0, 2)]);
    assert_eq!(spans("nNN"), [(0, 1)]);
    assert_eq!(spans("mafsN"), [(2, 4)]);
    assert_eq!(spans("maN"), [(1, 2)]);
    assert_eq!(spans("iimW"), [(1, 2)]);
    assert_eq!(spans("mainW"), [(2, 3)]);
    assert_eq!(spans("gafR"), [(0, 1)]);
    assert_eq!(spans("4R"), [(0, 1)]);
    assert_eq!(spans("W(F)"), [(1, 2), (3, 4)]);
    assert_eq!(spans("é"), [(0, 2)]);
    assert_eq!(spans("aaaaaaaaW"), [(0, 9)]);
    // Every error in the string, not just the first.
    assert_eq!(spans("jW E4 fm"), [(0, 1), (2, 3), (3, 4), (5, 6), (6, 8)]);
}

#[test]
fn error_messages_name_the_problem() {
    let one = |text: &str| {
        let mut e = errors(text);
        assert_eq!(e.len(), 1, "{text}: {e:?}");
        e.remove(0)
    };
    assert!(one("jR").message.contains("`j`"));
    assert!(one("jR").message.contains("not supported"));
    assert!(one("jR").help.contains("supported modifiers"));
    assert!(one("fmw").help.contains("`fmW`"));
    assert!(one("wF").help.contains("`W`"));
    assert!(one("sfN").help.contains("`fs`"));
    assert!(one("hfN").help.contains("`fh`"));
    assert!(one("E").help.contains("W F D N"));
    assert!(one("O").message.contains("castling"));
    assert!(one("iD").help.contains("`imD`"));
    assert!(one("fceF").help.contains("`fcFfeF`"));
    assert!(one("eafF").message.contains("`e` before `a`"));
    assert!(one("R100").help.contains("99"));
    assert!(one("R04").help.contains("`R4`"));
    assert_eq!(one("jR").to_string(), one("jR").message);
}

#[test]
fn lame_paths() {
    assert_eq!(lame_path(1, 2), [(0, 1), (1, 1)]);
    assert_eq!(lame_path(-2, 1), [(-1, 0), (-1, 1)]);
    assert_eq!(lame_path(2, 2), [(1, 1), (1, 1)]);
    assert_eq!(lame_path(0, -3), [(0, -1), (0, -1), (0, -1)]);
    assert_eq!(lame_path(1, 3), [(0, 1), (0, 1), (1, 1)]);
    // On one-square atoms `n` changes nothing.
    assert_eq!(paths("nK"), paths("K"));
    assert_eq!(paths("nR"), paths("R"));
}

#[test]
fn random_strings_do_not_panic() {
    const ALPHABET: &[u8] = b"WFDNAHCZGKRBQLJOUXIE fblrvshmcpgniajdeoqtuxyzkw0123456789()[]-?";
    let mut rng = fastrand::Rng::with_seed(7);
    for round in 0..20_000 {
        let len = rng.usize(0..14);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if round % 5 == 0 {
                    rng.u8(..)
                } else {
                    ALPHABET[rng.usize(0..ALPHABET.len())]
                }
            })
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        match parse(&text) {
            Ok(moves) => {
                assert!(!moves.is_empty(), "{text:?}");
                for m in &moves {
                    assert!(m.span.end <= text.len() && m.span.start < m.span.end);
                    let (last, before) = m.legs.split_last().expect("a move has legs");
                    assert!(before.iter().all(|l| l.hop == Hop::None && l.mode != Both));
                    assert!(last.mode != Hurdle);
                    assert!(m
                        .legs
                        .iter()
                        .all(|l| l.min == 1 && l.max.is_none_or(|x| x >= 1)));
                }
            }
            Err(errors) => {
                assert!(!errors.is_empty(), "{text:?}");
                for e in &errors {
                    assert!(text.get(e.span.clone()).is_some(), "{text:?} {e:?}");
                    assert!(!e.message.is_empty() && !e.help.is_empty());
                }
            }
        }
    }
}
