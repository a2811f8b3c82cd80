//! Moves and positions in words, for `lud explain` and `lud play`: why a
//! move is not legal (no such piece, not yours, the piece does not move that
//! way, the path is blocked, the rule cannot capture or only captures, a
//! restriction refuses it, with its reason), why a legal move is legal and
//! what it does, and where a game stands (whose turn, check, and which end
//! rule ended it, for whom).
//!
//! Everything is in plain English, for players; with [`Detail::Rules`] the
//! rules are also quoted as the game file writes them, for authors
//! (`lud explain --verbose`).

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::graph::describe_guard;
use crate::compile::model::Target;
use crate::engine::{Engine, GenKind};
use crate::eval::{Ctx, MoveCtx};
use crate::game::{on_pos, Position};
use crate::state::{code_piece, code_player, State, EMPTY};

mod effects;
use effects::{effects_words, turn_words};

/// How much an explanation shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Plain English only: what a player reads.
    #[default]
    Plain,
    /// Plain English, and the rules as the game file writes them (for authors).
    Rules,
}

/// A legal move in words: the rule that allows it, what it captures, its
/// promotion and extra move, and where it leaves the game.
pub fn legal_move(pos: &Position, m: crate::Move) -> String {
    legal_move_with(pos, m, Detail::Plain)
}

/// [`legal_move`], with the rules quoted as written if `detail` asks.
pub fn legal_move_with(pos: &Position, m: crate::Move, detail: Detail) -> String {
    use std::fmt::Write as _;
    let model = pos.model();
    let b = &model.board;
    let text = crate::notation::move_text(pos, m);
    let mut s = format!("{text} is legal.\n");
    let rule = &model.moves[m.rule()];
    match m.from() {
        Some(from) => {
            let (k, _) = pos.piece_at(from).unwrap_or((0, 0));
            let _ = writeln!(
                s,
                "  The {} on {} {}.",
                model.pieces[k].name,
                b.name(from as Sq),
                crate::describe::moves_words(model, &[m.rule()])
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  A move of the player: it {}.",
                crate::describe::moves_words(model, &[m.rule()])
            );
        }
    }
    if detail == Detail::Rules {
        let _ = writeln!(s, "  The rule: `{}`.", rule.text);
    }
    if let Some(g) = &rule.guard {
        let _ = writeln!(s, "  Its condition holds: {}.", describe_guard(model, g));
    }
    if rule.when_stuck {
        s.push_str("  It is allowed because the player has no other legal move.\n");
    }
    if !model.forbids.is_empty() {
        let reasons: Vec<&str> = model.forbids.iter().map(|f| f.reason.as_str()).collect();
        let _ = writeln!(
            s,
            "  No restriction refuses it (none of: {}).",
            reasons.join("; ")
        );
    }
    let side = pos.side_to_move();
    if let Some((k, owner)) = pos.piece_at(m.to()) {
        if owner != side {
            let _ = writeln!(
                s,
                "  It captures the {} on {}{}.",
                model.pieces[k].name,
                b.name(m.to() as Sq),
                if rule.stay { ", without moving" } else { "" }
            );
        }
    }
    if let Some(p) = m.promotion() {
        let (k, _) = m.from().and_then(|f| pos.piece_at(f)).unwrap_or((0, 0));
        let to = Sq::try_from(m.to()).unwrap_or(Sq::MAX);
        let rules: Vec<&crate::compile::model::PromotionDef> = model.pieces[k]
            .promotions
            .iter()
            .filter(|r| r.zone.get(side).is_some_and(|z| z.contains(&to)))
            .collect();
        let words: Vec<String> = rules
            .iter()
            .map(|r| crate::describe::promotion_words(model, r))
            .collect();
        let _ = writeln!(
            s,
            "  The {} becomes a {}: it {}.",
            model.pieces[k].name,
            model.pieces[p].name,
            words.join("; or it ")
        );
        if detail == Detail::Rules {
            let texts: Vec<String> = rules.iter().map(|r| format!("`{}`", r.text)).collect();
            let _ = writeln!(s, "  The promotion rule: {}.", texts.join(", "));
        }
    }
    if let Some(x) = m.extra() {
        let extra = usize::from(m.extra_rule);
        let _ = writeln!(
            s,
            "  In the same turn it moves on to {}: it {}.",
            b.name(x as Sq),
            crate::describe::moves_words(model, &[extra])
        );
        if detail == Detail::Rules {
            let _ = writeln!(s, "  The rule: `{}`.", model.moves[extra].text);
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    s.push_str(&effects_words(pos, &after, m));
    s.push_str(&turn_words(pos, &after, m));
    s.push_str(&indent(&position_with(&after, detail)));
    s
}

fn indent(text: &str) -> String {
    text.lines().fold(String::new(), |mut out, l| {
        out.push_str("  ");
        out.push_str(l);
        out.push('\n');
        out
    })
}

/// What the part of a turn the player to move is in asks for, in words:
/// "White's turn goes on with the Queen on d5: it slides ... and stays: a
/// new Arrow is put where the move lands."; `None` outside a part
/// (`(continue ...)`).
pub fn part_task(pos: &Position) -> Option<String> {
    let (part, anchor) = on_pos!(&pos.0, |_e, s, _h| (s.part, s.anchor));
    let model = pos.model();
    let part = model.parts.get(usize::from(part).checked_sub(1)?)?;
    let mover = &model.players[pos.side_to_move()].name;
    let words = crate::describe::moves_words(model, &part.moves);
    let pieces_move = part.moves.iter().all(|&r| model.moves[r].piece.is_some());
    let piece = (anchor != crate::state::NO_SQ)
        .then(|| pos.piece_at(anchor as usize))
        .flatten();
    Some(match piece {
        // The part's moves are made by the piece where the move landed.
        Some((kind, _)) if pieces_move => format!(
            "{mover}'s turn goes on with the {} on {}: it {words}.",
            model.pieces[kind].name,
            model.board.name(anchor)
        ),
        _ => format!("{mover}'s turn goes on: {mover} now {words}."),
    })
}

/// Where a game stands, in words: whose turn, whether that player is in
/// check, how many legal moves there are; if the game is over, which end
/// rule ended it and the result.
pub fn position(pos: &Position) -> String {
    position_with(pos, Detail::Plain)
}

/// [`position`], with the end rule quoted as written if `detail` asks.
pub fn position_with(pos: &Position, detail: Detail) -> String {
    use std::fmt::Write as _;
    let model = pos.model();
    let mut s = String::new();
    if let Some((outcome, i)) = pos.ending() {
        let end = &model.ends[i];
        let _ = writeln!(
            s,
            "The game is over: {}.",
            crate::draw::outcome_text(model, &outcome)
        );
        let _ = writeln!(
            s,
            "End rule {} holds: {} (the player to move is {}, the player who moved {}).",
            i + 1,
            crate::describe::bare(&crate::compile::graph::describe_cond(model, &end.cond)),
            model.players[pos.side_to_move()].name,
            model.players[pos.last_mover()].name
        );
        if detail == Detail::Rules {
            let _ = writeln!(s, "  The rule: `{}`.", end.text);
        }
        return s;
    }
    let side = &model.players[pos.side_to_move()].name;
    let n = pos.legal_moves().len();
    let _ = write!(s, "{side} to move");
    if pos.mid_turn() {
        s.push_str(" again, in the same turn");
    }
    if model.has_royal() && pos.in_check() {
        s.push_str(", in check");
    }
    let _ = writeln!(s, "; {n} legal move{}.", if n == 1 { "" } else { "s" });
    s
}

/// Why a castling from `from` to `to` cannot be made: the first condition
/// of `(castle ...)` that fails.
fn castle_why<B: Bits>(e: &Engine<B>, st: &State<B>, from: Sq, to: Sq, partner: u8) -> String {
    let model = &e.model;
    let b = e.board();
    let side = st.side;
    let enemy = e.next_player(side);
    let pname = &model.pieces[code_piece(st.at(from)) as usize].name;
    let partner_name = &model.pieces[partner as usize].name;
    let occ = st.occupied();
    if !st.unmoved.has(from) {
        return format!(
            "the {pname} has moved (or lost its castling rights), so it may not castle"
        );
    }
    let d = if b.cell(to).x > b.cell(from).x {
        crate::compile::board::Dir::E
    } else {
        crate::compile::board::Dir::W
    };
    match e.first_blocker(from, d.0, occ) {
        None => return format!("there is no {partner_name} to castle with on that side"),
        Some(q) => {
            let c = st.at(q);
            let beyond = e.between(from, q).has(to);
            if code_player(c) != side || code_piece(c) != partner {
                return format!(
                    "the {} on {} stands between the {pname} and its {partner_name}",
                    model.pieces[code_piece(c) as usize].name,
                    b.name(q)
                );
            }
            if !st.unmoved.has(q) {
                return format!(
                    "the {partner_name} on {} has moved (or lost its castling rights)",
                    b.name(q)
                );
            }
            if !beyond {
                return format!(
                    "the {partner_name} on {} is not beyond {}",
                    b.name(q),
                    b.name(to)
                );
            }
        }
    }
    if e.attacked(st, from, enemy, occ) {
        return format!("the {pname} is in check, and may not castle out of it");
    }
    let mut sq = from;
    while let Some(next) = b.step(sq, d).filter(|&n| n != to) {
        if e.attacked(st, next, enemy, occ) {
            return format!(
                "the {pname} would cross {}, which is attacked",
                b.name(next)
            );
        }
        sq = next;
    }
    format!("the {pname} cannot castle to {} now", b.name(to))
}

/// Why a move is refused: what is wrong and what to do, in plain English,
/// and the rules of the game file behind it (for authors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What is wrong.
    pub message: String,
    /// What to do instead, or how the piece moves.
    pub help: Option<String>,
    /// The rules that refuse the move, or those the piece has, as the game
    /// file writes them.
    pub rules: Vec<String>,
}

impl Refusal {
    fn new(message: String, help: Option<String>, rules: Vec<String>) -> Self {
        Refusal {
            message,
            help,
            rules,
        }
    }
}

/// The reason a move from `from` to `to` (promoting to `promo`) is refused,
/// and what to do instead, in plain English.
pub(crate) fn why_not(
    pos: &Position,
    from: Sq,
    to: Sq,
    promo: Option<usize>,
) -> (String, Option<String>) {
    let r = refusal(pos, from, to, promo);
    (r.message, r.help)
}

/// Why a move from `from` to `to` (promoting to `promo`) is refused, with
/// the rules behind it.
pub fn refusal(pos: &Position, from: Sq, to: Sq, promo: Option<usize>) -> Refusal {
    on_pos!(&pos.0, |e, s, h| why_not_in(e, s, h, from, to, promo))
}

/// Why a piece may not be put down on `to`, where a move of the rules
/// would put one there and a restriction refuses it: the restriction's
/// reason (`suicide: ...`).
pub fn drop_refusal(pos: &Position, to: Sq) -> Option<String> {
    drop_refusal_of(pos, to, None)
}

/// [`drop_refusal`] for a piece of kind `kind` put down (any kind if
/// `None`), where the game drops several kinds.
pub fn drop_refusal_of(pos: &Position, to: Sq, kind: Option<usize>) -> Option<String> {
    let model = pos.model();
    on_pos!(&pos.0, |e, s, h| {
        let mut pseudo = Vec::new();
        e.pseudo_moves(s, &mut pseudo);
        pseudo
            .iter()
            .filter(|m| m.from == crate::state::NO_SQ && m.to == to)
            .filter(|m| kind.is_none_or(|k| crate::notation::dropped_kind(model, **m) == Some(k)))
            .find_map(|&m| e.refusal(s, m, h))
            .map(|f| f.reason.clone())
            .or_else(|| drop_condition_unmet(e, s, h, to, kind))
    })
}

/// The condition (`if:`) of a drop rule that would put a piece (of kind
/// `kind`, if given) on the empty square `to` and does not hold now: "that
/// move is allowed only if ...".
fn drop_condition_unmet<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    hist: &[crate::state::Hist],
    to: Sq,
    kind: Option<usize>,
) -> Option<String> {
    if st.at(to) != EMPTY {
        return None;
    }
    let side = st.side;
    e.gens[side as usize].iter().find_map(|g| {
        // Only a drop rule in force now: of this phase or part, not one
        // offered only when stuck, its piece in hand if it drops from there.
        let GenKind::Drop(sites, _, hand) = &g.kind else {
            return None;
        };
        if g.stuck || !e.in_phase(st, g) {
            return None;
        }
        if *hand != crate::engine::NO_KIND && st.in_hand(side, *hand) == 0 {
            return None;
        }
        let c = g.guard.as_ref()?;
        // The kind it puts down (a drop rule belongs to no piece).
        let crate::compile::model::MoveKind::Drop { piece: dropped, .. } =
            e.model.moves[g.rule as usize].kind
        else {
            return None;
        };
        if !sites.has(to) || kind.is_some_and(|k| k != dropped) {
            return None;
        }
        let ctx = Ctx::new(e, st, hist, None).in_move(MoveCtx::new(
            side,
            crate::state::NO_SQ,
            to,
            g.piece,
        ));
        (!ctx.cond(c)).then(|| {
            format!(
                "that move is allowed only if {}",
                describe_guard(&e.model, c)
            )
        })
    })
}

/// [`refusal`] for a move as typed (`e2e5`, `e7-e8=q`), if it names two
/// squares of the board (and a piece's letter, if any).
pub fn refusal_of_text(pos: &Position, text: &str) -> Option<Refusal> {
    let model = pos.model();
    let t = text.trim().split(',').next().unwrap_or("");
    // Square names are small letters then digits; the rest is passed over,
    // but for a last letter: the promotion.
    let mut squares = Vec::new();
    let mut rest = t;
    while let Some(start) = rest.find(|c: char| c.is_ascii_lowercase()) {
        let tail = &rest[start..];
        let letters = tail
            .find(|c: char| !c.is_ascii_lowercase())
            .unwrap_or(tail.len());
        let digits = tail[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(tail.len(), |d| letters + d);
        if digits > letters && squares.len() < 2 {
            // `xe4`: the square is the longest tail of the letters that names one.
            let sq = (0..letters).find_map(|skip| model.board.parse(&tail[skip..digits]))?;
            squares.push(sq);
            rest = &tail[digits..];
        } else {
            rest = &tail[letters.max(1)..];
        }
    }
    let [from, to] = squares[..] else {
        return None;
    };
    let letter = t
        .chars()
        .last()
        .filter(|c| c.is_ascii_alphabetic() && !t.ends_with(&model.board.name(to)));
    let promo = match letter {
        Some(c) => Some(model.piece_by_letter(c)?),
        None => None,
    };
    Some(refusal(pos, from, to, promo))
}

/// "a Pawn steps one square forward, onto an empty square", for the rules
/// `rules` of the piece named `pname`.
fn piece_moves(model: &crate::compile::model::Model, pname: &str, rules: &[usize]) -> String {
    format!("a {pname} {}", crate::describe::moves_words(model, rules))
}

fn why_not_in<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    hist: &[crate::state::Hist],
    from: Sq,
    to: Sq,
    promo: Option<usize>,
) -> Refusal {
    let model = &e.model;
    let b = e.board();
    let (fname, tname) = (b.name(from), b.name(to));
    let side = st.side;
    let side_name = &model.players[side as usize].name;
    let c = st.at(from);
    if c == EMPTY {
        return Refusal::new(
            format!("there is no piece on {fname}"),
            Some(format!("move one of {side_name}'s pieces")),
            Vec::new(),
        );
    }
    let (piece, owner) = (code_piece(c), code_player(c));
    let pname = &model.pieces[piece as usize].name;
    if owner != side {
        return Refusal::new(
            format!(
                "the {pname} on {fname} is {}'s, and it is {side_name}'s turn",
                model.players[owner as usize].name
            ),
            Some(format!("move one of {side_name}'s pieces")),
            Vec::new(),
        );
    }
    if from == to {
        return Refusal::new(
            format!("{fname} to {fname} is no move: a piece moves off its square"),
            Some("give two different squares, the piece's and where it goes".into()),
            Vec::new(),
        );
    }
    if e.phase_mask(st).has(to) {
        if let Some(f) = e.model.phases.get(st.phase as usize).and_then(|p| {
            p.forbids.iter().find(|f| {
                matches!(&f.cond, crate::compile::model::Cond::In(crate::compile::model::SiteRef::To, z)
                    if z.get(side as usize).is_some_and(|v| v.contains(&to)))
            })
        }) {
            return Refusal::new(
                format!("{fname}{tname} is not allowed: {}", f.reason),
                None,
                vec![f.text.clone()],
            );
        }
    }
    let mut pseudo = Vec::new();
    e.pseudo_moves(st, &mut pseudo);
    let here: Vec<_> = pseudo
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    if !here.is_empty() {
        if let Some(p) = promo {
            if !here.iter().any(|m| m.promotion() == Some(p)) {
                return Refusal::new(
                    format!(
                        "the {pname} cannot become a {} on {tname}",
                        model.pieces[p].name
                    ),
                    None,
                    Vec::new(),
                );
            }
        }
        for &m in &here {
            if promo.is_some() && m.promotion() != promo {
                continue;
            }
            if let Some(f) = e.refusal(st, m, hist) {
                return Refusal::new(
                    format!("{fname}{tname} is not allowed: {}", f.reason),
                    None,
                    vec![f.text.clone()],
                );
            }
        }
        if let (Some(most), Some((mine, best))) = (
            &model.maximum,
            here.first().and_then(|&m| e.below_maximum(st, m, hist)),
        ) {
            return Refusal::new(
                format!("{fname}{tname} is not allowed: {}", most.reason),
                Some(format!(
                    "{}: {mine} for this move, {best} for another",
                    crate::compile::graph::int_words(model, &most.expr)
                )),
                vec![most.text.clone()],
            );
        }
        return Refusal::new(
            format!("{fname}{tname} is not legal here"),
            None,
            Vec::new(),
        );
    }
    let target = st.at(to);
    if target != EMPTY && code_player(target) == side {
        return Refusal::new(
            format!(
                "{tname} holds your own {}",
                model.pieces[code_piece(target) as usize].name
            ),
            Some("a piece cannot capture a piece of its own side".into()),
            Vec::new(),
        );
    }
    let occ = st.occupied();
    let mut rules: Vec<usize> = Vec::new();
    for g in e.gens[side as usize]
        .iter()
        .filter(|g| g.piece == piece && e.in_phase(st, g))
    {
        let rule = g.rule as usize;
        let text = &model.moves[rule].text;
        if !rules.contains(&rule) {
            rules.push(rule);
        }
        let words = || Some(piece_moves(model, pname, &[rule]));
        if let GenKind::Castle(partner, _) = g.kind {
            if e.potential(g, from).has(to) {
                return Refusal::new(
                    castle_why(e, st, from, to, partner),
                    words(),
                    vec![text.clone()],
                );
            }
            continue;
        }
        if !e.reach(g, from, B::ZERO).has(to) {
            continue;
        }
        if !e.reach(g, from, occ).has(to) {
            if let GenKind::Slide(ds) | GenKind::SlideRange(ds, _) = &g.kind {
                for &d in ds {
                    if e.rays[from as usize][d as usize].has(to) {
                        if let Some(blk) = e.first_blocker(from, d, occ) {
                            let bc = st.at(blk);
                            return Refusal::new(
                                format!(
                                    "the way from {fname} to {tname} is blocked by the {} on {}",
                                    model.pieces[code_piece(bc) as usize].name,
                                    b.name(blk)
                                ),
                                Some(format!("a {pname} cannot pass over pieces")),
                                vec![text.clone()],
                            );
                        }
                    }
                }
            }
            continue;
        }
        match g.target {
            Target::Empty if target != EMPTY => {
                return Refusal::new(
                    format!(
                        "the {pname} cannot capture on {tname}: it moves there only onto an empty square"
                    ),
                    words(),
                    vec![text.clone()],
                );
            }
            Target::Enemy if target == EMPTY => {
                return Refusal::new(
                    format!("{tname} is empty, and the {pname} moves there only to capture"),
                    words(),
                    vec![text.clone()],
                );
            }
            _ => {}
        }
        if !g.from_mask.has(from) {
            if let Some(f) = &model.moves[rule].from {
                let names: Vec<String> = f
                    .get(side as usize)
                    .map(|v| v.iter().map(|&q| b.name(q)).collect())
                    .unwrap_or_default();
                return Refusal::new(
                    format!(
                        "the {pname} cannot move from {fname} to {tname}: that move is only for a {pname} on {}",
                        names.join(" ")
                    ),
                    words(),
                    vec![text.clone()],
                );
            }
        }
        if let Some(c) = &g.guard {
            let ctx = Ctx::new(e, st, hist, None).in_move(MoveCtx::new(side, from, to, piece));
            if !ctx.cond(c) {
                return Refusal::new(
                    format!(
                        "the {pname} cannot move from {fname} to {tname} now: that move is allowed only if {}",
                        describe_guard(model, c)
                    ),
                    None,
                    vec![text.clone()],
                );
            }
        }
        if let Some(p) = e.promos[piece as usize].as_ref() {
            if p.zone[side as usize].has(to) && !e.can_land(st, side, piece, from, to) {
                let promotions = &model.pieces[piece as usize].promotions;
                let words: Vec<String> = promotions
                    .iter()
                    .map(|r| crate::describe::promotion_words(model, r))
                    .collect();
                return Refusal::new(
                    format!(
                        "the {pname} cannot move to {tname}: it would have to promote there, and no promotion is possible now"
                    ),
                    Some(format!("a {pname} {}", words.join("; or it "))),
                    promotions.iter().map(|r| r.text.clone()).collect(),
                );
            }
        }
    }
    // In a phase with moves of its own, only those are played.
    let during = model
        .phases
        .get(st.phase as usize)
        .filter(|p| !p.moves.is_empty())
        .map(|p| format!("during the {} phase ", p.name));
    let during_text = during.as_deref().unwrap_or("");
    Refusal::new(
        format!("a {pname} cannot move from {fname} to {tname}"),
        Some(if rules.is_empty() {
            format!("{during_text}a {pname} has no moves")
        } else {
            format!("{during_text}{}", piece_moves(model, pname, &rules))
        }),
        rules.iter().map(|&r| model.moves[r].text.clone()).collect(),
    )
}
