//! `lud._lud`: the Python face of lud (PyO3). A game file is loaded with its
//! ruleset and options into a `Game`; a `State` is a position in play, with
//! OpenSpiel's names: `legal_actions`, `apply_action`, `undo_action`,
//! `is_terminal`, `returns`, `current_player`, `action_to_string`,
//! `string_to_action`, `clone`, `observation_tensor`. Actions are integers,
//! one for each move (`lud::moves::Move::code`): the same move always the
//! same integer. A `Batch` (`batch.rs`) steps many games at once with
//! NumPy arrays. The `lud` Python package (`python/lud/`) re-exports these
//! and adds the OpenSpiel adapter and the Ray study.

use std::collections::HashMap;

use pyo3::exceptions::{PyIOError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use lud::compile::options::Config;
use lud::game::{Mark, Position};
use lud::moves::Move;

mod batch;

/// A compiled game, with the ruleset and options it was loaded with.
#[pyclass(frozen, module = "lud")]
struct Game {
    game: lud::game::Game,
    source: String,
}

/// Options as the user gave them: each value a string, or a whole number
/// (`{"size": 9}`), as a game file writes them.
type Options<'py> = HashMap<String, Bound<'py, PyAny>>;

fn compile(
    name: &str,
    text: &str,
    ruleset: Option<String>,
    options: Option<Options<'_>>,
) -> PyResult<lud::game::Game> {
    let mut options = options
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| {
            // A string, or a whole number (not True or False, which
            // Python would read as one).
            let value = v.extract::<String>().ok().or_else(|| {
                (!v.is_instance_of::<pyo3::types::PyBool>())
                    .then(|| v.extract::<i64>().ok().map(|n| n.to_string()))
                    .flatten()
            });
            match value {
                Some(value) => Ok((k, value)),
                None => Err(PyTypeError::new_err(format!(
                    "option {k}: a value is a string or a whole number, not {}",
                    v.repr()?
                ))),
            }
        })
        .collect::<PyResult<Vec<(String, String)>>>()?;
    options.sort();
    let config = Config { ruleset, options };
    let source = lud::source::SourceFile::new(name, text);
    lud::build::compile_with(&source, &config).map_err(|e| {
        PyValueError::new_err(match e {
            lud::compile::CompileError::Source(d) => d.render_plain(),
            // Said of the argument given here, not of a command line.
            lud::compile::CompileError::Config(c) => match &c.help {
                Some(help) => format!("{} ({}); {help}", c.message, c.label),
                None => format!("{} ({})", c.message, c.label),
            },
        })
    })
}

#[pymethods]
impl Game {
    /// Loads a game file (`ruleset`: one of its rulesets; `options`: option
    /// name to value). Raises `OSError` if the file cannot be read and
    /// `ValueError` with every problem `lud check` finds if it does not
    /// compile.
    #[new]
    #[pyo3(signature = (path, ruleset=None, options=None))]
    fn new(path: &str, ruleset: Option<String>, options: Option<Options<'_>>) -> PyResult<Game> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| PyIOError::new_err(format!("cannot read {path}: {e}")))?;
        Ok(Game {
            game: compile(path, &text, ruleset, options)?,
            source: path.to_string(),
        })
    }

    /// A game from the text of a game file.
    #[staticmethod]
    #[pyo3(signature = (text, ruleset=None, options=None))]
    fn from_text(
        text: &str,
        ruleset: Option<String>,
        options: Option<Options<'_>>,
    ) -> PyResult<Game> {
        Ok(Game {
            game: compile("game.lud", text, ruleset, options)?,
            source: "game.lud".to_string(),
        })
    }

    /// The game's name.
    fn name(&self) -> String {
        self.game.name().to_string()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.game.model().players.len()
    }

    /// The players' names, by number.
    fn player_names(&self) -> Vec<String> {
        self.game
            .model()
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// The kinds of piece, by number.
    fn piece_names(&self) -> Vec<String> {
        self.game
            .model()
            .pieces
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// The board's sites, by number, as the notation names them.
    fn site_names(&self) -> Vec<String> {
        let b = &self.game.model().board;
        (0..b.len()).map(|sq| b.name(sq as u16)).collect()
    }

    /// The position at the start.
    fn new_initial_state(&self) -> State {
        State::new(self.game.start())
    }

    /// A position from its position string (`State.position_string()`).
    fn state_from_string(&self, text: &str) -> PyResult<State> {
        lud::position::parse(&self.game, text)
            .map(State::new)
            .map_err(|e| {
                let help = e
                    .help
                    .as_deref()
                    .map(|h| format!(" (help: {h})"))
                    .unwrap_or_default();
                PyValueError::new_err(format!("{e}{help}"))
            })
    }

    /// The shape of `State.observation_tensor()`: [planes, height, width].
    fn observation_tensor_shape(&self) -> Vec<usize> {
        shape(&self.game)
    }

    fn __repr__(&self) -> String {
        format!("lud.Game({:?}: {})", self.source, self.game.name())
    }
}

/// The planes of an observation: one for each (player, kind of piece), one
/// for each player marking whose turn it is, and one for each (player, kind
/// that can be in hand) holding the count in hand on every site.
fn shape(game: &lud::game::Game) -> Vec<usize> {
    let m = game.model();
    let (players, kinds) = (m.players.len(), m.pieces.len());
    let hands = if m.hands.is_empty() {
        0
    } else {
        players * kinds.min(lud::compile::model::HAND_KINDS)
    };
    vec![
        players * kinds + players + hands,
        m.board.height as usize,
        m.board.width as usize,
    ]
}

/// Writes a position's observation into `t` (zeros, of [`shape`]'s size):
/// a plane for each (player, kind of piece) with 1 where such a piece
/// stands, a plane for each player all 1 when it is that player's turn,
/// and, in games with hands, a plane for each (player, kind) holding the
/// count in hand everywhere.
fn fill_observation(pos: &Position, t: &mut [f32]) {
    let game = pos.game();
    let m = game.model();
    let s = shape(&game);
    let (h, w) = (s[1], s[2]);
    let area = h * w;
    let (players, kinds) = (m.players.len(), m.pieces.len());
    for y in 0..h {
        for x in 0..w {
            let Some(sq) = m.board.at(x as u32, y as u32) else {
                continue;
            };
            if let Some((kind, owner)) = pos.piece_at(sq as usize) {
                t[(owner * kinds + kind) * area + y * w + x] = 1.0;
            }
        }
    }
    let turn = players * kinds + pos.side_to_move();
    t[turn * area..(turn + 1) * area].fill(1.0);
    if !m.hands.is_empty() {
        let base = players * kinds + players;
        let hand_kinds = kinds.min(lud::compile::model::HAND_KINDS);
        for p in 0..players {
            for k in 0..hand_kinds {
                let plane = base + p * hand_kinds + k;
                t[plane * area..(plane + 1) * area].fill(pos.in_hand(p, k) as f32);
            }
        }
    }
}

/// An action as a Python integer: most fit 64 bits, which convert fastest.
fn action(py: Python<'_>, code: u128) -> PyResult<Bound<'_, PyAny>> {
    use pyo3::IntoPyObjectExt;
    match u64::try_from(code) {
        Ok(small) => small.into_bound_py_any(py),
        Err(_) => code.into_bound_py_any(py),
    }
}

/// A position in play, with the moves that led to it (to undo them).
#[pyclass(module = "lud")]
struct State {
    pos: Position,
    /// A mark before each move played, and the move.
    played: Vec<(Mark, Move)>,
    /// The legal moves here, once asked for.
    legal: Option<Vec<Move>>,
    /// The result here, once asked for (`Some(None)`: not over).
    outcome: Option<Option<lud::eval::Outcome>>,
}

impl State {
    fn new(pos: Position) -> State {
        State {
            pos,
            played: Vec::new(),
            legal: None,
            outcome: None,
        }
    }

    /// Works out the legal moves and the result together (one listing of
    /// the moves), once per position.
    fn know(&mut self) {
        if self.legal.is_none() || self.outcome.is_none() {
            let (moves, outcome) = self.pos.moves_and_outcome();
            self.legal = Some(moves);
            self.outcome = Some(outcome);
        }
    }

    fn outcome(&mut self) -> Option<&lud::eval::Outcome> {
        self.know();
        self.outcome.as_ref().and_then(Option::as_ref)
    }

    fn legal(&mut self) -> &[Move] {
        self.know();
        self.legal.as_deref().unwrap_or_default()
    }

    fn forget(&mut self) {
        self.legal = None;
        self.outcome = None;
    }

    fn move_of(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Move> {
        // Most moves' numbers fit 64 bits, which convert fastest.
        let code = action
            .extract::<u64>()
            .map(u128::from)
            .or_else(|_| action.extract::<u128>());
        // A whole number too large for any move is simply not legal.
        let whole = action.is_instance_of::<pyo3::types::PyInt>()
            && !action.is_instance_of::<pyo3::types::PyBool>();
        if code.is_err() && !whole && action.extract::<i128>().is_err() {
            return Err(PyTypeError::new_err(
                if action.is_instance_of::<PyString>() {
                    let text = action.repr()?;
                    format!(
                        "an action is a whole number, not the text {text}: \
                     string_to_action({text}) gives the action of a move's text"
                    )
                } else {
                    format!(
                        "an action is a whole number (one of legal_actions()), not {}",
                        action.get_type().name()?
                    )
                },
            ));
        }
        let m = code
            .ok()
            .and_then(Move::from_code)
            .filter(|m| self.legal().contains(m));
        m.ok_or_else(|| {
            let why = if self.outcome().is_some() {
                "the game is over"
            } else {
                "it is not one of the legal actions here"
            };
            PyValueError::new_err(format!("action {action} cannot be played: {why}"))
        })
    }
}

#[pymethods]
impl State {
    /// The legal actions, in the engine's order (none once the game is
    /// over, or for a `player` not to move).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, pyo3::types::PyList>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(pyo3::types::PyList::empty(py));
        }
        let codes: Vec<_> = self
            .legal()
            .iter()
            .map(|m| action(py, m.code()))
            .collect::<PyResult<_>>()?;
        pyo3::types::PyList::new(py, codes)
    }

    /// False: lud's games have no chance moves (OpenSpiel asks).
    fn is_chance_node(&self) -> bool {
        false
    }

    /// False: players move in turn (OpenSpiel asks).
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// Plays an action (raises `ValueError` if it is not legal here).
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.move_of(action)?;
        let mark = self.pos.mark();
        self.pos.play_unchecked(m);
        self.played.push((mark, m));
        self.forget();
        Ok(())
    }

    /// The same as `apply_action`.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply_action(action)
    }

    /// Takes back the last action (raises `ValueError` at the start).
    fn undo_action(&mut self) -> PyResult<()> {
        let (mark, _) = self
            .played
            .pop()
            .ok_or_else(|| PyValueError::new_err("no action to undo"))?;
        self.pos
            .back_to(&mark)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.forget();
        Ok(())
    }

    /// The same as `undo_action`.
    fn undo(&mut self) -> PyResult<()> {
        self.undo_action()
    }

    /// Whether the game is over: an end rule has ended it, or (in a game
    /// whose rules do not say what that means) the player to move has no
    /// legal move.
    fn is_terminal(&mut self) -> bool {
        self.outcome().is_some() || self.legal().is_empty()
    }

    /// Each player's return: 1 for the winner, -1 for the loser, 0 each
    /// for a draw (or a game stuck with no legal move), 0 each while the
    /// game goes on.
    fn returns(&mut self) -> Vec<f64> {
        let n = self.pos.model().players.len();
        match self.outcome().map(lud::eval::Outcome::winner) {
            Some(Some(w)) => (0..n).map(|p| if p == w { 1.0 } else { -1.0 }).collect(),
            _ => vec![0.0; n],
        }
    }

    /// The player to move, from 0; -4 once the game is over (OpenSpiel's
    /// terminal player id).
    fn current_player(&mut self) -> i64 {
        if self.is_terminal() {
            -4
        } else {
            self.pos.side_to_move() as i64
        }
    }

    /// How the game ended: (winner or None for a draw, the kind of ending),
    /// or None while it goes on. A game stuck with no legal move and no end
    /// rule for it is `(None, "no legal move")`.
    fn result(&mut self) -> Option<(Option<usize>, String)> {
        let ended = self.outcome().map(|o| (o.winner(), o.kind().to_string()));
        if ended.is_none() && self.legal().is_empty() {
            return Some((None, "no legal move".to_string()));
        }
        ended
    }

    /// The action as the notation of records writes it (`e2e4`):
    /// `action_to_string(action)`, or OpenSpiel's
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (*args))]
    fn action_to_string(&mut self, args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<String> {
        let action = match args.len() {
            1 => args.get_item(0)?,
            2 => args.get_item(1)?,
            n => {
                return Err(PyValueError::new_err(format!(
                    "action_to_string takes (action) or (player, action), not {n} arguments"
                )))
            }
        };
        let m = self.move_of(&action)?;
        Ok(lud::notation::move_text(&self.pos, m))
    }

    /// The action a move's text stands for here (raises `ValueError`, with
    /// lud's explanation, if it is not legal).
    fn string_to_action<'py>(
        &mut self,
        py: Python<'py>,
        text: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.outcome().is_some() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let m = lud::notation::parse_move(&self.pos, text)
            .map_err(|e| PyValueError::new_err(e.message))?;
        action(py, m.code())
    }

    /// A copy, played on apart from this one.
    fn clone(&self) -> State {
        State {
            pos: self.pos.clone(),
            played: self.played.clone(),
            legal: self.legal.clone(),
            outcome: self.outcome.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The actions played from the start of this state's line.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
        let codes: Vec<_> = self
            .played
            .iter()
            .map(|(_, m)| action(py, m.code()))
            .collect::<PyResult<_>>()?;
        pyo3::types::PyList::new(py, codes)
    }

    /// Plies played since the position the state started from.
    fn move_number(&self) -> usize {
        self.played.len()
    }

    /// The position string (`lud play --position` reads it back).
    fn position_string(&self) -> String {
        self.pos.to_string()
    }

    /// The position as a flat list of floats, [planes, height, width]
    /// (`Game.observation_tensor_shape()`): a plane for each (player, kind
    /// of piece) with 1 where such a piece stands, a plane for each player
    /// all 1 when it is that player's turn, and, in games with hands, a
    /// plane for each (player, kind) holding the count in hand everywhere.
    #[pyo3(signature = (player=None))]
    fn observation_tensor(&self, player: Option<i64>) -> Vec<f32> {
        let _ = player;
        let mut t = vec![0f32; shape(&self.pos.game()).iter().product()];
        fill_observation(&self.pos, &mut t);
        t
    }

    /// Move-tree count from here, `depth` levels deep. A level is a whole
    /// turn (as `lud perft`): in a game whose turns come in parts
    /// (`(continue ...)`, a queen's move and then its arrow), each part is an
    /// action, and `parts=True` counts each part as a level (as a walk by
    /// `apply_action` does).
    #[pyo3(signature = (depth, parts=false))]
    fn perft(&self, py: Python<'_>, depth: i64, parts: bool) -> PyResult<u64> {
        let Ok(depth @ 0..=64) = u32::try_from(depth) else {
            return Err(PyValueError::new_err(format!(
                "perft depth must be between 0 and 64, not {depth}"
            )));
        };
        let pos = self.pos.clone();
        Ok(py.detach(|| {
            if parts {
                lud::perft::perft_parts(&pos, depth)
            } else {
                lud::perft::perft(&pos, depth)
            }
        }))
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("lud.State({:?})", self.pos.to_string())
    }
}

/// Random games to the end in Rust, for comparison with a Python loop:
/// the number of plies played. By default as `lud bench` plays them (one
/// random move drawn without listing them all); with `api=True`, by the
/// same steps as a Python loop (the legal moves and the result listed, one
/// move drawn, played), each ply in Rust.
#[pyfunction]
#[pyo3(signature = (game, games, seed=1, max_plies=5000, api=false))]
fn random_playouts(
    py: Python<'_>,
    game: &Game,
    games: u64,
    seed: u64,
    max_plies: u32,
    api: bool,
) -> u64 {
    let g = game.game.clone();
    let cap = max_plies.min(lud::bench::MAX_CAP);
    py.detach(|| {
        if !api {
            return lud::bench::playouts(&g, games, cap, seed, 1).plies;
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut plies = 0u64;
        let mut moves = Vec::new();
        for _ in 0..games {
            let mut pos = g.start();
            for _ in 0..cap {
                let outcome = pos.moves_and_outcome_into(&mut moves);
                if outcome.is_some() || moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.usize(..moves.len())]);
                plies += 1;
            }
        }
        plies
    })
}

/// The `lud._lud` module.
#[pymodule]
fn _lud(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<batch::Batch>()?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    Ok(())
}
