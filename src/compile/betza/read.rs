//! Reading one atom with its modifiers: legs, ranges, modes and hops, each
//! letter checked; the paths themselves come from `expand`.

use std::ops::Range;

use super::atoms::{atom, unsupported_atom, unsupported_modifier};
use super::directions::leg_mask;
use super::expand::expand;
use super::lex::Group;
use super::{
    error, BetzaError, BetzaLeg, Hop, LegMode, ATOM_HELP, MAX_LEGS, MAX_MOVES_PER_ATOM, MAX_RANGE,
    MODIFIER_HELP,
};

/// The modifiers of one leg.
#[derive(Default)]
pub(super) struct LegMods {
    /// Direction letters with their byte offsets.
    pub(super) dirs: Vec<(usize, u8)>,
    /// `m` was written.
    pub(super) m: bool,
    /// `c` was written.
    pub(super) c: bool,
    /// Where `e` was written.
    pub(super) e: Option<usize>,
    /// Where `p` was written.
    pub(super) p: Option<usize>,
    /// Where `g` was written.
    pub(super) g: Option<usize>,
    /// Where `n` was written.
    pub(super) n: Option<usize>,
    /// The bytes of this leg's modifiers, the `a` before it included.
    pub(super) span: Range<usize>,
}

/// How an earlier or the last leg ends.
enum Ending {
    /// An earlier leg: one move per mode.
    Inner(Vec<LegMode>),
    /// The last leg.
    Last(LegMode, Hop),
}

/// One leg, resolved.
pub(super) struct Plan {
    /// Directions: absolute for the first leg, relative after it.
    pub(super) mask: u8,
    /// The modes and hops to try, one move each.
    pub(super) endings: Vec<(LegMode, Hop)>,
    /// Lame (`n`).
    pub(super) lame: bool,
}

/// Reads one group into its paths, or records why not.
pub(super) fn read_group(
    text: &str,
    group: &Group,
    errors: &mut Vec<BetzaError>,
) -> Option<(bool, Vec<Vec<BetzaLeg>>)> {
    let before = errors.len();
    let atom_span = group.atom_at..group.atom_at + 1;
    let found = atom(group.atom);
    if found.is_none() {
        errors.push(match unsupported_atom(group.atom) {
            Some(what) if group.atom == 'O' => error(
                atom_span.clone(),
                format!("{what} is not supported"),
                "castling is a move ludeme of its own: `(castle \"Rook\" steps:2)` beside the piece's other moves",
            ),
            Some(what) => error(
                atom_span.clone(),
                format!("{what} is not supported"),
                ATOM_HELP,
            ),
            None => error(
                atom_span.clone(),
                format!("`{}` is not a Betza atom", group.atom),
                ATOM_HELP,
            ),
        });
    }
    let max = read_range(text, group, found.is_some_and(|(_, rider)| rider), errors);
    let (legs, initial) = split_legs(group, errors);
    let (shape, _) = found?;
    let name = atom_name(text, group);

    let mut plans = Vec::with_capacity(legs.len());
    for (k, leg) in legs.iter().enumerate() {
        let later = k > 0;
        let last = k + 1 == legs.len();
        let mask = leg_mask(leg, shape, later, &name, errors);
        let ending = leg_ending(leg, last, max, group, &name, errors);
        if let Some(n) = leg.n {
            let long = shape.step(1).0.abs().max(shape.step(1).1.abs()) > 1;
            if long && max != Some(1) {
                errors.push(error(
                    n..n + 1,
                    format!("`n` on the rider `{name}` is not supported"),
                    "`n` makes a single leap lame (`nN`, `nA`, `nD`); a lame rider has no path of legs",
                ));
            }
        }
        let endings = match ending {
            Some(Ending::Last(mode, hop)) => vec![(mode, hop)],
            Some(Ending::Inner(modes)) => modes.into_iter().map(|m| (m, Hop::None)).collect(),
            None => Vec::new(),
        };
        plans.push(Plan {
            mask: mask.unwrap_or(0),
            endings,
            lame: leg.n.is_some(),
        });
    }
    if let Some(i) = initial {
        let captures = plans.iter().enumerate().any(|(k, plan)| {
            plan.endings.iter().any(|&(mode, _)| {
                mode == LegMode::Capture || (k + 1 == plans.len() && mode == LegMode::Both)
            })
        });
        if captures {
            errors.push(error(
                i..i + 1,
                "an initial move that can capture is not supported",
                format!(
                    "Fairy-Stockfish, which move counts are checked against, drops initial captures; \
                     add `m` for a first move to an empty square, as in `im{name}`"
                ),
            ));
        }
    }
    if errors.len() > before {
        return None;
    }
    let mut out = Vec::new();
    let mut acc = Vec::new();
    if !expand(shape, max, &plans, 0, 0, &mut acc, &mut out) {
        errors.push(error(
            group.span.clone(),
            format!(
                "`{}` gives more than {MAX_MOVES_PER_ATOM} moves",
                &text[group.span.clone()]
            ),
            "name fewer directions or modes in each leg, or use fewer legs",
        ));
        return None;
    }
    Some((initial.is_some(), out))
}

/// The atom as written, with its doubling and range (`NN`, `R4`).
fn atom_name(text: &str, group: &Group) -> String {
    text[group.atom_at..group.span.end].to_string()
}

/// The most steps of each leg (`None`: no limit).
fn read_range(text: &str, group: &Group, rider: bool, errors: &mut Vec<BetzaError>) -> Option<u32> {
    let letter = group.atom;
    let Some(span) = group.digits.clone() else {
        return if group.doubled || rider {
            None
        } else {
            Some(1)
        };
    };
    let digits = &text[span.clone()];
    if group.doubled {
        errors.push(error(
            group.atom_at..span.end,
            format!("`{letter}{letter}` rides without limit, and `{digits}` limits it"),
            format!(
                "write `{letter}{letter}` for no limit or `{letter}{digits}` for at most {digits} steps"
            ),
        ));
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        errors.push(error(
            span,
            format!("range `{digits}` has a leading zero"),
            format!(
                "write `{letter}{}` (`{letter}0` means no limit)",
                digits.trim_start_matches('0')
            ),
        ));
        return None;
    }
    match digits.parse::<u32>() {
        Ok(0) => None,
        Ok(n) if n <= MAX_RANGE => Some(n),
        _ => {
            errors.push(error(
                span,
                format!("range `{digits}` is too large"),
                format!(
                    "a range is at most {MAX_RANGE}; for no limit write `{letter}0` or `{letter}{letter}`"
                ),
            ));
            None
        }
    }
}

/// Splits a group's modifiers into legs at each `a`, checking each letter.
/// Returns the legs and where `i` was written.
fn split_legs(group: &Group, errors: &mut Vec<BetzaError>) -> (Vec<LegMods>, Option<usize>) {
    let start = group.mods.first().map_or(group.atom_at, |m| m.0);
    let mut legs = vec![LegMods {
        span: start..start,
        ..LegMods::default()
    }];
    let mut initial = None;
    for &(at, letter) in &group.mods {
        let here = at..at + 1;
        if letter == b'a' {
            legs.push(LegMods {
                span: at..at + 1,
                ..LegMods::default()
            });
            continue;
        }
        let later = legs.len() > 1;
        let Some(leg) = legs.last_mut() else {
            continue;
        };
        leg.span.end = at + 1;
        match letter {
            b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => leg.dirs.push((at, letter)),
            b'm' => leg.m = true,
            b'c' => leg.c = true,
            b'e' => leg.e = Some(at),
            b'p' => leg.p = Some(at),
            b'g' => leg.g = Some(at),
            b'n' if leg.n.is_some() => errors.push(error(
                here,
                "`nn` (a lame move that gives en-passant rights) is not supported",
                "write `n` once",
            )),
            b'n' => leg.n = Some(at),
            b'i' if later => errors.push(error(
                here,
                "`i` in a later leg",
                "put `i` before the first leg: it marks the whole move as a first move",
            )),
            b'i' if initial.is_some() => {
                errors.push(error(here, "`ii` is not supported", "write `i` once"));
            }
            b'i' => initial = Some(at),
            other => {
                let upper = other.to_ascii_uppercase() as char;
                errors.push(match unsupported_modifier(other) {
                    Some(what) => error(here, format!("{what} is not supported"), MODIFIER_HELP),
                    None if atom(upper).is_some() => error(
                        here,
                        format!("`{}` is not a Betza modifier", char::from(other)),
                        format!("did you mean the atom `{upper}`? atoms are capital letters"),
                    ),
                    None => error(
                        here,
                        format!("`{}` is not a Betza modifier", char::from(other)),
                        MODIFIER_HELP,
                    ),
                });
            }
        }
    }
    if legs.len() > MAX_LEGS {
        errors.push(error(
            group.span.clone(),
            format!("{} legs in one move", legs.len()),
            format!("a move has at most {MAX_LEGS} legs (`a` separates them)"),
        ));
    }
    (legs, initial)
}

/// How a leg ends: its modes and hop.
fn leg_ending(
    leg: &LegMods,
    last: bool,
    max: Option<u32>,
    group: &Group,
    name: &str,
    errors: &mut Vec<BetzaError>,
) -> Option<Ending> {
    let atom = group.atom;
    if let Some(e) = leg.e {
        if !last {
            errors.push(error(
                e..e + 1,
                "`e` before `a` is not supported",
                "an en-passant capture ends the move: put `e` on the last leg",
            ));
            return None;
        }
        if leg.m || leg.c || leg.p.is_some() || leg.g.is_some() {
            errors.push(error(
                e..e + 1,
                "`e` with `m`, `c`, `p` or `g` in one group",
                "write the en-passant capture as a group of its own, as in `fcFfeF`",
            ));
            return None;
        }
        return Some(Ending::Last(LegMode::EnPassant, Hop::None));
    }
    if !last {
        if let Some(g) = leg.g {
            errors.push(error(
                g..g + 1,
                "`g` before `a` is not supported",
                "use `p` for a leg that ends by jumping a piece, as in `pafcR`",
            ));
            return None;
        }
        let mut modes = Vec::new();
        if leg.m || !(leg.c || leg.p.is_some()) {
            modes.push(LegMode::Move);
        }
        if leg.c {
            modes.push(LegMode::Capture);
        }
        if leg.p.is_some() {
            modes.push(LegMode::Hurdle);
        }
        return Some(Ending::Inner(modes));
    }
    let mode = match (leg.m, leg.c) {
        (true, false) => LegMode::Move,
        (false, true) => LegMode::Capture,
        _ => LegMode::Both,
    };
    let hop = match (leg.p, leg.g) {
        (Some(p), Some(g)) => {
            errors.push(error(
                p.min(g)..p.max(g) + 1,
                "`p` and `g` together",
                "choose one: `p` lands anywhere behind the hurdle, `g` right behind it",
            ));
            return None;
        }
        (Some(_), None) => Hop::Hop,
        (None, Some(_)) => Hop::Grasshop,
        (None, None) => Hop::None,
    };
    if let Some(at) = leg.p.or(leg.g) {
        let letter = if leg.p.is_some() { 'p' } else { 'g' };
        if max == Some(1) {
            errors.push(error(
                at..at + 1,
                format!("`{letter}{name}` cannot move: `{letter}` needs a riding atom"),
                format!(
                    "hoppers ride: write `{letter}R`, `{letter}B`, `{letter}Q` or `{letter}{atom}{atom}`"
                ),
            ));
            return None;
        }
        if letter == 'g' && group.digits.is_some() {
            errors.push(error(
                at..at + 1,
                "`g` with a range is not supported",
                "a grasshopper lands right behind the first piece in its way: drop the range",
            ));
            return None;
        }
    }
    Some(Ending::Last(mode, hop))
}
