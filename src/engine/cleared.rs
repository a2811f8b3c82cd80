//! Drops that no restriction can refuse, and drops one surely refuses,
//! found for all their squares at once.
//!
//! Under restrictions (`forbid`) other than the check rule, the general
//! listing makes every move and judges each restriction on the position it
//! makes. For a drop, most of that work decides what square sets already
//! tell: the stone put where an empty point is next to it has a liberty
//! whatever it takes; a drop on the one liberty of an enemy group takes
//! that group (and so has a liberty); a stone with no empty neighbour that
//! takes nothing has a liberty only if a group of its owner next to it has
//! another; a drop makes a board whose key is the one before with the
//! stone added and what it takes removed, so whether that board was seen
//! is read from the history's keys. [`Engine::cleared_drops`] finds, for
//! each drop rule in force, the squares where every restriction is surely
//! false on the position the drop would make, and those where one surely
//! refuses it, judged that way; the listing makes only the others. Anything
//! it cannot decide (any other condition, effect or board) it leaves to the
//! full test, so that the moves found are the same.

use smallvec::SmallVec;

use super::legality::Legality;
use super::pattern::dir_mask;
use super::{Engine, Gen, GenKind};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{CmpOp, Cond, Effect, ForbidDef, IntExpr, Shape, SiteRef};
use crate::moves::{Move, NO_PIECE};
use crate::state::{code_player, Hist, State, EMPTY, NO_SQ};

/// For each drop rule in force, the squares where no restriction can
/// refuse its drop.
#[derive(Default)]
pub(super) struct Cleared<B: Bits> {
    /// The rule's index in the model, its squares, and whether every
    /// square of the rule's drops is judged (cleared here or refused).
    rules: SmallVec<[(u8, B, bool); 2]>,
    /// For each drop rule in force, the squares where every restriction
    /// before the one numbered (in the list judged) is surely false and that
    /// one surely true: its drops there are refused by it.
    refused: SmallVec<[(u8, usize, B); 2]>,
    /// Whether the check rule is among the restrictions: a cleared drop
    /// must then be safe as well.
    check: bool,
}

impl<B: Bits> Cleared<B> {
    /// Whether move `m` (found `safe` of the check rule, or not) is surely
    /// legal without making it.
    #[inline]
    pub(super) fn has(&self, m: Move, safe: bool) -> bool {
        (safe || !self.check)
            && m.from == NO_SQ
            && m.to != NO_SQ
            && self
                .rules
                .iter()
                .any(|&(r, set, _)| r == m.rule && set.has(m.to))
    }

    /// Whether some rule has every square of its drops judged.
    #[inline]
    pub(super) fn wholes(&self) -> bool {
        !self.check && self.rules.iter().any(|r| r.2)
    }

    /// Where every square of rule `rule`'s drops is judged, those it
    /// clears (its legal drops, in the order of the squares; where
    /// [`Cleared::wholes`] holds: without the check rule).
    #[inline]
    pub(super) fn whole(&self, rule: u8) -> Option<B> {
        self.rules.iter().find(|r| r.0 == rule && r.2).map(|r| r.1)
    }

    /// The restriction (its place in the list judged) that surely refuses
    /// move `m`, where it is at `start` or after: every one before it
    /// surely allows it. `None` where that is not known.
    #[inline]
    pub(super) fn refused_by(&self, m: Move, start: usize) -> Option<usize> {
        if m.from != NO_SQ || m.to == NO_SQ {
            return None;
        }
        self.refused
            .iter()
            .find(|&&(r, k, set)| r == m.rule && k >= start && set.has(m.to))
            .map(|&(_, k, _)| k)
    }
}

/// Where a drop of a rule whose effects take enclosed groups takes
/// something, and what.
struct Takes<B: Bits> {
    /// The squares where a drop might take something.
    may: B,
    /// Squares where a drop surely takes, each with every piece it takes:
    /// the one liberty left to enemy groups (found where the rule has one
    /// effect, taking along directions that run both ways, anywhere).
    sure: SmallVec<[(Sq, B); 8]>,
    /// The directions those groups are joined along (a mask), where `sure`
    /// is known.
    mask: u8,
    /// The squares with two empty neighbours along the directions of a
    /// mask, and the mask (0: none found).
    two_empty: (u8, B),
}

impl<B: Bits> Takes<B> {
    /// The squares of `sure`.
    fn sure_squares(&self) -> B {
        self.sure
            .iter()
            .fold(B::ZERO, |acc, &(q, _)| acc | B::bit(q))
    }
}

/// What the judging of a drop rule's restrictions knows of its drops.
struct Drops<'a, B: Bits> {
    st: &'a State<B>,
    hist: &'a [Hist],
    g: &'a Gen<B>,
    /// The squares the drop may go to that are still undecided.
    open: B,
    /// The squares where the rule's effects surely do nothing.
    quiet: B,
    /// What the rule's drops surely take where they take something.
    takes: Takes<B>,
    /// The entry of the position the drop is made from.
    parent: Hist,
}

impl<B: Bits> Engine<B> {
    /// For each drop rule of the player to move in force (`lg`), the squares
    /// where no restriction of `forbids` other than the check rule can
    /// refuse its drop (see the module's comment), and those where one
    /// surely does. `parent` is the entry of `st`.
    pub(super) fn cleared_drops(
        &self,
        st: &State<B>,
        hist: &[Hist],
        lg: &Legality<B>,
        forbids: &[(Option<usize>, &ForbidDef)],
        parent: Hist,
    ) -> Cleared<B> {
        let mut out = Cleared::default();
        // Effects that look past the drop (parts of a turn, remembered
        // facts), or a board whose steps do not run both ways, are left to
        // the full test.
        if !self.steps_two_way || self.has_parts || !self.model.player_flags.is_empty() {
            return out;
        }
        let is_check = |idx: &Option<usize>| idx.is_some() && *idx == self.check_rule;
        out.check = forbids.iter().any(|(idx, _)| is_check(idx));
        let phase = self.phase_of_moves(st);
        for g in self.gens[lg.side as usize]
            .iter()
            .filter(|g| g.phase == phase)
        {
            if !self.judged_as_sets(g) {
                continue;
            }
            let mut t = B::ZERO;
            if !self.move_sets(st, lg, g, &mut |_, s| t |= s) || t.is_empty() {
                continue;
            }
            let takes = self.takes(st, g);
            let mut d = Drops {
                st,
                hist,
                g,
                open: t,
                quiet: t & !takes.may,
                takes,
                parent,
            };
            // The rule's drops found refused, by any restriction.
            let mut refused = B::ZERO;
            for (k, (idx, f)) in forbids.iter().enumerate() {
                if is_check(idx) {
                    continue;
                }
                let (no, yes) = self.verdict(&f.cond, &d);
                // Refused by this one, every one before allowing it (the
                // check rule aside: then nothing is refused here).
                let by_this = d.open & yes & !no;
                if !out.check && !by_this.is_empty() {
                    out.refused.push((g.rule, k, by_this));
                    refused |= by_this;
                }
                d.open &= no;
                if d.open.is_empty() {
                    break;
                }
            }
            let whole = (d.open | refused) == t;
            if !d.open.is_empty() || whole {
                out.rules.push((g.rule, d.open, whole));
            }
        }
        out
    }

    /// Whether rule `g`'s drops can be judged as square sets: a drop that
    /// does not fall, whose effects (if any) only take enclosed groups.
    fn judged_as_sets(&self, g: &Gen<B>) -> bool {
        let GenKind::Drop(_, fall, _) = g.kind else {
            return false;
        };
        fall == u8::MAX
            && self.model.moves[g.rule as usize]
                .effects
                .iter()
                .all(|e| matches!(e, Effect::Capture(p) if p.shape == Shape::Enclosed))
    }

    /// Where a drop of rule `g` might take something: next to an enemy
    /// piece its enclosed-group effects may select, in a group with fewer
    /// than two liberties along their directions. Where the rule has one
    /// such effect, whose directions run both ways and which takes
    /// anywhere, the drops on the one liberty of a group are sure to take
    /// it (and any other group whose one liberty it is).
    fn takes(&self, st: &State<B>, g: &Gen<B>) -> Takes<B> {
        let side = st.side;
        let forward = self.model.players[side as usize].forward;
        let empty = self.all & !st.occupied();
        let effects = &self.model.moves[g.rule as usize].effects;
        let mut out = Takes {
            may: B::ZERO,
            sure: SmallVec::new(),
            mask: 0,
            two_empty: (0, B::ZERO),
        };
        // Squares next to a group with no liberty: a drop there takes it too.
        let mut unsure = B::ZERO;
        for e in effects {
            let Effect::Capture(p) = e else {
                continue;
            };
            let mask = dir_mask(&p.dirs, forward);
            let exact = effects.len() == 1 && p.at.is_none() && reverse(mask) == mask;
            out.mask = if exact { mask } else { 0 };
            let mut enemy = st.occupied() & !st.by_player[side as usize];
            if p.kinds != 0 {
                enemy &= st.all_of_kinds(p.kinds);
            }
            // A piece with two empty neighbours keeps one whatever square
            // the drop fills; so does every piece of its group (flooded
            // from all such pieces at once), and any piece of a group with
            // two liberties (found by flooding the groups of the others).
            out.two_empty = (mask, self.two_empty_next(empty, mask));
            let sure = enemy & out.two_empty.1;
            let mut doubt = enemy & !sure;
            if !doubt.is_empty() {
                for (pl, &theirs) in st.by_player.iter().enumerate() {
                    if pl != side as usize && !(theirs & doubt).is_empty() {
                        doubt &= !self.group(sure & theirs, theirs & enemy, mask);
                    }
                }
            }
            while let Some(q) = doubt.iter().next() {
                let c = st.at(q);
                let group = self.group(
                    B::bit(q),
                    st.by_player[code_player(c) as usize] & enemy,
                    mask,
                );
                let libs = self.spread(group, mask) & empty;
                match libs.count() {
                    0 => unsure |= self.spread(group, reverse(mask)),
                    1 if exact => {
                        let l = libs.lsb();
                        match out.sure.iter_mut().find(|s| s.0 == l) {
                            Some(s) => s.1 |= group,
                            None => out.sure.push((l, group)),
                        }
                    }
                    _ => {}
                }
                if libs.count() < 2 {
                    out.may |= self.spread(group & doubt, reverse(mask));
                }
                doubt &= !group;
            }
        }
        out.sure.retain(|(l, _)| !unsure.has(*l));
        out
    }

    /// The squares with at least two empty neighbours (of `empty`) along
    /// the directions of `mask`.
    fn two_empty_next(&self, empty: B, mask: u8) -> B {
        let (mut one, mut two) = (B::ZERO, B::ZERO);
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros();
            m &= m - 1;
            let has = self.spread(empty, reverse(1 << d));
            two |= one & has;
            one |= has;
        }
        two
    }

    /// Where condition `c` is surely false, and where surely true, on the
    /// position a drop of `d.g` to each square of `d.open` would make.
    fn verdict(&self, c: &Cond, d: &Drops<'_, B>) -> (B, B) {
        let all = d.open;
        match c {
            Cond::And(cs) => cs.iter().fold((B::ZERO, all), |(no, yes), c| {
                let (n, y) = self.verdict(c, d);
                (no | n, yes & y)
            }),
            Cond::Or(cs) => cs.iter().fold((all, B::ZERO), |(no, yes), c| {
                let (n, y) = self.verdict(c, d);
                (no & n, yes | y)
            }),
            Cond::Not(c) => {
                let (no, yes) = self.verdict(c, d);
                (yes, no)
            }
            // A drop neither passes nor removes.
            Cond::Passing | Cond::Removing => (all, B::ZERO),
            Cond::Cmp(op, IntExpr::Liberties(SiteRef::To, dirs), IntExpr::Lit(n)) => {
                let (free, none) = self.liberty_verdict(dirs, d);
                match (op, n) {
                    (CmpOp::Eq | CmpOp::Le, 0) | (CmpOp::Lt, 1) => (free, none),
                    (CmpOp::Gt | CmpOp::Ne, 0) | (CmpOp::Ge, 1) => (none, free),
                    _ => (B::ZERO, B::ZERO),
                }
            }
            Cond::RepeatedBoard(n) => self.board_verdict(*n, d),
            _ => (B::ZERO, B::ZERO),
        }
    }

    /// The squares of `d.open` where the stone dropped surely has a liberty
    /// along `dirs` once the drop's effects are done, and those where it
    /// surely has none. Surely one: next to an empty square, or to a piece
    /// of the player's with two (one of them is not where the stone goes),
    /// or to a group the drop surely takes, or to a group of the player's
    /// with two liberties. Surely none: it takes nothing, has no empty
    /// neighbour, and every group of the player's next to it has its one
    /// liberty there. (The effects only take enemy pieces: empty squares
    /// stay empty.) Groups are grown, until two liberties are found, only
    /// next to squares that their neighbours do not decide.
    fn liberty_verdict(&self, dirs: &[crate::compile::model::RelDir], d: &Drops<'_, B>) -> (B, B) {
        let st = d.st;
        let mask = dir_mask(dirs, self.model.players[st.side as usize].forward);
        let empty = self.all & !st.occupied();
        let own = st.by_player[st.side as usize];
        let two_empty = match d.takes.two_empty {
            (m, set) if m == mask => set,
            _ => self.two_empty_next(empty, mask),
        };
        let back = reverse(mask);
        let mut free = d.open & (self.spread(empty, back) | self.spread(own & two_empty, back));
        if back != mask {
            return (free, B::ZERO);
        }
        // A drop sure to take a group next to it frees its squares.
        if d.takes.mask == mask {
            free |= d.open & d.takes.sure_squares();
        }
        let undecided = d.open & d.quiet & !free;
        if undecided.is_empty() {
            return (free, B::ZERO);
        }
        let mut seeds = self.spread(undecided, mask) & own;
        while let Some(q) = seeds.iter().next() {
            // Grown only until two liberties are found (the undecided
            // squares next to the part grown are among them).
            let (group, libs) = self.group_until(B::bit(q), own, empty, 2, mask);
            if libs.count() >= 2 {
                // One of them is left whichever the drop fills.
                free |= libs & undecided;
            }
            seeds &= !group;
        }
        (free, undecided & !free)
    }

    /// Where the board a drop makes was surely seen fewer than `n - 1`
    /// times before (the condition false), and where surely as often or
    /// more (true): the squares of `d.open` where the drop takes nothing,
    /// and those where it surely takes what `d.takes` says. The board key
    /// there is the one a drop on another such square makes, with the
    /// stone moved over and what each took put back or taken (Zobrist keys
    /// are linear); one drop is made to learn that key. The history is
    /// read once, only its boards of as many pieces: where a board that
    /// takes nothing recurs, its key differs from the earlier one's by the
    /// stone's key on its square ([`Engine::piece_of_key`]).
    fn board_verdict(&self, n: u32, d: &Drops<'_, B>) -> (B, B) {
        if n < 2 || self.zobrist_sorted.is_empty() {
            return (B::ZERO, B::ZERO);
        }
        let quiet = d.open & d.quiet;
        let sure = if d.takes.mask == 0 {
            B::ZERO
        } else {
            d.open & d.takes.sure_squares()
        };
        let taken_at = |q: Sq| {
            d.takes
                .sure
                .iter()
                .find(|&&(l, _)| l == q)
                .map_or(B::ZERO, |&(_, t)| t)
        };
        let Some(first) = (quiet | sure).iter().next() else {
            return (B::ZERO, B::ZERO);
        };
        let st = d.st;
        let mut child = *st;
        self.make(&mut child, Move::new(NO_SQ, first, d.g.rule, NO_PIECE));
        let code = child.at(first);
        let taken = taken_at(first);
        if code == EMPTY
            || child.took == taken.is_empty()
            || child.occupied() != (st.occupied() | B::bit(first)) & !taken
        {
            // Not the drop the sets describe: leave it to the full test.
            return (B::ZERO, B::ZERO);
        }
        // The board of a drop on no square, taking nothing.
        let lost = |t: B| t.iter().fold(0, |k, q| k ^ self.z(st.at(q), q));
        let base = self.board_key(child.hash, child.side) ^ self.z(code, first) ^ lost(taken);
        let men = st.men().wrapping_add(1);
        // The boards the sure takes make, and their pieces.
        let takes: SmallVec<[(Sq, u64, u8); 8]> = sure
            .iter()
            .map(|to| {
                let t = taken_at(to);
                let key = base ^ self.z(code, to) ^ lost(t);
                (to, key, men.wrapping_sub(t.count() as u8))
            })
            .collect();
        let mut wanted = [false; 256];
        wanted[men as usize] = true;
        for &(_, _, m) in &takes {
            wanted[m as usize] = true;
        }
        // How often each square's board was seen (the few seen at all).
        let mut seen: SmallVec<[(Sq, u32); 8]> = SmallVec::new();
        let mut note = |q: Sq| match seen.iter_mut().find(|s| s.0 == q) {
            Some(s) => s.1 += 1,
            None => seen.push((q, 1)),
        };
        for h in d.hist.iter().chain(std::iter::once(&d.parent)) {
            if !wanted[h.men as usize] {
                continue;
            }
            let key = self.board_key(h.hash, h.side);
            if h.men == men {
                if let Some((c, q)) = self.piece_of_key(key ^ base) {
                    if c == code && quiet.has(q) {
                        note(q);
                    }
                }
            }
            for &(q, k, m) in &takes {
                if m == h.men && k == key {
                    note(q);
                }
            }
        }
        let mut yes = B::ZERO;
        for &(q, times) in &seen {
            if 1 + u64::from(times) >= u64::from(n) {
                yes |= B::bit(q);
            }
        }
        ((quiet | sure) & !yes, yes)
    }
}

/// The directions of `mask` turned round (bit `d` to the opposite
/// direction's): along them, [`Engine::spread`] of a set gives the squares
/// with a neighbour in the set along `mask`, on a board whose steps run
/// both ways ([`Engine::steps_two_way`]).
fn reverse(mask: u8) -> u8 {
    mask.rotate_left(4)
}

#[cfg(test)]
impl<B: Bits> Engine<B> {
    /// Checks that every move [`Engine::cleared_drops`] clears in `st` is
    /// one no restriction refuses when made and judged in full (the
    /// history searched, not counted), and that every move it finds
    /// refused is refused first by the restriction it names. Returns how
    /// many of the moves offered it cleared, how many it found refused,
    /// and how many of the others a restriction refused.
    pub(super) fn cleared_are_legal(
        &self,
        name: &str,
        st: &State<B>,
        hist: &[Hist],
    ) -> (usize, usize, usize) {
        let lg = self.legality(st);
        let forbids = self.forbid_list(st, usize::MAX);
        let parent = self.hist_entry_seen(st, hist, super::Seen::Unknown, Some(&lg));
        let cleared = self.cleared_drops(st, hist, &lg, &forbids, parent);
        let (mut clear, mut sure_refused, mut refused) = (0, 0, 0);
        for stuck in [false, true] {
            self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                let verdict = self.first_refusal(st, hist, parent, m, safe, &forbids, 0, None);
                if cleared.has(m, safe) {
                    assert_eq!(
                        verdict, None,
                        "{name}: {m:?} cleared, but refused by a restriction"
                    );
                    clear += 1;
                } else if let Some(k) = cleared.refused_by(m, 0) {
                    assert_eq!(
                        verdict,
                        Some(k),
                        "{name}: {m:?} found refused by restriction {k}"
                    );
                    sure_refused += 1;
                } else if verdict.is_some() {
                    refused += 1;
                }
                true
            });
        }
        (clear, sure_refused, refused)
    }
}
