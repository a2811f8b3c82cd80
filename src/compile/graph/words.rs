//! The rule graph in words: moves, conditions, effects, patterns, promotions
//! and results described for people.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::compile::model::{
    CmpOp, Cond, Effect, Hurdle, IntExpr, KindExpr, Model, MoveKind, OutcomeDef, Pattern,
    PlayerRef, PromotionDef, RelDir, Shape, SiteRef, Worth,
};

pub(crate) fn squares(model: &Model, zone: &[Vec<Sq>]) -> String {
    if zone.iter().all(|sqs| sqs.len() == model.board.cells()) {
        return "any square".into();
    }
    // The same squares for every player, and a region's: its name.
    if let Some(first) = zone.first() {
        let mut want = first.clone();
        want.sort_unstable();
        if zone.iter().all(|z| z == first) {
            if let Some((name, _)) = model.regions.iter().find(|(_, r)| {
                let mut r = r.clone();
                r.sort_unstable();
                r == want
            }) {
                return format!("the {name} ({})", square_list(model, first));
            }
            return square_list(model, first);
        }
    }
    zone.iter()
        .enumerate()
        .map(|(p, sqs)| {
            format!(
                "{}: {}",
                model.players.get(p).map_or("?", |x| x.name.as_str()),
                square_list(model, sqs)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Squares by name, or as whole ranks where they are (`ranks 1-4`).
fn square_list(model: &Model, sqs: &[Sq]) -> String {
    let b = &model.board;
    let full = |y: u32| (0..b.width).all(|x| b.at(x, y).is_some_and(|s| sqs.contains(&s)));
    let ranks: Vec<u32> = (0..b.height).filter(|&y| full(y)).collect();
    let covered = ranks.len() * b.width as usize;
    if ranks.is_empty() || covered != sqs.len() {
        // A whole file.
        let file = |x: u32| (0..b.height).all(|y| b.at(x, y).is_some_and(|s| sqs.contains(&s)));
        if let Some(x) = (0..b.width).find(|&x| file(x)) {
            if sqs.len() == b.height as usize {
                return format!("file {}", crate::compile::board::Board::file_name(x));
            }
        }
        return sqs.iter().map(|&s| b.name(s)).collect::<Vec<_>>().join(" ");
    }
    // Runs of consecutive ranks.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for y in ranks {
        match runs.last_mut() {
            Some((_, hi)) if *hi + 1 == y => *hi = y,
            _ => runs.push((y, y)),
        }
    }
    let text: Vec<String> = runs
        .iter()
        .map(|&(lo, hi)| {
            if lo == hi {
                (lo + 1).to_string()
            } else {
                format!("{}-{}", lo + 1, hi + 1)
            }
        })
        .collect();
    let one = runs.len() == 1 && runs[0].0 == runs[0].1;
    format!("rank{} {}", if one { "" } else { "s" }, text.join(", "))
}

/// "a" or "an" before a piece's name, by how it is said: "an" before a
/// vowel ("an Elephant") and before a letter said with one ("an X").
pub(crate) fn article(name: &str) -> &'static str {
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    let said_with_a_vowel = match (first, chars.next()) {
        (Some(c), None) => "AEFHILMNORSX".contains(c),
        (Some(c), _) => "AEIOU".contains(c),
        (None, _) => false,
    };
    if said_with_a_vowel {
        "an"
    } else {
        "a"
    }
}

pub(crate) fn dir_names(dirs: &[RelDir]) -> String {
    let names: Vec<&str> = dirs
        .iter()
        .map(|d| match d {
            RelDir::Abs(d) => d.name(),
            RelDir::Rel(k) => [
                "Forward",
                "ForwardRight",
                "Right",
                "BackwardRight",
                "Backward",
                "BackwardLeft",
                "Left",
                "ForwardLeft",
            ][k.rem_euclid(8) as usize],
        })
        .collect();
    names.join(" ")
}

/// The directions of `dirs` that join cells on the model's board (on
/// hexagons, N and S join nothing: `All` is the six others).
pub(crate) fn on_board(model: &Model, dirs: &[RelDir]) -> Vec<RelDir> {
    dirs.iter()
        .copied()
        .filter(|d| match d {
            RelDir::Abs(a) => model.board.tiling.delta(*a).is_some(),
            RelDir::Rel(_) => true,
        })
        .collect()
}

/// A move rule in words: "slide N E S W".
pub fn describe_move(model: &Model, m: usize) -> String {
    let md = &model.moves[m];
    let mut s = match &md.kind {
        MoveKind::Step(d) => format!("step {}", dir_names(&on_board(model, d))),
        MoveKind::Slide(d, 1, None) => format!("slide {}", dir_names(&on_board(model, d))),
        MoveKind::Slide(d, min, None) => {
            format!("slide {} at least {min}", dir_names(&on_board(model, d)))
        }
        MoveKind::Slide(d, min, Some(max)) if min == max => {
            format!("slide {} exactly {min}", dir_names(&on_board(model, d)))
        }
        MoveKind::Slide(d, 1, Some(max)) => {
            format!("slide {} up to {max}", dir_names(&on_board(model, d)))
        }
        MoveKind::Slide(d, min, Some(max)) => {
            format!("slide {} {min} to {max}", dir_names(&on_board(model, d)))
        }
        MoveKind::Leap(a, b) => format!("leap ({a},{b})"),
        MoveKind::Remove(z) => format!("remove an enemy piece on {}", squares(model, z)),
        MoveKind::Pass => "pass".into(),
        MoveKind::Along => "along a line of the board".into(),
        MoveKind::Fly(z) => format!("fly to {}", squares(model, z)),
        MoveKind::Jump(v) => format!("jump {}", vectors(v)),
        MoveKind::Ride(v, None) => format!("ride {}", vectors(v)),
        MoveKind::Ride(v, Some(max)) => format!("ride {} up to {max} steps", vectors(v)),
        MoveKind::Hop(v, h, max) => format!(
            "hop {} over one piece, landing {}{}",
            vectors(v),
            match h {
                Hurdle::Beyond => "anywhere beyond it",
                Hurdle::Right => "right behind it",
            },
            max.map_or_else(String::new, |m| format!(", at most {m} squares away"))
        ),
        MoveKind::Path(paths) => format!(
            "go {}, every square on the way empty",
            paths
                .iter()
                .map(|p| p
                    .iter()
                    .map(|&v| vector(v))
                    .collect::<Vec<_>>()
                    .join(" then "))
                .collect::<Vec<_>>()
                .join(", or ")
        ),
        MoveKind::Castle { partner, steps } => format!(
            "castle {steps} squares towards an unmoved {}",
            model.pieces[*partner].name
        ),
        MoveKind::CaptureJump {
            dirs,
            again,
            far,
            stop_to_promote,
            over,
            takes,
            ..
        } => format!(
            "jump {} over {} {}{}{}{}",
            dir_names(&on_board(model, dirs)),
            if *far { "a far" } else { "an adjacent" },
            match over {
                crate::compile::model::Jumped::Enemy => "enemy piece",
                crate::compile::model::Jumped::Friend => "piece of its own",
                crate::compile::model::Jumped::Any => "piece",
            },
            if *takes { ", taking it" } else { "" },
            match (*again, *takes) {
                (true, true) => ", again while it can",
                (true, false) => ", again as it likes",
                (false, _) => "",
            },
            if *again && !*stop_to_promote {
                ", on through where it promotes"
            } else {
                ""
            }
        ),
        MoveKind::Drop {
            piece,
            sites,
            gravity,
            from_hand,
        } => format!(
            "drop {} {}{} on {}{}",
            article(&model.pieces[*piece].name),
            model.pieces[*piece].name,
            if *from_hand { " from hand" } else { "" },
            match squares(model, sites).as_str() {
                "any square" => "any empty square".to_string(),
                s => format!("an empty square of {s}"),
            },
            gravity.map_or_else(String::new, |d| format!(", falling {}", d.name()))
        ),
    };
    if let Some(f) = &md.from {
        let _ = write!(s, " from {}", squares(model, f));
    }
    if let Some(a) = &md.avoid {
        let _ = write!(s, ", never stopping on or crossing {}", squares(model, a));
    }
    if md.stay {
        s.push_str(", capturing without moving");
    }
    if let Some(k) = md.put {
        let name = &model.pieces[k].name;
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        let _ = write!(
            s,
            ", putting {article} {name} where it lands (the piece stays)"
        );
    }
    if md.when_stuck {
        s.push_str(", only when no other move is legal");
    }
    s
}

/// A vector `(right, forward)` in the mover's frame: a direction's name for
/// a single step, else the numbers.
pub(crate) fn vector((dx, dy): (i32, i32)) -> String {
    let names = [
        "Forward",
        "ForwardRight",
        "Right",
        "BackwardRight",
        "Backward",
        "BackwardLeft",
        "Left",
        "ForwardLeft",
    ];
    let k = match (dx, dy) {
        (0, 1) => Some(0),
        (1, 1) => Some(1),
        (1, 0) => Some(2),
        (1, -1) => Some(3),
        (0, -1) => Some(4),
        (-1, -1) => Some(5),
        (-1, 0) => Some(6),
        (-1, 1) => Some(7),
        _ => None,
    };
    k.map_or_else(|| format!("({dx},{dy})"), |k| names[k].to_string())
}

/// Vectors, joined by spaces.
pub(crate) fn vectors(v: &[(i32, i32)]) -> String {
    v.iter().map(|&x| vector(x)).collect::<Vec<_>>().join(" ")
}

/// A promotion rule in words.
pub fn describe_promotion(model: &Model, pr: &PromotionDef) -> String {
    let to = match &pr.to {
        KindExpr::Fixed(k) => k
            .iter()
            .map(|&t| model.pieces[t].name.clone())
            .collect::<Vec<_>>()
            .join(" or "),
        KindExpr::StartKind(s) => format!("the kind that started on {}", describe_site(model, s)),
        KindExpr::Lost => "any kind the player has lost".into(),
    };
    let mut s = format!("promote to {to} on {}", squares(model, &pr.zone));
    if pr.optional {
        s.push_str(" (optional)");
    }
    if let Some(id) = &pr.identity {
        let _ = write!(
            s,
            ", counting as the piece that started on {}",
            describe_site(model, id)
        );
    }
    if let Some(to) = &pr.relocate {
        let _ = write!(
            s,
            ", and goes to {} (or, if that is taken, the nearest empty square of its rank)",
            describe_site(model, to)
        );
    }
    for e in &pr.effects {
        let _ = write!(s, ", then {}", describe_effect(model, e));
    }
    s
}

/// An effect in words.
pub fn describe_effect(model: &Model, e: &Effect) -> String {
    match e {
        Effect::SetFlag(f) => format!("flag the piece \"{}\"", model.flags[*f as usize]),
        Effect::MoveAgain(None) => "the piece may move again".into(),
        Effect::MoveAgain(Some(c)) => {
            format!("the piece may move again if {}", describe_guard(model, c))
        }
        Effect::EnPassant => {
            "the squares passed over may be taken en passant on the next move".into()
        }
        Effect::Flip(p) => format!("the {} change sides", describe_pattern(model, p)),
        Effect::Continue(k) => {
            let part = &model.parts[*k];
            let moves: Vec<String> = part
                .moves
                .iter()
                .filter(|&&m| !matches!(model.moves[m].kind, MoveKind::Pass))
                .map(|&m| match &model.moves[m].guard {
                    Some(g) => format!(
                        "{}, only if {}",
                        describe_move(model, m),
                        describe_guard(model, g)
                    ),
                    None => describe_move(model, m),
                })
                .collect();
            let mut s = format!("the same player moves again: {}", moves.join("; or "));
            if let Some(c) = &part.cond {
                let _ = write!(s, ", if {}", describe_guard(model, c));
            }
            if part.optional {
                s.push_str(" (or ends the turn)");
            }
            s
        }
        Effect::Capture(p) => format!("the {} are taken", describe_pattern(model, p)),
        Effect::Push(dirs, off) => format!(
            "the rows of pieces next to the square moved to ({}) are pushed one square further{}",
            dir_names(dirs),
            if *off {
                ", the last piece of a row at the edge falling off"
            } else {
                ""
            }
        ),
        Effect::AddScore(p, n) => format!(
            "{} is added to the score of {}",
            int(model, n, "the mover"),
            player(model, *p, "the mover")
        ),
        Effect::Transform(p, k) => format!(
            "the {} become {}s",
            describe_pattern(model, p),
            model.pieces[*k].name
        ),
    }
}

/// A pattern of squares around a move in words: "enemy pieces bracketed
/// along N E S W".
pub fn describe_pattern(model: &Model, p: &Pattern) -> String {
    let what = if p.kinds == 0 {
        "enemy pieces".to_string()
    } else {
        let names: Vec<String> = (0..model.pieces.len())
            .filter(|k| p.kinds & (1 << k) != 0)
            .map(|k| plural(&model.pieces[k].name))
            .collect();
        format!("enemy {}", names.join(" or "))
    };
    let mut s = match p.shape {
        Shape::Bracketed => format!(
            "{what} bracketed in a line{} ({}) between the square moved to and a piece of the mover",
            match p.line {
                (1, u32::MAX) => String::new(),
                (lo, hi) if lo == hi => format!(" of exactly {lo}"),
                (lo, u32::MAX) => format!(" of {lo} or more"),
                (lo, hi) => format!(" of {lo} to {hi}"),
            },
            dir_names(&p.dirs)
        ),
        Shape::Sandwiched => format!(
            "{what} next to the square moved to ({}) with a piece of the mover just beyond",
            dir_names(&p.dirs)
        ),
        Shape::Surrounded => format!(
            "{what} next to the square moved to, held by the mover on every side ({})",
            dir_names(&p.dirs)
        ),
        Shape::Around => format!("{what} next to the square moved to ({})", dir_names(&p.dirs)),
        Shape::Enclosed => format!(
            "groups of {what} next to the square moved to that have no empty square next to them ({})",
            dir_names(&p.dirs)
        ),
    };
    if let Some(at) = &p.at {
        let _ = write!(s, ", standing on {}", squares(model, at));
    }
    if let Some(h) = &p.hostile {
        let _ = match squares(model, h).as_str() {
            "any square" => write!(s, " (an empty square counts as the mover's)"),
            h => write!(s, " (an empty square of {h} counts as the mover's)"),
        };
    }
    s
}

fn describe_site(model: &Model, s: &SiteRef) -> String {
    match s {
        SiteRef::From => "the square moved from".into(),
        SiteRef::To => "the square moved to".into(),
        SiteRef::Square(q) => model.board.name(*q),
        SiteRef::Adjacent(d) => format!("the square {} of it", dir_names(&[*d])),
        SiteRef::HomeOf(inner) => format!(
            "the first-rank square of the file of {}",
            describe_site(model, inner)
        ),
        SiteRef::StartOf(k) => format!(
            "the start square of the mover's {}",
            model.pieces[*k as usize].name
        ),
        SiteRef::Origin => "the square the piece started the game on".into(),
    }
}

/// A condition of an end rule or restriction in words.
pub fn describe_cond(model: &Model, c: &Cond) -> String {
    describe(model, c, "the player who moved")
}

/// A condition on a move in words (there the mover is the player moving).
pub fn describe_guard(model: &Model, c: &Cond) -> String {
    describe(model, c, "the player moving")
}

/// `c` in words, naming [`PlayerRef::Mover`] as `mover`.
fn describe(model: &Model, c: &Cond, mover: &str) -> String {
    // Only the forms with conditions inside are here: this recurses once per
    // level, so it keeps little on the stack; the rest is `describe_leaf`.
    match c {
        Cond::And(cs) if cs.is_empty() => "always".into(),
        Cond::And(cs) => describe_and(model, cs, mover),
        Cond::Or(cs) => format!(
            "({})",
            cs.iter()
                .map(|c| describe(model, c, mover))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Cond::Not(c) => match describe_not_leaf(model, c, mover) {
            Some(text) => text,
            None => format!("not {}", describe(model, c, mover)),
        },
        c => describe_leaf(model, c, mover),
    }
}

/// "X has no legal move and is in check", not "... and X is in check": a
/// part with the same subject as the one before it drops it.
fn describe_and(model: &Model, cs: &[Cond], mover: &str) -> String {
    let mut text = String::new();
    let mut subject: Option<&str> = None;
    for c in cs {
        let part = describe(model, c, mover);
        let this = [mover, "the player to move", "the mover's opponent"]
            .into_iter()
            .find(|p| part.starts_with(&format!("{p} ")));
        if !text.is_empty() {
            text.push_str(" and ");
        }
        match this {
            Some(p) if subject == Some(p) => text.push_str(&part[p.len() + 1..]),
            _ => text.push_str(&part),
        }
        subject = this;
    }
    format!("({text})")
}

/// The negation of a condition said in its own words, where there are some.
fn describe_not_leaf(model: &Model, c: &Cond, mover: &str) -> Option<String> {
    Some(match c {
        Cond::InCheck(p) => format!("{} is not in check", player(model, *p, mover)),
        Cond::Passing => "the move is not a pass".into(),
        Cond::Removing => "the move is not a removal".into(),
        Cond::Is(a, b) => format!(
            "{} is not {}",
            player(model, *a, mover),
            player(model, *b, mover)
        ),
        Cond::Flagged(f, s) => format!(
            "the piece on {} is not flagged \"{}\"",
            describe_site(model, s),
            model.flags[*f as usize]
        ),
        Cond::Remembers(p, f) => format!(
            "{} does not remember \"{}\"",
            player(model, *p, mover),
            model
                .player_flags
                .get(*f as usize)
                .map_or("?", |d| d.name.as_str())
        ),
        Cond::Attacked(s, p) => format!(
            "{} is not attacked by {}",
            describe_site(model, s),
            player(model, *p, mover)
        ),
        Cond::Capturing => "the move took no piece".into(),
        Cond::InLine(s) => format!(
            "the piece on {} stands in no full line of its player",
            describe_site(model, s)
        ),
        _ => return None,
    })
}

/// A condition with no condition inside, in words.
fn describe_leaf(model: &Model, c: &Cond, mover: &str) -> String {
    match c {
        Cond::And(_) | Cond::Or(_) | Cond::Not(_) => describe(model, c, mover),
        Cond::InCheck(p) => format!("{} is in check", player(model, *p, mover)),
        Cond::Is(a, b) => format!(
            "{} is {}",
            player(model, *a, mover),
            player(model, *b, mover)
        ),
        Cond::NoMoves(p, true) => format!("{} has no legal move", player(model, *p, mover)),
        Cond::NoMoves(p, false) => format!(
            "{} has no legal move but those offered when stuck",
            player(model, *p, mover)
        ),
        Cond::Repeated(n) => format!("the position has occurred {n} times"),
        Cond::RepeatedBoard(n) => {
            format!("the board has been as it is {n} times, whoever was to move")
        }
        Cond::PerpetualCheck(n) => {
            format!("the position has occurred {n} times with every move of {mover} giving check")
        }
        Cond::Cmp(op, IntExpr::Count(p, kind), IntExpr::Lit(n)) => {
            let what = match kind {
                Some(k) => model.pieces[*k as usize].name.clone(),
                None => "piece".into(),
            };
            format!(
                "{} has {} {n} {what}{} left",
                player(model, *p, mover),
                op_words(*op),
                if *n == 1 { "" } else { "s" }
            )
        }
        Cond::Cmp(op, IntExpr::PliesSince(i), IntExpr::Lit(n)) => format!(
            "{} {n} plies have passed since the last {}",
            op_words(*op),
            events(model, model.counters[*i as usize])
        ),
        Cond::Cmp(op, a, b) => format!(
            "{} {} {}",
            int(model, a, mover),
            op.symbol(),
            int(model, b, mover)
        ),
        Cond::Unmoved(s) => format!("{} holds a piece that never moved", describe_site(model, s)),
        Cond::AtStart(s) => format!(
            "{} holds the piece that started there",
            describe_site(model, s)
        ),
        Cond::Flagged(f, s) => format!(
            "the piece on {} is flagged \"{}\"",
            describe_site(model, s),
            model.flags[*f as usize]
        ),
        Cond::Remembers(p, f) => format!(
            "{} remembers \"{}\"",
            player(model, *p, mover),
            model
                .player_flags
                .get(*f as usize)
                .map_or("?", |d| d.name.as_str())
        ),
        Cond::Lost(p, k) => format!(
            "{} has lost a {}",
            player(model, *p, mover),
            model.pieces[*k as usize].name
        ),
        Cond::LostCouldReach => "a lost piece of that kind could have reached the square".into(),
        Cond::KindIs(k) => format!("the kind is {}", model.pieces[*k as usize].name),
        Cond::Removing => "the move is a removal".into(),
        Cond::Passing => "the move is a pass".into(),
        Cond::Absent(s) => format!(
            "the piece that started on {} is gone",
            describe_site(model, s)
        ),
        Cond::In(s, z) => {
            let where_ = squares(model, z);
            let verb = if where_.starts_with("the ") {
                "is in"
            } else {
                "is one of"
            };
            format!("{} {verb} {where_}", describe_site(model, s))
        }
        Cond::Attacked(s, p) => format!(
            "{} is attacked by {}",
            describe_site(model, s),
            player(model, *p, mover)
        ),
        Cond::Checks(s) => format!("the piece on {} gives check", describe_site(model, s)),
        Cond::CheckedBy(p, k) => format!(
            "{} is in check from a {}",
            player(model, *p, mover),
            model.pieces[*k as usize].name
        ),
        Cond::Material(p, counts) => format!(
            "{} has exactly {} on the board",
            player(model, *p, mover),
            material_words(model, counts)
        ),
        Cond::Capturing => "the move took a piece".into(),
        Cond::InARow(p, n, false) => {
            format!("{} has {n} pieces in a row", player(model, *p, mover))
        }
        Cond::InARow(p, n, true) => {
            format!(
                "{} has exactly {n} pieces in a row",
                player(model, *p, mover)
            )
        }
        Cond::Reached(p, sites, k) => format!(
            "{} has {} {} on {}",
            player(model, *p, mover),
            article(k.map_or("piece", |k| model.pieces[k as usize].name.as_str())),
            k.map_or("piece", |k| model.pieces[k as usize].name.as_str()),
            squares(model, sites)
        ),
        Cond::Connected(p, from, to) => {
            // A named player's own squares only.
            let own = |s: &'_ [Vec<Sq>]| match p {
                PlayerRef::Fixed(x) => s
                    .get(*x as usize..=*x as usize)
                    .map_or_else(|| squares(model, s), |one| squares(model, one)),
                _ => squares(model, s),
            };
            format!(
                "a chain of {}'s pieces joins {} to {}",
                player(model, *p, mover),
                own(from),
                own(to)
            )
        }
        Cond::Exists(p) => format!("there are {}", describe_pattern(model, p)),
        Cond::Passes(1) => "the last move was a pass".into(),
        Cond::Passes(n) => format!("the last {n} moves were passes"),
        Cond::Holds(s, k, None) => format!(
            "{} holds {} {}",
            describe_site(model, s),
            article(&model.pieces[*k as usize].name),
            model.pieces[*k as usize].name
        ),
        Cond::Holds(s, k, Some(p)) => format!(
            "{} holds {} {} of {}",
            describe_site(model, s),
            article(&model.pieces[*k as usize].name),
            model.pieces[*k as usize].name,
            player(model, *p, mover)
        ),
        Cond::NextTo(dirs, kinds, owner) => {
            let what = if *kinds == 0 {
                "a piece".to_string()
            } else {
                let names: Vec<&str> = (0..model.pieces.len())
                    .filter(|k| kinds & (1 << k) != 0)
                    .map(|k| model.pieces[k].name.as_str())
                    .collect();
                format!("{} {}", article(names[0]), names.join(" or "))
            };
            let whose = owner.map_or(String::new(), |p| {
                format!(" of {}", player(model, p, mover))
            });
            format!(
                "{what}{whose} stands next to the square moved to ({})",
                dir_names(dirs)
            )
        }
        Cond::InLine(s) => format!(
            "the piece on {} stands in a full line of its player",
            describe_site(model, s)
        ),
        Cond::SameShade(k) => format!(
            "every {} stands on squares of one shade",
            model.pieces[*k as usize].name
        ),
    }
}

/// The plural of a piece's name: "Rooks", "Men", "Bishops", "Geese".
pub fn plural(name: &str) -> String {
    // English's irregular nouns, as the last word of a name: "Goose" →
    // "Geese", "War Elephant" is regular.
    const IRREGULAR: [(&str, &str); 6] = [
        ("goose", "geese"),
        ("mouse", "mice"),
        ("foot", "feet"),
        ("tooth", "teeth"),
        ("child", "children"),
        ("sheep", "sheep"),
    ];
    let last = name.rsplit(' ').next().unwrap_or(name);
    for (one, many) in IRREGULAR {
        if last.eq_ignore_ascii_case(one) {
            // The name's own first letter of that word is kept, in its case.
            let keep = name.len() - one.len() + 1;
            return format!("{}{}", &name[..keep], &many[1..]);
        }
    }
    let n = name.len();
    let tail = name.get(n.saturating_sub(3)..).unwrap_or("");
    if tail.eq_ignore_ascii_case("man") {
        // "Man" → "Men", "Horseman" → "Horsemen".
        format!("{}{}en", &name[..n - 3], &tail[..1])
    } else if name.ends_with('s')
        || name.ends_with("sh")
        || name.ends_with("ch")
        || name.ends_with('x')
    {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// Pieces counted by kind, in words: "a King and 2 Knights"; "no pieces".
pub fn material_words(model: &Model, counts: &[u8]) -> String {
    let parts: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| {
            let name = model.pieces.get(k).map_or("?", |p| p.name.as_str());
            if n == 1 {
                format!("a {name}")
            } else {
                format!("{n} {}", plural(name))
            }
        })
        .collect();
    match parts.len() {
        0 => "no pieces".into(),
        1 => parts[0].clone(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// A comparison with a number, in words: "at least", "exactly", ...
fn op_words(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "exactly",
        CmpOp::Ne => "other than",
        CmpOp::Lt => "fewer than",
        CmpOp::Le => "at most",
        CmpOp::Gt => "more than",
        CmpOp::Ge => "at least",
    }
}

/// What resets a counter, in words: "capture or Pawn move".
fn events(model: &Model, ev: crate::compile::model::Events) -> String {
    let mut what = Vec::new();
    if ev.capture {
        what.push("capture".to_string());
    }
    if ev.promotion {
        what.push("promotion".to_string());
    }
    for (p, piece) in model.pieces.iter().enumerate() {
        if ev.moved & (1 << p) != 0 {
            what.push(format!("{} move", piece.name));
        }
    }
    what.join(" or ")
}

/// A number in words, as a player reads it ("the pieces the move took").
pub(crate) fn int_words(model: &Model, e: &IntExpr) -> String {
    int(model, e, "the player who moved")
}

fn int(model: &Model, e: &IntExpr, mover: &str) -> String {
    match e {
        IntExpr::Lit(i) => i.to_string(),
        IntExpr::Count(p, None) => format!("pieces of {}", player(model, *p, mover)),
        IntExpr::Count(p, Some(t)) => format!(
            "{} pieces of {}",
            model.pieces[*t as usize].name,
            player(model, *p, mover)
        ),
        IntExpr::CountIn(p, kind, sites) => format!(
            "{} of {} on {}",
            kind.map_or_else(
                || "pieces".to_string(),
                |t| format!("{} pieces", model.pieces[t as usize].name)
            ),
            player(model, *p, mover),
            squares(model, sites)
        ),
        IntExpr::InHand(p, None) => format!("pieces in hand of {}", player(model, *p, mover)),
        IntExpr::InHand(p, Some(t)) => format!(
            "{} pieces in hand of {}",
            model.pieces[*t as usize].name,
            player(model, *p, mover)
        ),
        IntExpr::Score(p) => format!("the score of {}", player(model, *p, mover)),
        IntExpr::Size(p) => format!("the number of {}", super::words::describe_pattern(model, p)),
        IntExpr::Liberties(s, dirs) => format!(
            "the liberties of the group on {} (empty squares next to it, {})",
            describe_site(model, s),
            dir_names(dirs)
        ),
        IntExpr::Area(p, dirs) => format!(
            "the area of {} (its pieces, and the empty regions only its pieces bound, {})",
            player(model, *p, mover),
            dir_names(dirs)
        ),
        IntExpr::Captured => "the pieces the move took".into(),
        IntExpr::Sum(xs) => format!(
            "({})",
            xs.iter()
                .map(|x| int(model, x, mover))
                .collect::<Vec<_>>()
                .join(" + ")
        ),
        IntExpr::Diff(a, b) => format!("({} - {})", int(model, a, mover), int(model, b, mover)),
        IntExpr::PliesSince(i) => format!(
            "plies since the last {}",
            events(model, model.counters[*i as usize])
        ),
    }
}

fn player(model: &Model, p: PlayerRef, mover: &str) -> String {
    match p {
        PlayerRef::Mover => mover.into(),
        PlayerRef::Next => "the player to move".into(),
        PlayerRef::Opponent => "the mover's opponent".into(),
        PlayerRef::Fixed(i) => model
            .players
            .get(i as usize)
            .map_or_else(|| format!("player {}", i + 1), |p| p.name.clone()),
    }
}

fn worth(w: Worth) -> &'static str {
    match w {
        Worth::Win => "wins",
        Worth::HalfWin => "wins a half-win",
    }
}

/// A result in words.
pub fn describe_outcome(model: &Model, o: &OutcomeDef) -> String {
    match o {
        OutcomeDef::Win(p, k, w, _) => format!(
            "{} {} ({k})",
            player(model, *p, "the player who moved"),
            worth(*w)
        ),
        OutcomeDef::Loss(p, k, w, _) => format!(
            "{} loses ({k}{})",
            player(model, *p, "the player who moved"),
            if *w == Worth::HalfWin {
                ", a half-win for the other"
            } else {
                ""
            }
        ),
        OutcomeDef::Draw(k) => format!("draw ({k})"),
        OutcomeDef::ByScore(e, k, komi) => format!(
            "the player with the higher score wins, the score being {}{}; equal scores draw ({k})",
            int(model, e, "the player"),
            if komi.0 == 0 {
                String::new()
            } else {
                format!(
                    ", the second player's with {} more",
                    crate::compile::model::half_points(komi.0)
                )
            }
        ),
    }
}
