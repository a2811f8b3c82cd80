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
    /// The ludeme that says it in lud.
    pub ludeme: &'static str,
    /// What else a Ludii writer should know (empty if nothing).
    pub note: &'static str,
}

/// Ludii's phrases that lud says with another ludeme.
pub const LUDII: &[LudiiPhrase] = &[
    LudiiPhrase {
        phrase: "no Moves",
        ludeme: "noMoves",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Full",
        ludeme: "noMoves",
        note: "lud has no test of a full board: in a game of drops the board is full when the player to move has no move, `(noMoves Next)`",
    },
    LudiiPhrase {
        phrase: "is Line",
        ludeme: "inARow",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Connected",
        ludeme: "connected",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Repeat",
        ludeme: "repeated",
        note: "",
    },
    LudiiPhrase {
        phrase: "is In",
        ludeme: "in",
        note: "",
    },
    LudiiPhrase {
        phrase: "is Threatened",
        ludeme: "attacked",
        note: "",
    },
    LudiiPhrase {
        phrase: "was Pass",
        ludeme: "passes",
        note: "`(passes 1)`: the last move was a pass",
    },
    LudiiPhrase {
        phrase: "result _ Win",
        ludeme: "win",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result _ Loss",
        ludeme: "loss",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result _ Draw",
        ludeme: "draw",
        note: "the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "result",
        ludeme: "win",
        note: "Ludii's `(result P Win)` is `(win P \"why\")` here, `(result P Loss)` is `(loss P \"why\")` and `(result Mover Draw)` is `(draw \"why\")`: the text names the kind of ending",
    },
    LudiiPhrase {
        phrase: "move Step",
        ludeme: "step",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Slide",
        ludeme: "slide",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Leap",
        ludeme: "leap",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Hop",
        ludeme: "jump",
        note: "",
    },
    LudiiPhrase {
        phrase: "hop",
        ludeme: "jump",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Add",
        ludeme: "drop",
        note: "",
    },
    LudiiPhrase {
        phrase: "add",
        ludeme: "drop",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Remove",
        ludeme: "remove",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Pass",
        ludeme: "pass",
        note: "",
    },
    LudiiPhrase {
        phrase: "move Promote",
        ludeme: "promote",
        note: "a promotion is a rule of the piece, beside its moves",
    },
    LudiiPhrase {
        phrase: "sites Board",
        ludeme: "everywhere",
        note: "",
    },
    LudiiPhrase {
        phrase: "sites Row",
        ludeme: "rank",
        note: "",
    },
    LudiiPhrase {
        phrase: "sites Column",
        ludeme: "file",
        note: "",
    },
    LudiiPhrase {
        phrase: "count Pieces",
        ludeme: "count",
        note: "",
    },
    LudiiPhrase {
        phrase: "custodial",
        ludeme: "sandwiched",
        note: "",
    },
    LudiiPhrase {
        phrase: "enclose",
        ludeme: "enclosed",
        note: "",
    },
    LudiiPhrase {
        phrase: "surround",
        ludeme: "surrounded",
        note: "",
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
                lookup(p.ludeme).is_some(),
                "{}: no ludeme {}",
                p.phrase,
                p.ludeme
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
    }
}
