//! How Ludii writes what a ludeme of lud says: its phrases (`(no Moves
//! Next)`, `(is Line 5)`, `(move Step ...)`), each with the ludeme that says
//! it here. The checker answers a form written the Ludii way with the form
//! lud writes; the reference shows each ludeme's Ludii phrases. (The words
//! only: lud's forms take their own arguments.)

/// A phrase of Ludii's and the ludeme of lud that says the same.
#[derive(Clone, Copy, Debug)]
pub struct LudiiPhrase {
    /// The form's head and, where Ludii's head takes a word to say what it
    /// means, that word: `no Moves`, `is Line`, `hop`.
    pub phrase: &'static str,
    /// The ludeme that says it in lud (empty where no ludeme does: then
    /// `with` says what lud writes).
    pub ludeme: &'static str,
    /// What lud writes where no ludeme says it, as a clause ("lud says it
    /// with a move's `to:Empty`"); empty where `ludeme` does.
    pub with: &'static str,
    /// What else a Ludii writer should know (empty if nothing).
    pub note: &'static str,
}

/// Ludii's phrases that lud says with another ludeme.
pub const LUDII: &[LudiiPhrase] = &[
    LudiiPhrase {
        phrase: "no Moves",
        ludeme: "noMoves",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Full",
        ludeme: "noMoves",
        with: "",
        note: "lud has no test of a full board: in a game of drops the board is full when the player to move has no move, `(noMoves Next)`",
    },
    LudiiPhrase {
        phrase: "is Line",
        ludeme: "inARow",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Connected",
        ludeme: "connected",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Repeat",
        ludeme: "repeated",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is In",
        ludeme: "in",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Threatened",
        ludeme: "attacked",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "was Pass",
        ludeme: "passes",
        with: "",
        note: "`(passes 1)`: the last move was a pass",
    },
    LudiiPhrase {
        phrase: "result _ Win",
        ludeme: "win",
        with: "",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result _ Loss",
        ludeme: "loss",
        with: "",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result _ Draw",
        ludeme: "draw",
        with: "",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result",
        ludeme: "win",
        with: "",
        note: "Ludii's `(result P Win)` is `(win P \"why\")` here, `(result P Loss)` is `(loss P \"why\")` and `(result Mover Draw)` is `(draw \"why\")`: the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "move Step",
        ludeme: "step",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Slide",
        ludeme: "slide",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Leap",
        ludeme: "leap",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Hop",
        ludeme: "jump",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "hop",
        ludeme: "jump",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Add",
        ludeme: "drop",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "add",
        ludeme: "drop",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Remove",
        ludeme: "remove",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Pass",
        ludeme: "pass",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Promote",
        ludeme: "promote",
        with: "",
        note: "a promotion is a rule of the piece, beside its moves",
    },
    LudiiPhrase {
        phrase: "sites Board",
        ludeme: "everywhere",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "sites Row",
        ludeme: "rank",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "sites Column",
        ludeme: "file",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "count Pieces",
        ludeme: "count",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "custodial",
        ludeme: "sandwiched",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "enclose",
        ludeme: "enclosed",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "surround",
        ludeme: "surrounded",
        with: "",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Empty",
        ludeme: "",
        with: "lud says it with a move's `to:Empty`",
        note: "a move says what its square may hold with `to:`: `(step Forward to:Empty)` moves only onto an empty square, and a drop goes only to empty squares",
    },
    LudiiPhrase {
        phrase: "is Enemy",
        ludeme: "",
        with: "lud says it with a move's `to:Enemy`",
        note: "a move says what its square may hold with `to:`: `(step Diagonal to:Enemy)` only captures; `(holds (to) \"King\" owner:Next)` asks what kind stands there",
    },
    LudiiPhrase {
        phrase: "is Friend",
        ludeme: "",
        with: "lud asks it with `holds`",
        note: "a move never lands on the mover's own piece; `(holds SQUARE \"Kind\" owner:Mover)` asks whether the mover's piece of a kind stands on a square",
    },
    LudiiPhrase {
        phrase: "forEach",
        ludeme: "",
        with: "lud needs nothing in its place",
        note: "leave it out: each piece carries its moves (`(piece \"Rook\" \"R\" (slide Orthogonal))`) and the mover may move any of them; `(play ...)` holds only moves of no piece (`drop`, `pass`, `remove`) and restrictions (`forbid`, `maximum`)",
    },
    LudiiPhrase {
        phrase: "sites Empty",
        ludeme: "everywhere",
        with: "",
        note: "a drop goes only to empty squares: `(drop \"Stone\" (everywhere))`",
    },
];

/// The Ludii phrase a form with head `head` and arguments `words` (each
/// a bare word, or `None`) is written in, if it is one: the head and the
/// words that follow it in the phrase (`no Moves`; `_` stands for any
/// argument: `result _ Loss`), the first that fits.
pub fn ludii_phrase(head: &str, words: &[Option<&str>]) -> Option<&'static LudiiPhrase> {
    LUDII.iter().find(|p| {
        let mut parts = p.phrase.split(' ');
        parts.next() == Some(head)
            && parts
                .enumerate()
                .all(|(i, w)| (w == "_" && i < words.len()) || words.get(i) == Some(&Some(w)))
    })
}

/// The Ludii phrases the ludeme `name` says (`_` written `P`).
pub fn ludii_phrases(name: &str) -> impl Iterator<Item = String> + '_ {
    LUDII
        .iter()
        .filter(move |p| p.ludeme == name)
        .map(|p| p.phrase.replace('_', "P"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ludemes::lookup;

    #[test]
    fn every_phrase_names_a_ludeme_and_no_ludeme_of_lud_reads_as_one() {
        for p in LUDII {
            assert!(
                lookup(p.ludeme).is_some() || (p.ludeme.is_empty() && !p.with.is_empty()),
                "{}: no ludeme {}",
                p.phrase,
                p.ludeme
            );
            assert!(
                p.ludeme.is_empty() || p.with.is_empty(),
                "{}: a ludeme and something else",
                p.phrase
            );
            // A phrase of one word is a head lud does not have: a form of
            // lud's never reads as Ludii's.
            if !p.phrase.contains(' ') {
                assert!(
                    lookup(p.phrase).is_none(),
                    "{} is a ludeme of lud",
                    p.phrase
                );
            }
        }
        let ludeme = |head, words: &[Option<&str>]| ludii_phrase(head, words).map(|p| p.ludeme);
        assert_eq!(
            ludeme("no", &[Some("Moves"), Some("Next")]),
            Some("noMoves")
        );
        assert_eq!(ludeme("is", &[Some("Mover"), Some("Next")]), None);
        assert_eq!(ludeme("hop", &[]), Some("jump"));
        assert_eq!(
            ludeme("result", &[Some("Next"), Some("Loss")]),
            Some("loss")
        );
        assert_eq!(ludeme("result", &[None, Some("Draw")]), Some("draw"));
        assert_eq!(ludeme("result", &[Some("Next")]), Some("win"));
        assert_eq!(ludeme("forEach", &[Some("Piece")]), Some(""));
        assert_eq!(ludeme("is", &[Some("Empty"), None]), Some(""));
    }
}
