//! `lud.Batch`: many games of one game file played side by side, a step of
//! every game per call, with NumPy arrays in and out (as vectorised
//! environments for reinforcement learning do). The loop in Python then
//! pays its own price once per step of the batch rather than once per
//! ply. A step runs with the interpreter lock released, so batches stepped
//! from several Python threads run side by side.
//!
//! Each game in the batch is always in play: a game that ends (by its end
//! rules, with no legal move, or at the batch's cap of plies) is reported
//! by the step that ended it and starts again from the start position.

use numpy::ndarray::Array;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use lud::eval::Outcome;
use lud::game::{Listed, Position};
use lud::moves::Move;

use crate::Game;

/// The most games a batch holds.
const MAX_GAMES: usize = 1 << 16;

/// The most positions of history a batch may come to keep (games times
/// their cap of plies): about a gigabyte.
const MAX_HISTORY: u64 = 50_000_000;

/// What a step reports: each game's status, and each ended game's returns.
type Report<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray2<f64>>);

/// Every game's legal actions in a row, and where each game's run starts.
type Runs<'py> = (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>);

/// One game of a batch: its position, its plies since the start. Its legal
/// moves there (never none: a game with none has ended and started again)
/// are kept as their actions in the batch's [`Actions`], with every other
/// game's, made as they are listed (while at hand): a step then reads and
/// writes one list, in order, rather than a list of each game's.
#[derive(Clone)]
struct Slot {
    pos: Position,
    /// The legal moves themselves, kept only where some action does not fit
    /// an int64 (empty otherwise: each move is its action decoded).
    wide: Vec<Move>,
    plies: u32,
    /// The position the last game played here ended in.
    last: Option<Position>,
    /// How the legal moves are listed here: as actions, or (once some
    /// action has not fitted an int64) as moves first.
    listing: Listing,
}

/// Every game's legal actions, one game's after the other's.
#[derive(Default)]
struct Actions {
    /// The action of each legal move; -1 for one that does not fit an int64.
    /// Empty once handed to NumPy (`shown`).
    codes: Vec<i64>,
    /// The actions as `legal_actions` gave them: the list itself, handed
    /// over rather than copied, and made read-only. Taken back (dropped)
    /// by the next step, which lists the next actions in a new list.
    shown: Option<Shown>,
    /// Where each game's run of them starts, then where the last one ends.
    offsets: Vec<i64>,
    /// Whether some game keeps its moves (see [`Slot::wide`]): only then
    /// may some action be -1.
    wide: bool,
}

/// The list of actions handed to NumPy, and what tells that it is still
/// the list the batch wrote.
///
/// Read-only is not enough: Python can give the array other memory (its
/// `__setstate__`), another type or shape. The batch reads the array's
/// actions only while it is a one-dimensional int64 array over the very
/// memory it was handed, whose owner the batch keeps (so that the memory
/// can be no one else's), and which no array can write.
struct Shown {
    array: Py<PyAny>,
    /// What the array's memory belongs to (NumPy's `base`), kept only to
    /// keep that memory.
    _owner: Py<PyAny>,
    /// Where the list starts, and its length.
    at: usize,
    len: usize,
}

impl Shown {
    /// `f` of the actions, if the array is still the list handed over.
    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&[i64]) -> R) -> Option<R> {
        let a = self
            .array
            .bind(py)
            .extract::<PyReadonlyArray1<'_, i64>>()
            .ok()?;
        let codes = a.as_slice().ok()?;
        (codes.as_ptr() as usize == self.at && codes.len() == self.len).then(|| f(codes))
    }
}

impl Actions {
    /// Where game `i`'s run starts (for the last game plus one, where the
    /// last run ends). Offsets are never negative: they are kept as int64
    /// only for NumPy.
    fn start(&self, i: usize) -> usize {
        usize::try_from(self.offsets[i]).unwrap_or(0)
    }

    /// Game `i`'s legal actions, of `codes` (every game's: see
    /// [`Actions::read`]).
    fn of<'a>(&self, codes: &'a [i64], i: usize) -> &'a [i64] {
        &codes[self.start(i)..self.start(i + 1)]
    }

    /// `f` of every game's legal actions, wherever they are; `None` if
    /// the array handed to NumPy is no longer the list (see [`Shown`]).
    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&[i64]) -> R) -> Option<R> {
        match &self.shown {
            Some(shown) => shown.read(py, f),
            None => Some(f(&self.codes)),
        }
    }

    /// Hands the list to NumPy (see [`Actions::shown`]): the array.
    fn show<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        if let Some(shown) = &self.shown {
            return Ok(shown.array.bind(py).cast::<PyArray1<i64>>()?.clone());
        }
        let (at, len) = (self.codes.as_ptr() as usize, self.codes.len());
        let a = PyArray1::from_vec(py, std::mem::take(&mut self.codes));
        a.readwrite().make_nonwriteable();
        let owner = a.getattr("base")?.unbind();
        self.shown = Some(Shown {
            array: a.clone().into_any().unbind(),
            _owner: owner,
            at,
            len,
        });
        Ok(a)
    }

    /// The game whose run holds the action at `j`, and its place in that run.
    fn place(&self, j: usize) -> (usize, usize) {
        let i = self.offsets.partition_point(|&o| o <= j as i64) - 1;
        (i, j - self.start(i))
    }

    /// `n` games' runs, each of `start`'s.
    fn repeated(start: &Start, n: usize) -> Actions {
        let mut actions = Actions::default();
        actions.restart();
        for _ in 0..n {
            actions.codes.extend_from_slice(&start.codes);
            actions.end_run(&start.wide);
        }
        actions
    }

    /// Lets go of the actions NumPy holds (see [`Actions::shown`]),
    /// making room for as many again.
    fn take_back(&mut self) {
        if self.shown.take().is_some() {
            // Of a size rounded up to an eighth of a power of two, so that
            // the allocator serves step after step from the room the lists
            // before left (rather than asking the system for new pages
            // each time), at most a quarter more than the list needs.
            let len = self.start(self.offsets.len() - 1);
            let want = len + len / 8;
            let unit = (want.next_power_of_two() / 8).max(1);
            self.codes = Vec::with_capacity(want.div_ceil(unit) * unit);
        }
    }

    /// Empties it, for a step to list every game's actions again.
    fn restart(&mut self) {
        self.codes.clear();
        self.offsets.clear();
        self.offsets.push(0);
        self.wide = false;
    }

    /// Ends the run of the game whose actions were the last appended
    /// (`wide`: the moves it keeps, see [`Slot::wide`]).
    fn end_run(&mut self, wide: &[Move]) {
        self.offsets.push(self.codes.len() as i64);
        self.wide |= !wide.is_empty();
    }
}

/// What a game of the batch starts again from: the start position, its
/// legal actions, and its legal moves where some action does not fit an
/// int64 (see [`Slot::wide`]).
struct Start {
    pos: Position,
    codes: Vec<i64>,
    wide: Vec<Move>,
}

impl Start {
    /// The start `pos`, whose legal moves are `moves`.
    fn new(pos: Position, moves: &[Move]) -> Start {
        let mut codes = Vec::new();
        let slot = Slot::new(pos, moves, &mut codes);
        Start {
            pos: slot.pos,
            codes,
            wide: slot.wide,
        }
    }

    /// A game at the start.
    fn slot(&self) -> Slot {
        Slot {
            pos: self.pos.clone(),
            wide: self.wide.clone(),
            plies: 0,
            last: None,
            listing: Listing::Actions,
        }
    }
}

/// How a slot lists its legal moves.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Listing {
    /// Straight as actions (as each move is found).
    Actions,
    /// As moves, then as actions: the game has moves whose actions do not
    /// fit an int64, and listing them as actions first would be wasted.
    Moves,
}

/// How a step left a game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    /// The game goes on.
    Going,
    /// An end rule ended it: `Some(winner)`, or `None` for a draw.
    Ended(Option<usize>),
    /// The player to move had no legal move and no end rule said what that
    /// means (returns 0 each, as `State.returns`).
    Stuck,
    /// It reached the batch's cap of plies.
    Capped,
}

impl Step {
    /// The code `Batch.apply` reports: 0 going on, 1 ended by a rule,
    /// 2 stuck, 3 capped.
    fn code(self) -> i8 {
        match self {
            Step::Going => 0,
            Step::Ended(_) => 1,
            Step::Stuck => 2,
            Step::Capped => 3,
        }
    }
}

impl Slot {
    /// A game at `pos`, whose legal moves are `moves` (their actions
    /// appended to `codes`).
    fn new(pos: Position, moves: &[Move], codes: &mut Vec<i64>) -> Slot {
        let mut slot = Slot {
            pos,
            wide: Vec::new(),
            plies: 0,
            last: None,
            listing: Listing::Actions,
        };
        slot.hold(moves, codes);
        slot
    }

    /// Keeps `moves` as the legal moves, their actions appended to `codes`.
    fn hold(&mut self, moves: &[Move], codes: &mut Vec<i64>) {
        self.wide.clear();
        let mut small = true;
        codes.extend(moves.iter().map(|m| {
            let code = m.small_code();
            small &= code.is_some();
            code.unwrap_or(-1)
        }));
        if !small {
            self.wide.extend_from_slice(moves);
        }
    }

    /// Legal move `k` (in the engine's order), if there is one, of a game
    /// whose legal actions are `codes` and whose kept moves are `wide`
    /// (see [`Slot::wide`]).
    fn get(wide: &[Move], codes: &[i64], k: usize) -> Option<Move> {
        if wide.is_empty() {
            let code = u128::try_from(*codes.get(k)?).ok()?;
            Move::from_code(code)
        } else {
            wide.get(k).copied()
        }
    }

    /// The legal move whose action is `code`, if there is one, of a game
    /// whose legal actions are `codes` and whose kept moves are `wide`.
    fn find(wide: &[Move], codes: &[i64], code: i64) -> Option<Move> {
        if wide.is_empty() {
            // Sixteen codes compared at a time, with no exit among them
            // (the comparisons run side by side); one exit, on the
            // chunk that holds the action, where a scan to the end would
            // read twice as many codes on average.
            let has = |ch: &[i64]| ch.iter().fold(false, |hit, &c| hit | (c == code));
            let chunks = codes.chunks_exact(16);
            let rest = chunks.remainder();
            let hit =
                has(Self::near_guess(codes, code)) || chunks.into_iter().any(&has) || has(rest);
            hit.then(|| Move::from_code(u128::try_from(code).ok()?))?
        } else {
            let m = Move::from_code(u128::try_from(code).ok()?)?;
            wide.contains(&m).then_some(m)
        }
    }

    /// Where in a long list of actions `code` would stand if the list
    /// rose evenly from its first action to its last: the 32 actions
    /// around that place (none in a short list, or for a code outside
    /// that range). A drop rule's actions rise with their squares (the
    /// code holds the square above the start), so in a game of drops the
    /// action is most often there; elsewhere a look costs little.
    fn near_guess(codes: &[i64], code: i64) -> &[i64] {
        const LONG: usize = 64;
        const AROUND: usize = 16;
        let n = codes.len();
        let (Some(&lo), Some(&hi)) = (codes.first(), codes.last()) else {
            return &[];
        };
        if n < LONG || code < lo || code > hi || lo >= hi {
            return &[];
        }
        let at = ((code - lo) as f64 / (hi - lo) as f64 * (n - 1) as f64) as usize;
        let from = at.saturating_sub(AROUND).min(n - 2 * AROUND);
        &codes[from..from + 2 * AROUND]
    }

    /// Appends the legal actions here to `codes` (`scratch`: room to list
    /// moves), keeping the moves where some action does not fit: the
    /// result, if an end rule holds.
    fn list(&mut self, scratch: &mut Vec<Move>, codes: &mut Vec<i64>) -> Option<Outcome> {
        let listed = match self.listing {
            Listing::Actions => self.pos.append_small_codes_and_outcome(codes),
            Listing::Moves => Listed::TooWide,
        };
        match listed {
            Listed::Codes(o) => {
                self.wide.clear();
                o
            }
            Listed::TooWide => {
                self.listing = Listing::Moves;
                let o = self.pos.moves_and_outcome_into(scratch);
                self.hold(scratch, codes);
                o
            }
        }
    }

    /// Plays `m` (one of its legal moves; `scratch` is room to list the
    /// next ones), appending the next legal actions to `codes`, and starts
    /// the game again from `start` if that ended it (keeping the position
    /// it ended in).
    fn play(
        &mut self,
        m: Move,
        start: &Start,
        cap: u32,
        scratch: &mut Vec<Move>,
        codes: &mut Vec<i64>,
    ) -> Step {
        self.pos.play_unchecked(m);
        self.plies += 1;
        let base = codes.len();
        let outcome = self.list(scratch, codes);
        let step = match outcome {
            Some(o) => Step::Ended(Outcome::winner(&o)),
            None if codes.len() == base => Step::Stuck,
            None if self.plies >= cap => Step::Capped,
            None => Step::Going,
        };
        if step != Step::Going {
            // The position it ended in is kept; the one kept before takes
            // the start, in the room its history had.
            match &mut self.last {
                Some(last) => {
                    std::mem::swap(last, &mut self.pos);
                    self.pos.clone_from(&start.pos);
                }
                None => self.last = Some(std::mem::replace(&mut self.pos, start.pos.clone())),
            }
            codes.truncate(base);
            codes.extend_from_slice(&start.codes);
            self.wide.clone_from(&start.wide);
            self.plies = 0;
        }
        step
    }
}

/// Many games of one game played side by side, a step of each per call.
///
/// `Batch(game, n, max_plies=5000)`. `legal_actions()` gives
/// every game's legal actions at once as two NumPy arrays (the actions,
/// and where each game's run of them starts); `apply(actions)` plays one
/// action in each game and reports which games that ended, with their
/// returns. A game that ends starts again from the start, so every game of
/// the batch is always in play.
#[pyclass(module = "lud")]
pub(crate) struct Batch {
    start: Start,
    slots: Vec<Slot>,
    /// Every game's legal actions (a step lists the next ones in the same
    /// room, still in the cache from being read).
    actions: Actions,
    cap: u32,
    players: usize,
    shape: Vec<usize>,
    plies: u64,
    games: u64,
}

impl Batch {
    /// Every game's legal actions listed again, in the batch's own list:
    /// for when the array handed to NumPy is no longer that list (see
    /// [`Shown`]). The same actions in the same order as before.
    fn relist(&mut self) {
        let (slots, actions) = (&mut self.slots, &mut self.actions);
        actions.shown = None;
        actions.codes = Vec::new();
        actions.restart();
        let mut scratch = Vec::new();
        for s in slots.iter_mut() {
            s.list(&mut scratch, &mut actions.codes);
            actions.end_run(&s.wide);
        }
    }

    /// `f` of every game's legal actions (listed again if the array handed
    /// to NumPy has been changed).
    fn read_actions<R>(&mut self, py: Python<'_>, f: impl Fn(&Self, &[i64]) -> R) -> R {
        if let Some(r) = self.actions.read(py, |codes| f(self, codes)) {
            return r;
        }
        self.relist();
        f(self, &self.actions.codes)
    }

    /// Plays `moves[i]` in game i (the interpreter lock released), listing
    /// every game's legal actions anew: how each game stands after it.
    fn play_all(&mut self, py: Python<'_>, moves: Vec<Move>) -> Vec<Step> {
        let (start, cap) = (&self.start, self.cap);
        self.actions.take_back();
        // The moves are found: the actions they came from are read no more.
        let (slots, next) = (&mut self.slots, &mut self.actions);
        let steps = py.detach(|| {
            let mut scratch = Vec::new();
            next.restart();
            slots
                .iter_mut()
                .zip(moves)
                .map(|(s, m)| {
                    let step = s.play(m, start, cap, &mut scratch, &mut next.codes);
                    next.end_run(&s.wide);
                    step
                })
                .collect::<Vec<_>>()
        });
        self.plies += steps.len() as u64;
        self.games += steps.iter().filter(|s| **s != Step::Going).count() as u64;
        steps
    }

    /// The step's report: (how each game stands, 0 to 3; the returns of
    /// each game that ended, a row of zeros for the others).
    fn report<'py>(&self, py: Python<'py>, steps: &[Step]) -> PyResult<Report<'py>> {
        let n = self.players;
        let mut returns = vec![0f64; steps.len() * n];
        for (row, s) in returns.chunks_mut(n).zip(steps) {
            if let Step::Ended(Some(w)) = s {
                row.fill(-1.0);
                if let Some(r) = row.get_mut(*w) {
                    *r = 1.0;
                }
            }
        }
        let returns = Array::from_shape_vec((steps.len(), n), returns)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let codes: Vec<i8> = steps.iter().map(|s| s.code()).collect();
        Ok((codes.into_pyarray(py), returns.into_pyarray(py)))
    }

    /// A step: the move `pick` makes of each game's value (`why` says
    /// why there is none), every one found before any is played; then
    /// played, and reported.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        values: &Bound<'py, PyAny>,
        what: &str,
        pick: impl Fn(&[Move], &[i64], i64) -> Option<Move>,
        why: impl Fn(&[i64], i64) -> String,
    ) -> PyResult<Report<'py>> {
        let values = self.per_game(values, what)?;
        let moves = self.read_actions(py, |this, codes| {
            let actions = &this.actions;
            let mut moves = Vec::with_capacity(values.len());
            for (i, &v) in values.iter().enumerate() {
                // A game's slot is read only where some game keeps its moves.
                let wide: &[Move] = if actions.wide {
                    &this.slots[i].wide
                } else {
                    &[]
                };
                // An Option, not a Result carrying the message: the move then
                // goes straight to `moves` (built in a Result on the stack, it
                // was read back whole before its parts were written, a stall
                // for every game).
                match pick(wide, actions.of(codes, i), v) {
                    Some(m) => moves.push(m),
                    None => {
                        let why = why(actions.of(codes, i), v);
                        return Err(PyValueError::new_err(format!("game {i}: {why}")));
                    }
                }
            }
            Ok(moves)
        })?;
        let steps = self.play_all(py, moves);
        self.report(py, &steps)
    }

    /// Game `i`, or the error that there is none.
    fn slot(&self, i: i64) -> PyResult<&Slot> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.slots.get(i))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no game {i} in a batch of {} games",
                    self.slots.len()
                ))
            })
    }

    /// One whole number for each game, from a NumPy array or any sequence.
    fn per_game(&self, values: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<i64>> {
        let v = match values.extract::<PyReadonlyArray1<'_, i64>>() {
            Ok(a) => a
                .as_slice()
                .map(<[i64]>::to_vec)
                .unwrap_or_else(|_| a.as_array().iter().copied().collect()),
            Err(_) => values.extract::<Vec<i64>>().map_err(|_| {
                PyValueError::new_err(format!(
                    "{what}: give one whole number for each game (a NumPy int64 array or a list)"
                ))
            })?,
        };
        if v.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!(
                "{what}: {} values for a batch of {} games",
                v.len(),
                self.slots.len()
            )));
        }
        Ok(v)
    }
}

#[pymethods]
impl Batch {
    /// `n` games of `game` from its start (`max_plies`: a game that long
    /// is reported capped and starts again).
    #[new]
    #[pyo3(signature = (game, n, max_plies=5000))]
    fn new(game: &Game, n: i128, max_plies: i128) -> PyResult<Batch> {
        // Taken as any whole number, so that a negative or huge one gets
        // the message of the range, not an overflow.
        let Some(n) = usize::try_from(n)
            .ok()
            .filter(|&n| n != 0 && n <= MAX_GAMES)
        else {
            return Err(PyValueError::new_err(format!(
                "a batch holds 1 to {MAX_GAMES} games, not {n}"
            )));
        };
        let Some(max_plies) = u32::try_from(max_plies)
            .ok()
            .filter(|&m| m != 0 && m <= lud::bench::MAX_CAP)
        else {
            return Err(PyValueError::new_err(format!(
                "max_plies must be between 1 and {}, not {max_plies}",
                lud::bench::MAX_CAP
            )));
        };
        if n as u64 * u64::from(max_plies) > MAX_HISTORY {
            return Err(PyValueError::new_err(format!(
                "{n} games of up to {max_plies} plies each could keep {} positions of history, more than {MAX_HISTORY}: give fewer games or a lower max_plies",
                n as u64 * u64::from(max_plies)
            )));
        }
        let pos = game.game.start();
        let mut legal = Vec::new();
        if pos.moves_and_outcome_into(&mut legal).is_some() || legal.is_empty() {
            return Err(PyValueError::new_err(
                "the game is over at its start: there is nothing to play",
            ));
        }
        let start = Start::new(pos, &legal);
        Ok(Batch {
            slots: vec![start.slot(); n],
            actions: Actions::repeated(&start, n),
            start,
            cap: max_plies,
            players: game.game.model().players.len(),
            shape: crate::shape(&game.game),
            plies: 0,
            games: 0,
        })
    }

    /// The number of games in the batch.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Every game's legal actions: `(actions, offsets)`, two int64 arrays;
    /// game i's actions are `actions[offsets[i]:offsets[i + 1]]`, in the
    /// engine's order (as `State.legal_actions`). Raises `ValueError` in a
    /// game whose moves do not fit an int64 (moves in parts, series of
    /// jumps): `legal_counts` and `apply_indices` serve those. The actions
    /// array is read-only, and the same until the next step: the batch's
    /// own list, not a copy.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Runs<'py>> {
        // Only a game that keeps its moves has an action that does not fit
        // (-1).
        let unfit = self
            .actions
            .wide
            .then(|| self.read_actions(py, |_, codes| codes.iter().position(|&c| c < 0)));
        if let Some(j) = unfit.flatten() {
            let (i, k) = self.actions.place(j);
            let s = &self.slots[i];
            return Err(PyValueError::new_err(format!(
                "the move {} does not fit an int64 action: use legal_counts() and apply_indices()",
                lud::notation::move_text(&s.pos, s.wide[k])
            )));
        }
        // (Listed again first if the array handed over was changed.)
        self.read_actions(py, |_, _| ());
        let shown = self.actions.show(py)?;
        Ok((shown, PyArray1::from_slice(py, &self.actions.offsets)))
    }

    /// How many legal actions each game has (an int64 array; never 0).
    fn legal_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let counts: Vec<i64> = self
            .actions
            .offsets
            .windows(2)
            .map(|w| w[1] - w[0])
            .collect();
        counts.into_pyarray(py)
    }

    /// Plays `actions[i]` in game i (`actions`: one of its `legal_actions`
    /// for each game). Returns `(status, returns)`: status is an int8 array,
    /// 0 for a game that goes on, 1 ended by its rules, 2 stuck with no
    /// legal move, 3 capped at `max_plies`; returns is a float64 array
    /// [games, players], each ended game's returns (1 the winner, -1 the
    /// others, 0 each for a draw), zeros elsewhere. Games that ended start
    /// again. Raises `ValueError`, playing nothing, if an action is not
    /// legal in its game.
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Report<'py>> {
        self.step(py, actions, "apply", Slot::find, |_, code| {
            format!("action {code} is not one of its legal actions")
        })
    }

    /// Plays, in game i, its legal action number `indices[i]` (from 0, in
    /// the order of `legal_actions`); otherwise as `apply`. Serves every
    /// game, whatever its moves.
    fn apply_indices<'py>(
        &mut self,
        py: Python<'py>,
        indices: &Bound<'py, PyAny>,
    ) -> PyResult<Report<'py>> {
        self.step(
            py,
            indices,
            "apply_indices",
            |wide, codes, k| {
                usize::try_from(k)
                    .ok()
                    .and_then(|k| Slot::get(wide, codes, k))
            },
            |codes, k| {
                format!(
                    "index {k} is not between 0 and {} (its legal actions)",
                    codes.len() - 1
                )
            },
        )
    }

    /// The player to move in each game, from 0 (an int64 array).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let p: Vec<i64> = self
            .slots
            .iter()
            .map(|s| s.pos.side_to_move() as i64)
            .collect();
        p.into_pyarray(py)
    }

    /// Plies played in each game since it (last) started (an int64 array).
    fn move_numbers<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let p: Vec<i64> = self.slots.iter().map(|s| i64::from(s.plies)).collect();
        p.into_pyarray(py)
    }

    /// Every game's observation, a float32 array [games, planes, height,
    /// width], each as `State.observation_tensor()`.
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let size: usize = self.shape.iter().product();
        let total = size.checked_mul(self.slots.len()).ok_or_else(too_big)?;
        let mut t = Vec::new();
        t.try_reserve_exact(total).map_err(|_| too_big())?;
        t.resize(total, 0f32);
        for (part, s) in t.chunks_mut(size.max(1)).zip(&self.slots) {
            crate::fill_observation(&s.pos, part);
        }
        let (p, h, w) = (self.shape[0], self.shape[1], self.shape[2]);
        let t = Array::from_shape_vec((self.slots.len(), p, h, w), t)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(t.into_pyarray(py))
    }

    /// Game i as a `State`: a copy of its position, with the earlier
    /// positions its repetition rules read, but no actions to undo (its
    /// `history()` is empty and its `move_number()` counts from here).
    fn state(&self, i: i64) -> PyResult<crate::State> {
        Ok(crate::State::new(self.slot(i)?.pos.clone()))
    }

    /// The position game i's last game ended in, as a `State` (None
    /// before any has ended): a step that ends a game starts it again, so
    /// its last position is kept here until the next one ends. As with
    /// `state`, the batch keeps no actions to undo: its `history()` is
    /// empty and its `move_number()` counts from there (the position
    /// string still numbers the moves of the game).
    fn final_state(&self, i: i64) -> PyResult<Option<crate::State>> {
        Ok(self.slot(i)?.last.clone().map(crate::State::new))
    }

    /// Every game's position string.
    fn position_strings(&self) -> Vec<String> {
        self.slots.iter().map(|s| s.pos.to_string()).collect()
    }

    /// Plies played by every game of the batch since it was made.
    #[getter]
    fn plies_played(&self) -> u64 {
        self.plies
    }

    /// Games that have ended (by rule, stuck or capped) since it was made.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.games
    }

    fn __repr__(&self) -> String {
        format!(
            "lud.Batch({} games of {})",
            self.slots.len(),
            self.start.pos.game().name()
        )
    }
}

/// The error of an observation too large to hold.
fn too_big() -> PyErr {
    pyo3::exceptions::PyMemoryError::new_err(
        "the batch's observations do not fit in memory: use a smaller batch",
    )
}
