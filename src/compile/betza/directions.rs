//! Direction words (`f`, `fs`, `rv`, ...): which of an atom's eight
//! directions a leg keeps, absolute on the first leg and relative to the
//! previous leg on later ones.

use std::ops::Range;

use super::atoms::Shape;
use super::read::LegMods;
use super::{error, BetzaError};

/// A direction word: one letter, or two read together.
#[derive(Debug, Clone, Copy)]
struct Word {
    at: usize,
    first: u8,
    second: Option<u8>,
}

impl Word {
    fn span(self) -> Range<usize> {
        self.at..self.at + 1 + usize::from(self.second.is_some())
    }

    fn text(self) -> String {
        let mut s = String::from(char::from(self.first));
        if let Some(b) = self.second {
            s.push(char::from(b));
        }
        s
    }
}

/// Reads a leg's direction letters into words. The first leg pairs letters
/// as Fairy-Stockfish does, later legs as `XBoard` does.
fn words(dirs: &[(usize, u8)], later: bool) -> Vec<Word> {
    let vertical = |c: u8| matches!(c, b'f' | b'b' | b'v');
    let sideways = |c: u8| matches!(c, b'l' | b'r' | b's');
    let pairs = |a: u8, b: u8| {
        if later {
            matches!(a, b'f' | b'b' | b'l' | b'r')
                && (a == b || (vertical(a) && sideways(b)) || (sideways(a) && vertical(b)))
        } else {
            let v = |c| vertical(c) || c == b'h';
            let s = |c| sideways(c) || c == b'h';
            a == b || (v(a) && s(b)) || (s(a) && v(b))
        }
    };
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(&(at, first)) = dirs.get(k) {
        let second = dirs
            .get(k + 1)
            .filter(|&&(next, b)| next == at + 1 && pairs(first, b))
            .map(|&(_, b)| b);
        k += 1 + usize::from(second.is_some());
        out.push(Word { at, first, second });
    }
    out
}

/// The directions a leg keeps: absolute for the first leg, relative to the
/// previous leg for later ones.
pub(super) fn leg_mask(
    leg: &LegMods,
    shape: Shape,
    later: bool,
    name: &str,
    errors: &mut Vec<BetzaError>,
) -> Option<u8> {
    let words = words(&leg.dirs, later);
    if words.is_empty() {
        return match (later, shape) {
            (false, _) => Some(shape.all()),
            (true, Shape::King) => Some(0xEF),
            (true, Shape::Oblique(..)) => {
                errors.push(error(
                    leg.span.clone(),
                    format!("a later leg of `{name}` needs a direction"),
                    "a later leg of an oblique atom goes straight on (`f`), back (`b`) or either (`v`)",
                ));
                None
            }
            (true, _) => Some(0x45),
        };
    }
    let mut mask = 0;
    let mut ok = true;
    for word in words {
        match word_mask(word, shape, later, name) {
            Ok(m) => mask |= m,
            Err((message, help)) => {
                errors.push(error(word.span(), message, help));
                ok = false;
            }
        }
    }
    ok.then_some(mask)
}

/// The directions one word keeps, or what is wrong with it.
fn word_mask(word: Word, shape: Shape, later: bool, name: &str) -> Result<u8, (String, String)> {
    let a = word.first;
    // A doubled letter is the letter alone.
    let b = word.second.filter(|&b| b != a);
    let text = word.text();
    if later {
        if a == b'h' {
            return Err((
                format!("`{text}` in a later leg is not supported"),
                "`h` selects half of the moves of an oblique atom in a first leg; \
                 after `a`, name the turns with f, b, l, r, v, s"
                    .into(),
            ));
        }
        if let Shape::Oblique(..) = shape {
            return match (a, b) {
                (b'f', None) => Ok(0x01),
                (b'b', None) => Ok(0x10),
                (b'v', None) => Ok(0x11),
                _ => Err((
                    format!("`{text}` after `a` is not supported on `{name}`"),
                    "a later leg of an oblique atom goes straight on (`f`), back (`b`) or either (`v`)"
                        .into(),
                )),
            };
        }
        return Ok(relative(a, b));
    }
    let half = |letter: u8| {
        (
            format!("`{text}` on `{name}`: `h` (half) is for the 8 moves of N, C or Z"),
            if letter == b'h' {
                "name the directions with f, b, l, r, v, s".to_string()
            } else {
                format!("did you mean `{}`?", char::from(letter))
            },
        )
    };
    match shape {
        Shape::Orth(_) => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            Ok(orthogonal(a) | b.map_or(0, orthogonal))
        }
        Shape::Diag(_) => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            match b {
                None => Ok(match a {
                    b'f' => 0x82,
                    b'b' => 0x28,
                    b'r' => 0x0A,
                    b'l' => 0xA0,
                    _ => 0xAA,
                }),
                Some(b) => {
                    let m = relative(a, Some(b));
                    if is_reversed(a, b) {
                        Err(reversed(&text, a, b, name))
                    } else {
                        Ok(m)
                    }
                }
            }
        }
        Shape::King => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            if b.is_some() {
                return Err((
                    format!("`{text}` on `{name}` is ambiguous"),
                    "XBetza and Fairy-Stockfish read two-letter directions on K and Q differently; \
                     write the parts apart, e.g. `frF` for the forward-right diagonal and `rW` \
                     for the step to the right"
                        .into(),
                ));
            }
            Ok(match a {
                b'f' => 0x83,
                b'b' => 0x38,
                b'r' => 0x0E,
                b'l' => 0xE0,
                b'v' => 0xBB,
                _ => 0xEE,
            })
        }
        Shape::Oblique(..) => oblique(a, b).ok_or_else(|| {
            if let Some(b) = b.filter(|&b| is_reversed(a, b)) {
                reversed(&text, a, b, name)
            } else {
                let help = match (a, b) {
                    (b'h', Some(x @ (b'f' | b'b'))) => {
                        format!("did you mean `{}h`?", char::from(x))
                    }
                    _ => "`h` pairs with f, b, l or r: `fh` is the forward half, `hr` and `hl` \
                          the chiral halves"
                        .into(),
                };
                (format!("`{text}` is not a direction of `{name}`"), help)
            }
        }),
    }
}

/// One orthogonal direction letter (`W`): compass bits.
fn orthogonal(letter: u8) -> u8 {
    match letter {
        b'f' => 0x01,
        b'r' => 0x04,
        b'b' => 0x10,
        b'l' => 0x40,
        b'v' => 0x11,
        _ => 0x44,
    }
}

/// A single letter or a word in the 8-direction system of later legs,
/// relative to straight on; also the diagonal words of the first leg.
fn relative(a: u8, b: Option<u8>) -> u8 {
    match (a, b) {
        (x, None) => orthogonal(x),
        (b'f', Some(b'r')) | (b'r', Some(b'f')) => 0x02,
        (b'b', Some(b'r')) | (b'r', Some(b'b')) => 0x08,
        (b'b', Some(b'l')) | (b'l', Some(b'b')) => 0x20,
        (b'f', Some(b'l')) | (b'l', Some(b'f')) => 0x80,
        (b'f', Some(b's')) => 0x82,
        (b'b', Some(b's')) => 0x28,
        (b'r', Some(b'v')) => 0x0A,
        (b'l', Some(b'v')) => 0xA0,
        // Not formed by the later-leg reading; refused on the first leg.
        _ => 0,
    }
}

/// The words of an oblique atom, as bits over its eight leaps.
fn oblique(a: u8, b: Option<u8>) -> Option<u8> {
    Some(match (a, b) {
        (b'f', None) => 0x81,
        (b'b', None) => 0x18,
        (b'r', None) => 0x06,
        (b'l', None) => 0x60,
        (b'v', None) => 0x99,
        (b's', None) => 0x66,
        (b'r', Some(b'f')) => 0x01,
        (b'f', Some(b'r')) => 0x02,
        (b'b', Some(b'r')) => 0x04,
        (b'r', Some(b'b')) => 0x08,
        (b'l', Some(b'b')) => 0x10,
        (b'b', Some(b'l')) => 0x20,
        (b'f', Some(b'l')) => 0x40,
        (b'l', Some(b'f')) => 0x80,
        (b'f', Some(b's')) => 0x42,
        (b'b', Some(b's')) => 0x24,
        (b'r', Some(b'v')) => 0x09,
        (b'l', Some(b'v')) => 0x90,
        (b'f', Some(b'h')) => 0xC3,
        (b'b', Some(b'h')) => 0x3C,
        (b'r', Some(b'h')) => 0x0F,
        (b'l', Some(b'h')) => 0xF0,
        (b'h', Some(b'r')) => 0x55,
        (b'h', Some(b'l')) => 0xAA,
        _ => return None,
    })
}

/// Words whose letters are the wrong way round (`sf`) or that no program
/// agrees on (`vs`).
fn is_reversed(a: u8, b: u8) -> bool {
    matches!(a, b'v' | b's') && matches!(b, b'f' | b'b' | b'l' | b'r' | b'v' | b's')
}

fn reversed(text: &str, a: u8, b: u8, name: &str) -> (String, String) {
    let message = format!("`{text}` is not a direction of `{name}`");
    if matches!(b, b'v' | b's') {
        return (
            message,
            "every direction is the default: drop it (or name the directions you mean)".into(),
        );
    }
    (
        message,
        format!("did you mean `{}{}`?", char::from(b), char::from(a)),
    )
}
