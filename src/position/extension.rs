//! Reading the fields beyond FEN: `name=value`, one at a time.

use super::write::field_name;
use super::{err, number, player_of, player_tokens, NumError, Res, MAX_PLY};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::MAX_COUNTERS;
use crate::engine::Engine;
use crate::state::{State, NO_SQ};

/// The names of a list, for a hint: "the phases are a, b", or "this game has no phases".
pub(super) fn names_hint(what: &str, verb: &str, names: &[String]) -> String {
    if names.is_empty() {
        format!("this game {verb} no {what}")
    } else {
        format!("the {what} are {}", names.join(", "))
    }
}

/// Reads one `name=value` field.
pub(super) fn parse_extension<B: Bits>(
    e: &Engine<B>,
    st: &mut State<B>,
    text: &str,
    at: usize,
    tok: &str,
) -> Res<()> {
    let (key, value) = tok.split_once('=').unwrap_or((tok, ""));
    let span = (at, at + tok.len());
    let bad = |what: &str, help: String| {
        err(
            text,
            span,
            format!("the field `{key}` cannot be read: {what}"),
            what,
            help,
        )
    };
    let b = e.board();
    let square = |name: &str| -> Res<Sq> {
        b.parse(name).ok_or_else(|| {
            bad(
                &format!("`{name}` is not a square"),
                "squares are written a1, b2, ...".into(),
            )
        })
    };
    // A whole number in `range`; else the error `large` (what, help) for
    // one out of it, or `nan` for one that is not a number.
    let within = |v: &str,
                  range: std::ops::RangeInclusive<u32>,
                  large: (String, String),
                  nan: (&str, &str)| match number::<u32>(v) {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) | Err(NumError::TooLarge) => Err(bad(&large.0, large.1)),
        Err(NumError::NotANumber) => Err(bad(nan.0, nan.1.into())),
    };
    let pieces = st.occupied();
    let occupied = |name: &str| -> Res<Sq> {
        let q = square(name)?;
        if !pieces.has(q) {
            return Err(bad(
                &format!("{name} is empty"),
                "list only squares with pieces".into(),
            ));
        }
        Ok(q)
    };
    match key {
        "counters" => {
            let more = e.counters.len().saturating_sub(1);
            let parts: Vec<&str> = value.split(',').collect();
            if parts.len() > more {
                return Err(bad(
                    &format!("{} counter(s) given", parts.len()),
                    format!("this game has {more} counter(s) after the clock"),
                ));
            }
            for (i, v) in parts.into_iter().enumerate() {
                let idx = i + 1;
                match number::<u16>(v) {
                    Ok(v) if idx < MAX_COUNTERS => st.counters[idx] = v,
                    Err(NumError::TooLarge) => {
                        return Err(bad(
                            &format!("counter {} is {v}, more than lud counts", idx + 1),
                            format!("write counts from 0 to {}", u16::MAX),
                        ))
                    }
                    _ => {
                        return Err(bad(
                            &format!("counter {} is `{v}`, not a number", idx + 1),
                            "write counters=A,B with a number for each counter after the clock"
                                .into(),
                        ))
                    }
                }
            }
        }
        "ply" => {
            st.ply = within(
                value,
                0..=MAX_PLY,
                (
                    format!("{value} plies are more than lud counts"),
                    format!("write a number from 0 to {MAX_PLY}"),
                ),
                ("not a number", "write the number of plies played"),
            )?;
        }
        "phase" => {
            let (name, left) = value.split_once(':').unwrap_or((value, ""));
            let names: Vec<String> = e
                .model
                .phases
                .iter()
                .filter(|p| p.moves_each > 0)
                .map(|p| field_name(&p.name))
                .collect();
            let Some(p) = e
                .model
                .phases
                .iter()
                .position(|p| p.moves_each > 0 && field_name(&p.name) == name)
            else {
                return Err(bad(
                    &format!("no phase `{name}`"),
                    names_hint("phases", "has", &names),
                ));
            };
            let most = e.model.phases[p].moves_each.min(255);
            let left = within(
                left,
                1..=most,
                (
                    format!("{left} moves left in `{name}`"),
                    format!("a player makes 1 to {most} moves in a row in `{name}`"),
                ),
                ("the moves left are not a number", "write phase=NAME:MOVES_LEFT"),
            )?;
            st.phase = p as u8;
            st.phase_left = left as u8;
        }
        "moved" | "unmoved" => {
            for name in value.split(',').filter(|x| !x.is_empty()) {
                let q = occupied(name)?;
                if key == "moved" {
                    st.unmoved &= !B::bit(q);
                } else {
                    st.unmoved |= B::bit(q);
                }
            }
        }
        "origin" => {
            for pair in value.split(',').filter(|x| !x.is_empty()) {
                let (sq, o) = pair.split_once(':').ok_or_else(|| {
                    bad(
                        &format!("`{pair}` is not SQUARE:ORIGIN"),
                        "write origin=e4:e2".into(),
                    )
                })?;
                let q = occupied(sq)?;
                let o = if o == "-" { NO_SQ } else { square(o)? };
                st.origin.as_mut()[q as usize] = B::orig(o);
            }
        }
        "flags" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let names: Vec<String> = e.model.flags.iter().map(|x| field_name(x)).collect();
                let Some(f) = names.iter().position(|x| *x == name) else {
                    return Err(bad(
                        &format!("no flag `{name}`"),
                        names_hint("flags", "has", &names),
                    ));
                };
                for sqn in list.split(',').filter(|x| !x.is_empty()) {
                    let q = occupied(sqn)?;
                    st.flags[f] |= B::bit(q);
                }
            }
        }
        "facts" => {
            for part in value.split(';').filter(|x| !x.is_empty()) {
                let (name, list) = part.split_once(':').unwrap_or((part, ""));
                let names: Vec<String> = e
                    .model
                    .player_flags
                    .iter()
                    .map(|x| field_name(&x.name))
                    .collect();
                let Some(f) = names.iter().position(|x| *x == name) else {
                    return Err(bad(
                        &format!("no remembered fact `{name}`"),
                        names_hint("facts", "remembers", &names),
                    ));
                };
                for p in list.split(',').filter(|x| !x.is_empty()) {
                    let Some(p) = player_of(e, p) else {
                        return Err(bad(
                            &format!("`{p}` is not a player"),
                            format!("write {} for a player", player_tokens(e)),
                        ));
                    };
                    st.facts[p as usize] |= 1 << f;
                }
            }
        }
        "hand" => {
            st.hand = Default::default();
            let m = &e.model;
            let has_hands = !m.hands.is_empty()
                || m.moves.iter().any(|d| {
                    matches!(
                        d.kind,
                        crate::compile::model::MoveKind::Drop {
                            from_hand: true,
                            ..
                        }
                    )
                });
            if !has_hands && !value.is_empty() {
                return Err(bad(
                    "this game has no hands",
                    "a game holds pieces in hand when its file gives them, `(hand ...)` at the \
                     start, or drops them with `(drop ... fromHand:True)`: leave hand= out here"
                        .into(),
                ));
            }
            for part in value.split(',').filter(|x| !x.is_empty()) {
                let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let (count, letter) = part.split_at(digits);
                let mut chars = letter.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(bad(
                        &format!("`{part}` is not a count and a piece letter"),
                        "write hand=9M,9m: how many, then the piece's letter (a capital for the first player)".into(),
                    ));
                };
                let Some(k) = e.model.piece_by_letter(c) else {
                    return Err(bad(
                        &format!("no piece has the letter `{c}`"),
                        "write each piece's letter as the board does".into(),
                    ));
                };
                if k >= crate::state::HAND_KINDS {
                    return Err(bad(
                        &format!("`{c}` cannot be held in hand"),
                        format!(
                            "a hand holds only the first {} kinds of piece the game declares",
                            crate::state::HAND_KINDS
                        ),
                    ));
                }
                let n = if count.is_empty() {
                    1
                } else {
                    within(
                        count,
                        0..=99,
                        (
                            format!("{count} pieces in hand are more than lud holds"),
                            "write a count from 0 to 99".into(),
                        ),
                        ("not a number", "write hand=9M,9m"),
                    )?
                };
                let p = u8::from(!c.is_ascii_uppercase());
                st.set_hand(p, k as u8, n as u8);
            }
        }
        "score" => {
            let parts: Vec<&str> = value.split(',').collect();
            let players = usize::from(e.players());
            if parts.len() != players {
                return Err(bad(
                    &format!("{} score(s) given", parts.len()),
                    format!("write one score for each of the {players} players, in turn order: score=3,1"),
                ));
            }
            for (p, v) in parts.iter().enumerate() {
                let (neg, digits) = v.strip_prefix('-').map_or((false, *v), |d| (true, d));
                let n = within(
                    digits,
                    0..=crate::state::SCORE_MAX as u32,
                    (
                        format!("a score of {v} is beyond what lud holds"),
                        format!("write a score from -{0} to {0}", crate::state::SCORE_MAX),
                    ),
                    ("a score is not a whole number", "write score=3,-1"),
                )?;
                let n = n as i16;
                st.score[p] = if neg { -n } else { n };
            }
        }
        "part" => {
            let (k, from) = value.split_once(':').unwrap_or((value, "-"));
            let parts = e.model.parts.len().min(crate::engine::MAX_PARTS);
            if parts == 0 {
                return Err(bad(
                    "this game's turns have one part",
                    "leave the field out: a part is written only in the middle of a turn".into(),
                ));
            }
            let k = within(
                k,
                1..=parts as u32,
                (
                    format!("part {k} of a turn"),
                    format!("this game's turns go on with parts 1 to {parts}"),
                ),
                ("the part is not a number", "write part=PART:SQUARE, as part=1:d7"),
            )?;
            st.part = k as u8;
            st.anchor = if from == "-" { NO_SQ } else { square(from)? };
            // The same player goes on with the turn.
            st.mover = st.side;
        }
        "passes" => {
            let n = within(
                value,
                0..=u32::from(u8::MAX),
                (
                    format!("{value} passes in a row are more than lud counts"),
                    "write a count from 0 to 255".into(),
                ),
                ("not a number", "write passes=1 if the last move was a pass"),
            )?;
            st.passes = n as u8;
        }
        "took" => match value {
            "1" => st.took = true,
            "0" => st.took = false,
            _ => {
                return Err(bad(
                    &format!("`{value}` is not 0 or 1"),
                    "write took=1 if the last move took a piece".into(),
                ))
            }
        },
        _ => {
            return Err(err(
                text,
                span,
                format!("unknown field `{tok}`"),
                "not a field of a position",
                "the fields after the move number are counters=, ply=, phase=, moved=, unmoved=, origin=, flags=, facts=, took=, passes=, hand=, score=, part=",
            ))
        }
    }
    Ok(())
}
