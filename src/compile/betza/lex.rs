//! Splitting the text into atoms, each with its modifiers before it and its
//! range after it; whatever belongs to no atom is an error.

use std::ops::Range;

use super::atoms::atom;
use super::{error, BetzaError, ATOM_HELP};

/// One atom with its modifiers and range, as written.
pub(super) struct Group {
    /// The modifier letters before the atom, with their byte offsets.
    pub(super) mods: Vec<(usize, u8)>,
    /// Where the atom letter is.
    pub(super) atom_at: usize,
    /// The atom letter.
    pub(super) atom: char,
    /// The atom letter is doubled (`NN`).
    pub(super) doubled: bool,
    /// The range digits, if any.
    pub(super) digits: Option<Range<usize>>,
    /// Modifiers, atom and range.
    pub(super) span: Range<usize>,
}

/// Splits the text into groups; whatever belongs to no group is an error.
pub(super) fn lex(text: &str, errors: &mut Vec<BetzaError>) -> Vec<Group> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    // The byte where character `j` starts (the text's end past the last one).
    let at = |j: usize| chars.get(j).map_or(text.len(), |&(at, _)| at);
    let mut groups = Vec::new();
    let mut mods: Vec<(usize, u8)> = Vec::new();
    let mut j = 0;
    while let Some(&(start, c)) = chars.get(j) {
        if c.is_ascii_lowercase() {
            mods.push((start, c as u8));
            j += 1;
            continue;
        }
        if c.is_ascii_uppercase() {
            j += 1;
            let doubled = chars.get(j).is_some_and(|&(_, d)| d == c);
            if doubled {
                j += 1;
            }
            let first_digit = j;
            while chars.get(j).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                j += 1;
            }
            let digits = (j > first_digit).then(|| at(first_digit)..at(j));
            let span = mods.first().map_or(start, |m| m.0)..at(j);
            groups.push(Group {
                mods: std::mem::take(&mut mods),
                atom_at: start,
                atom: c,
                doubled,
                digits,
                span,
            });
            continue;
        }
        orphan_modifiers(&mut mods, errors);
        if c.is_ascii_digit() {
            let first = j;
            while chars.get(j).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                j += 1;
            }
            let span = at(first)..at(j);
            errors.push(error(
                span.clone(),
                format!("range `{}` has no atom before it", &text[span]),
                "a range follows its atom, as in `R4`",
            ));
            continue;
        }
        j += 1;
        errors.push(stray(c, start..at(j)));
    }
    orphan_modifiers(&mut mods, errors);
    groups
}

/// Modifiers that no atom follows.
fn orphan_modifiers(mods: &mut Vec<(usize, u8)>, errors: &mut Vec<BetzaError>) {
    let (Some(&(first, _)), Some(&(last, letter))) = (mods.first(), mods.last()) else {
        return;
    };
    let written: String = mods.iter().map(|&(_, c)| char::from(c)).collect();
    let upper = letter.to_ascii_uppercase() as char;
    let help = if atom(upper).is_some() {
        format!(
            "did you mean `{}{upper}`? atoms are capital letters",
            &written[..written.len() - 1]
        )
    } else {
        format!("put an atom after the modifiers, as in `{written}W`; {ATOM_HELP}")
    };
    errors.push(error(
        first..last + 1,
        format!("`{written}` has no atom after it"),
        help,
    ));
    mods.clear();
}

/// A character that cannot appear outside a group.
fn stray(c: char, span: Range<usize>) -> BetzaError {
    match c {
        '(' | ')' => error(
            span,
            "grouping with parentheses is not supported",
            "write each move out in full: `fmWfcF` rather than `f(mWcF)`",
        ),
        '[' | ']' | '-' | '?' => error(
            span,
            format!("`{c}`: bracket chains are not supported"),
            "chain legs with `a` instead, as in `mafsW`",
        ),
        c if c.is_whitespace() => error(
            span,
            "space in a piece notation",
            "write the atoms together, without spaces: `mRcpR`",
        ),
        c => error(
            span,
            format!("`{c}` cannot appear in a piece notation"),
            ATOM_HELP,
        ),
    }
}
