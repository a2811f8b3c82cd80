//! `lud match FILE`: games between two players (lud's computer player,
//! the random player, an external engine over UCI or xboard), colours
//! swapped every game, each opening played twice. Every move is read and
//! judged by lud's rules, every result by the game's own end rules; what
//! an engine says against them (an illegal move, no move where lud sees
//! moves, a move after lud's end) is counted and shown, never trusted.
//! At the end a table: wins, draws and losses of player 1, the score, the
//! Elo difference with its 95% interval, the kinds of endings, and, with
//! `--sprt`, the sequential test's verdict.

mod engine;
mod openings;
mod stats;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::protocol::{parse_turn, turn_text, Dialect};
use super::{load, ConfigArgs, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::ai;
use crate::eval::Outcome;
use crate::game::{Game, Position};
use crate::moves::Move;
use crate::record::Record;
use engine::{Answer, Engine, Failure, Limit, Spec};
use openings::Opening;

pub use engine::Protocol;

/// Who plays in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    /// lud's computer player.
    Ai,
    /// A uniformly random legal move.
    Random,
    /// The external engine of `--engine`.
    Engine,
}

/// The arguments of `lud match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The game file.
    file: PathBuf,
    /// Player 1, who plays first in the first game of each pair (default:
    /// `ai`; also `--first`).
    #[arg(long, visible_alias = "first", value_enum)]
    white: Option<Player>,
    /// Player 2 (default: `engine` if `--engine` is given, else `random`;
    /// also `--second`).
    #[arg(long, visible_alias = "second", value_enum)]
    black: Option<Player>,
    /// The external engine's command line (split as a shell would), e.g.
    /// `--engine "/usr/games/fairy-stockfish"`.
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// The protocol the engine speaks.
    #[arg(long, value_enum, default_value_t = Protocol::Uci)]
    engine_protocol: Protocol,
    /// An engine option, `NAME=VALUE` (repeatable): `setoption` under UCI
    /// (`UCI_Variant=NAME` picks a variant); under xboard `variant=NAME`
    /// (or `UCI_Variant`) is the variant, others are sent as `option`.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    engine_options: Vec<String>,
    /// The engine searches each move to this depth.
    #[arg(long, group = "engine_limit")]
    engine_depth: Option<u32>,
    /// The engine searches each move this many milliseconds (default 100).
    #[arg(long, value_name = "MS", group = "engine_limit")]
    engine_movetime: Option<u64>,
    /// The engine searches each move this many nodes (UCI only).
    #[arg(long, group = "engine_limit")]
    engine_nodes: Option<u64>,
    /// How long to wait for any answer of the engine before it loses on
    /// time and is restarted (default: 10 x the move time + 5 s, 60 s for
    /// a depth or nodes).
    #[arg(long, value_name = "MS")]
    engine_timeout: Option<u64>,
    /// lud's player thinks this many milliseconds a move.
    #[arg(long, value_name = "MS", group = "ai_limit")]
    movetime: Option<u64>,
    /// lud's player searches this many nodes a move.
    #[arg(long, group = "ai_limit")]
    nodes: Option<u64>,
    /// lud's player searches to this depth, by alpha-beta (a Monte Carlo
    /// search has no depth).
    #[arg(long, group = "ai_limit")]
    depth: Option<u32>,
    /// A clock for each side, both engines and lud's player: SECONDS for
    /// the game, and +INC seconds more after each move (`60+1`, `0.5+0.05`).
    /// A side whose clock runs out loses on time. Replaces the per-move
    /// limits.
    #[arg(long, value_name = "SECONDS[+INC]", value_parser = parse_clock,
        conflicts_with_all = ["engine_limit", "ai_limit"])]
    tc: Option<Clock>,
    /// Threads of lud's player.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// How lud's player searches (default: the game's own choice, `(info
    /// player:...)`, else alphabeta).
    #[arg(long, value_enum)]
    player: Option<crate::cli::SearchMethod>,
    /// How many games (two for each opening).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Seed of the random openings, the random player and lud's choices
    /// among equals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Openings, one a line: a position string, or `moves` and moves from
    /// the start; `#` starts a comment line. Used in turn, each twice.
    #[arg(long, conflicts_with = "random_plies")]
    openings: Option<PathBuf>,
    /// Each opening is this many random legal plies from the start.
    #[arg(long, value_name = "N")]
    random_plies: Option<u32>,
    /// Stop when a sequential probability ratio test (alpha = beta = 0.05,
    /// pentanomial) accepts ELO1 or ELO0 as player 1's Elo advantage.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_hyphen_values = true)]
    sprt: Option<Vec<f64>>,
    /// Write every game as a lud record to this file, one after another.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// A game ends as a draw ("move limit") after this many plies.
    #[arg(long, default_value_t = 600)]
    max_plies: u32,
    /// The ruleset and options.
    #[command(flatten)]
    config: ConfigArgs,
}

/// A time control: the time each side has for the game, and what is added
/// after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    /// The time for the game.
    base: Duration,
    /// Added after each move.
    inc: Duration,
}

/// Reads `SECONDS[+INC]` (`--tc`), each part as `--ai-time` is read
/// ([`super::parse_seconds`]).
fn parse_clock(s: &str) -> Result<Clock, String> {
    let hint = "give SECONDS[+INC], as in --tc 60+1 or --tc 0.5+0.05";
    let seconds = |t: &str| super::parse_seconds(t).map_err(|e| format!("{e}; {hint}"));
    let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
    let clock = Clock {
        base: seconds(base)?,
        inc: seconds(inc)?,
    };
    if clock.base.is_zero() {
        return Err(format!("a game of no time cannot be played; {hint}"));
    }
    Ok(clock)
}

/// A player of the match.
struct Contestant {
    kind: Player,
    /// Its name in the table and the records.
    label: String,
    engine: Option<Engine>,
}

/// How one game ended.
struct Played {
    /// The winning side (0: the first player), if any.
    winner: Option<usize>,
    /// The ending in words, for the table's count ("checkmate", "illegal move").
    kind: String,
    record: Record,
}

/// What the match has counted.
#[derive(Default)]
struct Tally {
    /// Player 1's wins, draws, losses.
    wdl: [u64; 3],
    /// Player 1's wins, draws, losses when it played first.
    wdl_first: [u64; 3],
    /// Pairs of games by player 1's points (0, 1/2, ..., 2).
    pairs: [u64; 5],
    /// Player 1's points in the unfinished pair.
    half_pair: Option<u32>,
    /// Endings by kind.
    endings: BTreeMap<String, u64>,
    /// An engine saw the end otherwise than lud: where.
    disagreements: Vec<String>,
    /// Illegal or unreadable engine moves: which, where.
    illegal: Vec<String>,
    /// Engines that did not answer in time, or stopped: when, where.
    failures: Vec<String>,
}

/// Runs `lud match`.
pub(super) fn run(a: &MatchArgs) -> i32 {
    match Match::new(a) {
        Ok(mut m) => m.play_all(a),
        Err(code) => code,
    }
}

/// A usage error: the message and the exit code 2.
fn usage(msg: &str) -> i32 {
    eoutln!("error: {msg}");
    EXIT_USAGE
}

struct Match {
    game: Game,
    players: [Contestant; 2],
    /// The openings, used in turn.
    openings: Vec<Opening>,
    settings: ai::Settings,
    /// Where the records go.
    records: Option<std::fs::File>,
    tally: Tally,
}

impl Match {
    fn new(a: &MatchArgs) -> Result<Match, i32> {
        let p1 = a.white.unwrap_or(Player::Ai);
        let p2 = a.black.unwrap_or(if a.engine.is_some() {
            Player::Engine
        } else {
            Player::Random
        });
        if (p1 == Player::Engine || p2 == Player::Engine) && a.engine.is_none() {
            return Err(usage(
                "a player is `engine` but no engine is given\n  help: name it with --engine CMD, as in --engine /usr/games/fairy-stockfish",
            ));
        }
        if a.games == 0 {
            return Err(usage("--games 0 plays nothing; give 1 or more"));
        }
        if a.threads == 0 {
            return Err(usage("--threads takes 1 or more"));
        }
        super::check_threads(a.threads)?;
        if let Some(s) = &a.sprt {
            if s.len() != 2 || !s.iter().all(|x| x.is_finite()) || s[0] >= s[1] {
                return Err(usage(
                    "--sprt takes two Elo differences ELO0 < ELO1, as in --sprt 0 10",
                ));
            }
        }
        if a.engine_protocol == Protocol::Xboard && a.engine_nodes.is_some() {
            return Err(usage(
                "--engine-nodes is for UCI engines; under xboard give --engine-depth or --engine-movetime",
            ));
        }
        let mut options = Vec::new();
        for o in &a.engine_options {
            let Some((k, v)) = o.split_once('=') else {
                return Err(usage(&format!(
                    "--engine-option takes NAME=VALUE, as in --engine-option UCI_Variant=chess (got `{o}`)"
                )));
            };
            options.push((k.trim().to_string(), v.trim().to_string()));
        }
        let game = load(&a.file, &a.config)?;
        if game.model().players.len() != 2 {
            eoutln!(
                "error: {} has {} players; lud match plays games of two",
                game.name(),
                game.model().players.len()
            );
            return Err(EXIT_INPUT);
        }
        if p1 == Player::Engine || p2 == Player::Engine {
            if let Some(why) = super::protocol::unsupported(&game) {
                eoutln!(
                    "error: {} cannot be played against an engine: {why}",
                    game.name()
                );
                return Err(EXIT_INPUT);
            }
        }
        let spec = match &a.engine {
            Some(cmd) => {
                let argv = engine::split_command(cmd)
                    .map_err(|e| usage(&format!("--engine `{cmd}`: {e}")))?;
                if argv.is_empty() {
                    return Err(usage("--engine is empty; give the engine's command"));
                }
                Some(Spec {
                    argv,
                    protocol: a.engine_protocol,
                    options,
                    limit: match (a.engine_depth, a.engine_nodes, a.engine_movetime) {
                        (Some(d), _, _) => Limit::Depth(d),
                        (_, Some(n), _) => Limit::Nodes(n),
                        (_, _, Some(ms)) => Limit::MoveTime(ms),
                        _ => Limit::MoveTime(100),
                    },
                    timeout: a.engine_timeout.map(Duration::from_millis),
                })
            }
            None => None,
        };
        let mut players = Vec::new();
        for (i, kind) in [p1, p2].into_iter().enumerate() {
            let engine = match (kind, &spec) {
                (Player::Engine, Some(spec)) => match Engine::start(spec.clone()) {
                    Ok(e) => Some(e),
                    Err(why) => {
                        eoutln!(
                            "error: cannot use the engine `{}`: {why}",
                            spec.argv.join(" ")
                        );
                        eoutln!("  help: give --engine the command of a {} engine (installed, and executable), as in --engine /usr/games/fairy-stockfish", match spec.protocol { Protocol::Uci => "UCI", Protocol::Xboard => "xboard" });
                        return Err(EXIT_INPUT);
                    }
                },
                _ => None,
            };
            let label = match &engine {
                Some(e) => e.name.clone(),
                None => format!("{kind:?}").to_lowercase(),
            };
            let label = if p1 == p2 {
                format!("{label} ({})", i + 1)
            } else {
                label
            };
            players.push(Contestant {
                kind,
                label,
                engine,
            });
        }
        let Ok(players) = <[Contestant; 2]>::try_from(players) else {
            unreachable!("two players");
        };
        let openings = if let Some(path) = &a.openings {
            openings::read(&game, path).map_err(|e| {
                eoutln!("error: {e}");
                EXIT_INPUT
            })?
        } else if let Some(n) = a.random_plies {
            let pairs = a.games.div_ceil(2);
            let mut out = Vec::new();
            for i in 0..pairs {
                let mut rng = fastrand::Rng::with_seed(mix(a.seed, u64::from(i), 0x6f70_656e));
                match openings::random(&game, n, &mut rng) {
                    Some(o) => out.push(o),
                    None => {
                        eoutln!("error: no {n} random plies of {} leave a game to play (every try ended it)", game.name());
                        eoutln!("  help: give fewer --random-plies");
                        return Err(EXIT_INPUT);
                    }
                }
            }
            out
        } else {
            vec![Opening::plain(&game)]
        };
        let records = match &a.records {
            Some(path) => {
                match std::fs::File::create(path) {
                    Ok(f) => Some(f),
                    Err(e) => {
                        eoutln!("error: cannot write the records to {}: {e}", path.display());
                        eoutln!("  help: give --records a file in a folder that exists and can be written");
                        return Err(EXIT_INPUT);
                    }
                }
            }
            None => None,
        };
        let method = a
            .player
            .map_or_else(|| ai::Method::of_game(game.model()), Into::into);
        let unlimited = ai::Settings {
            max_depth: 64,
            max_nodes: u64::MAX,
            max_time: None,
            threads: a.threads,
            method,
        };
        let settings = match (a.movetime, a.nodes, a.depth) {
            (Some(ms), _, _) => ai::Settings {
                max_time: Some(Duration::from_millis(ms)),
                ..unlimited
            },
            (_, Some(n), _) => ai::Settings {
                max_nodes: n,
                ..unlimited
            },
            (_, _, Some(d)) => ai::Settings {
                max_depth: d,
                ..unlimited
            }
            .by_depth_alone(),
            _ => ai::Settings {
                threads: a.threads,
                method,
                ..ai::Settings::default()
            },
        };
        Ok(Match {
            game,
            players,
            openings,
            settings,
            records,
            tally: Tally::default(),
        })
    }

    fn play_all(&mut self, a: &MatchArgs) -> i32 {
        let bar = progress_bar(u64::from(a.games));
        let mut code = EXIT_OK;
        let mut played = 0;
        let mut verdict = None;
        for g in 0..a.games {
            let opening = self.openings[(g / 2) as usize % self.openings.len()].clone();
            let swapped = g % 2 == 1;
            let mut rng = fastrand::Rng::with_seed(mix(a.seed, u64::from(g), 0x6761_6d65));
            let mut p = self.play_game(a, g, &opening, swapped, &mut rng);
            played += 1;
            // Player 1's points, in halves.
            let p1_side = usize::from(swapped);
            let halves = match p.winner {
                Some(w) if w == p1_side => 2,
                Some(_) => 0,
                None => 1,
            };
            let slot = 2 - halves as usize;
            self.tally.wdl[slot] += 1;
            if !swapped {
                self.tally.wdl_first[slot] += 1;
            }
            *self.tally.endings.entry(p.kind.clone()).or_default() += 1;
            match self.tally.half_pair.take() {
                Some(first) if swapped => self.tally.pairs[(first + halves) as usize] += 1,
                _ => self.tally.half_pair = Some(halves),
            }
            let line = format!(
                "game {}/{}: {} - {}: {} ({}); player 1 +{} ={} -{}",
                g + 1,
                a.games,
                self.players[usize::from(swapped)].label,
                self.players[usize::from(!swapped)].label,
                p.record.tag("Result").unwrap_or("*"),
                p.kind,
                self.tally.wdl[0],
                self.tally.wdl[1],
                self.tally.wdl[2],
            );
            match &bar {
                Some(b) => {
                    b.set_message(format!(
                        "player 1 +{} ={} -{}",
                        self.tally.wdl[0], self.tally.wdl[1], self.tally.wdl[2]
                    ));
                    b.inc(1);
                }
                None => eoutln!("{line}"),
            }
            if let Some(f) = &mut self.records {
                p.record.set_tag("Round", (g + 1).to_string());
                let mut text = p.record.to_text();
                text.push('\n');
                if let Err(e) = f.write_all(text.as_bytes()) {
                    eoutln!("error: cannot write the records: {e}");
                    code = EXIT_INPUT;
                    self.records = None;
                }
            }
            if let Some(s) = &a.sprt {
                if swapped {
                    let t = stats::Sprt::pentanomial(s[0], s[1], self.tally.pairs);
                    if let Some(v) = t.verdict() {
                        verdict = Some(v);
                        break;
                    }
                }
            }
        }
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        for c in &mut self.players {
            if let Some(e) = &mut c.engine {
                e.quit();
            }
        }
        out!("{}", self.table(a, played, verdict));
        code
    }

    /// Plays one game; `swapped`: player 2 moves first.
    fn play_game(
        &mut self,
        a: &MatchArgs,
        g: u32,
        opening: &Opening,
        swapped: bool,
        rng: &mut fastrand::Rng,
    ) -> Played {
        let model = self.game.model().clone();
        let seat = |side: usize| side ^ usize::from(swapped);
        let mut rec = Record::default();
        rec.set_tag("Game", self.game.name());
        rec.set_tag("File", a.file.display().to_string());
        if let Some(r) = &model.assignment.ruleset {
            rec.set_tag("Ruleset", r.clone());
        }
        if !a.config.options.is_empty() {
            rec.set_tag("Options", a.config.options.join(" "));
        }
        if opening.given {
            rec.set_tag("Position", opening.start.to_string());
            if opening.start.side_to_move() != 0 {
                rec.set_tag("FirstSide", opening.start.side_to_move().to_string());
            }
        }
        for (side, p) in model.players.iter().enumerate() {
            rec.set_tag(&p.name, self.players[seat(side)].label.clone());
        }
        if !opening.text.is_empty() {
            rec.set_tag("Opening", opening.text.clone());
        }
        rec.set_tag("Seed", a.seed.to_string());
        if let Some(tc) = a.tc {
            rec.set_tag(
                "TimeControl",
                format!("{}+{}", tc.base.as_secs_f64(), tc.inc.as_secs_f64()),
            );
        }
        // Each side's time left (side 0: the first player), with `--tc`.
        let mut clocks = a.tc.map(|tc| [tc.base; 2]);
        let fen = engine_fen(&opening.start);
        let mut pos = opening.start.clone();
        let dialect = match a.engine_protocol {
            Protocol::Uci => Dialect::Uci,
            Protocol::Xboard => Dialect::Xboard,
        };
        // The moves so far as the engine reads them: whole turns in the
        // protocol's notation (the parts of the turn being played kept
        // until it is over, or the game is: a turn cut short by a win).
        let mut texts: Vec<String> = Vec::new();
        let mut turn = (pos.clone(), Vec::new());
        let mut played = |pos: &Position, m: Move, texts: &mut Vec<String>| {
            turn.1.push(m);
            if !pos.mid_turn() || pos.outcome().is_some() {
                texts.push(turn_text(&turn.0, &turn.1, dialect));
                turn = (pos.clone(), Vec::new());
            }
        };
        for &m in &opening.moves {
            rec.push(&pos, m);
            pos.play_unchecked(m);
            played(&pos, m, &mut texts);
        }
        for c in &mut self.players {
            if let Some(e) = &mut c.engine {
                // A failure here shows again at the engine's first move.
                let _ = e.new_game();
            }
        }
        // What each of lud's players learnt this game, kept from move to move.
        let memory: Vec<ai::Memory> = self.players.iter().map(|_| ai::Memory::new()).collect();
        // The forfeit of a side, by a reason outside the rules.
        let forfeit = |side: usize, why: &str| (Some(1 - side), why.to_string());
        let (winner, kind, outcome) = loop {
            if let Some(o) = pos.outcome() {
                break (o.winner(), o.kind().to_string(), Some(o));
            }
            if rec.moves.len() >= a.max_plies as usize {
                break (None, "move limit".to_string(), None);
            }
            let side = pos.side_to_move();
            let who = seat(side);
            let started = std::time::Instant::now();
            let parts: Vec<Move> = match self.players[who].kind {
                Player::Random => {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break (None, "no legal move".into(), None);
                    }
                    vec![legal[rng.usize(..legal.len())]]
                }
                Player::Ai => match ai::think_with(
                    &pos,
                    match (clocks, a.tc) {
                        (Some(left), Some(tc)) => ai::Settings {
                            max_time: Some(ai::time_for_move(left[side], tc.inc, None)),
                            max_nodes: u64::MAX,
                            ..self.settings
                        },
                        _ => self.settings,
                    },
                    rng,
                    ai::Control {
                        memory: memory.get(who),
                        ..ai::Control::default()
                    },
                )
                .best
                {
                    Some(m) => vec![m],
                    None => break (None, "no legal move".into(), None),
                },
                Player::Engine => {
                    let label = self.players[who].label.clone();
                    let Some(e) = self.players[who].engine.as_mut() else {
                        unreachable!("an engine player has an engine");
                    };
                    let at = format!(
                        "game {}, ply {}, position {pos}",
                        g + 1,
                        rec.moves.len() + 1
                    );
                    let limit = clocks.zip(a.tc).map(|(left, tc)| Limit::Clock {
                        left: left.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
                        base: u64::try_from(tc.base.as_millis()).unwrap_or(u64::MAX),
                        inc: u64::try_from(tc.inc.as_millis()).unwrap_or(u64::MAX),
                        side,
                    });
                    match e.best_move(&fen, !opening.given, &texts, limit) {
                        Ok(Answer::Move(text)) => match parse_turn(&pos, &text, dialect, false) {
                            Ok(parts) => parts,
                            Err(err) => {
                                self.tally
                                    .illegal
                                    .push(format!("{label} played `{text}` ({at}): {err}"));
                                let (w, k) = forfeit(side, "illegal move");
                                break (w, k, None);
                            }
                        },
                        Ok(Answer::NoMove(said)) => {
                            let legal = pos.legal_moves();
                            // UCI's null move is a pass where the rules
                            // have one.
                            let pass = legal.iter().find(|m| m.is_pass());
                            // An engine that sees the game lost a ply
                            // early (every move loses by the rules): a move
                            // is played for it, and the rules end the game.
                            let lost = |m: &Move| {
                                let mut after = pos.clone();
                                after.play_unchecked(*m);
                                after
                                    .outcome()
                                    .is_some_and(|o| o.winner().is_some_and(|w| w != side))
                            };
                            if let (true, Some(&p)) = (said.ends_with(" 0000"), pass) {
                                vec![p]
                            } else if !legal.is_empty() && legal.iter().all(lost) {
                                self.tally.disagreements.push(format!(
                                    "{label} says `{said}` where lud sees {} legal move(s), each losing by the rules, and plays `{}` for it ({at})",
                                    legal.len(),
                                    turn_text(&pos, &legal[..1], dialect)
                                ));
                                vec![legal[0]]
                            } else {
                                self.tally.disagreements.push(format!(
                                    "{label} says `{said}` where lud sees {} legal move(s) ({at})",
                                    legal.len()
                                ));
                                let (w, k) = forfeit(side, "no move from the engine");
                                break (w, k, None);
                            }
                        }
                        Ok(Answer::Refused(said)) => {
                            self.tally.disagreements.push(format!(
                                "{label} refused a move lud finds legal: `{said}` ({at})"
                            ));
                            let (w, k) = forfeit(side, "a legal move refused by the engine");
                            break (w, k, None);
                        }
                        Err(f) => {
                            let (what, k) = match &f {
                                Failure::Timeout(_) => ("loses on time", "time forfeit"),
                                Failure::Crashed(_) => ("crashed", "engine crash"),
                            };
                            self.tally
                                .failures
                                .push(format!("{label} {what}: {f} ({at}); it is restarted"));
                            let (w, k) = forfeit(side, k);
                            break (w, k, None);
                        }
                    }
                }
            };
            if let (Some(left), Some(tc)) = (&mut clocks, a.tc) {
                let used = started.elapsed();
                if used > left[side] {
                    self.tally.failures.push(format!(
                        "{} loses on time: {:.2} s for a move with {:.2} s left (game {}, ply {}, position {pos})",
                        self.players[who].label,
                        used.as_secs_f64(),
                        left[side].as_secs_f64(),
                        g + 1,
                        rec.moves.len() + 1
                    ));
                    let (w, k) = forfeit(side, "time forfeit");
                    break (w, k, None);
                }
                left[side] = left[side].saturating_sub(used) + tc.inc;
            }
            for m in parts {
                rec.push(&pos, m);
                pos.play_unchecked(m);
                played(&pos, m, &mut texts);
            }
        };
        // Where the rules end the game with a win, an engine that would
        // still move disagrees (draws by repetition or a move count are
        // left to the referee under UCI, so engines play on in them).
        if let Some(o) = &outcome {
            if o.winner().is_some() {
                for c in &mut self.players {
                    let Some(e) = c.engine.as_mut() else { continue };
                    if let Ok(Answer::Move(m)) =
                        e.best_move(&fen, !opening.given, &texts, Some(Limit::Depth(1)))
                    {
                        self.tally.disagreements.push(format!(
                            "lud ends game {} ({}) but {} plays on with `{m}` (position {pos})",
                            g + 1,
                            crate::draw::outcome_text(&model, o),
                            c.label
                        ));
                    }
                }
            }
        }
        let (result, words) = match &outcome {
            Some(o) => (o.score(), crate::draw::outcome_text(&model, o)),
            None => {
                let o = match winner {
                    Some(w) => Outcome::win(w, &kind),
                    None => Outcome::draw(&kind),
                };
                rec.set_tag("Termination", kind.clone());
                (o.score(), crate::draw::outcome_text(&model, &o))
            }
        };
        rec.set_tag("Result", result);
        rec.set_tag("Ending", words);
        Played {
            winner,
            kind,
            record: rec,
        }
    }

    /// The final table.
    fn table(&self, a: &MatchArgs, played: u32, verdict: Option<bool>) -> String {
        let t = &self.tally;
        let mut s = String::new();
        let [w, d, l] = t.wdl;
        let _ = writeln!(
            s,
            "{}: {} (player 1) against {} (player 2), {played} game(s)",
            self.game.name(),
            self.players[0].label,
            self.players[1].label
        );
        let _ = writeln!(
            s,
            "{:<22}{:>7}{:>7}{:>7}{:>8}{:>9}",
            "", "games", "wins", "draws", "losses", "score"
        );
        let pct = |w: u64, d: u64, l: u64| {
            let n = w + d + l;
            if n == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", (w as f64 + d as f64 / 2.0) * 100.0 / n as f64)
            }
        };
        let row = |s: &mut String, name: &str, [w, d, l]: [u64; 3]| {
            let _ = writeln!(
                s,
                "{name:<22}{:>7}{w:>7}{d:>7}{l:>8}{:>9}",
                w + d + l,
                pct(w, d, l)
            );
        };
        row(&mut s, "player 1", t.wdl);
        row(&mut s, "  moving first", t.wdl_first);
        let second = [w - t.wdl_first[0], d - t.wdl_first[1], l - t.wdl_first[2]];
        row(&mut s, "  moving second", second);
        if let Some(e) = stats::Elo::of(w, d, l) {
            let _ = writeln!(
                s,
                "Elo difference (player 1 - player 2): {}{} (95%: {} to {})",
                fmt_elo(e.diff),
                if e.margin().is_finite() {
                    format!(" +/- {:.1}", e.margin())
                } else {
                    String::new()
                },
                fmt_elo(e.low),
                fmt_elo(e.high)
            );
        }
        let _ = writeln!(
            s,
            "pairs (player 1's points 0, 1/2, 1, 3/2, 2): {}",
            t.pairs.map(|n| n.to_string()).join(" ")
        );
        if let Some(x) = &a.sprt {
            let sp = stats::Sprt::pentanomial(x[0], x[1], t.pairs);
            let said = match verdict {
                Some(true) => format!("H1 accepted (player 1 is {} Elo or more ahead)", x[1]),
                Some(false) => format!("H0 accepted (player 1 is {} Elo or less ahead)", x[0]),
                None => "no verdict yet".to_string(),
            };
            let _ = writeln!(
                s,
                "SPRT [{}, {}]: LLR {:.3} (bounds {:.3}, {:.3}): {said}",
                x[0], x[1], sp.llr, sp.lower, sp.upper
            );
        }
        let _ = writeln!(s, "endings:");
        for (k, n) in &t.endings {
            let _ = writeln!(s, "  {k:<30}{n:>6}");
        }
        let list = |s: &mut String, title: &str, v: &[String]| {
            let _ = writeln!(s, "{title}: {}", v.len());
            for x in v {
                let _ = writeln!(s, "  {x}");
            }
        };
        list(&mut s, "engine disagreements", &t.disagreements);
        list(&mut s, "illegal moves", &t.illegal);
        list(&mut s, "engine timeouts and crashes", &t.failures);
        s
    }
}

/// An Elo difference as text, `+inf` for a clean sweep.
fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{e:+.1}")
    }
}

/// A seed for game or opening `i` of a match seeded with `seed`.
fn mix(seed: u64, i: u64, salt: u64) -> u64 {
    let mut x = seed ^ salt.rotate_left(32) ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// The position as an engine's FEN: lud's position string's first six
/// fields, the side to move written `w` for the first player and `b` for
/// the second (lud writes the first letter of the player's name).
fn engine_fen(pos: &Position) -> String {
    let text = pos.to_string();
    let mut fields: Vec<&str> = text.split_whitespace().take(6).collect();
    if fields.len() > 1 {
        fields[1] = if pos.side_to_move() == 0 { "w" } else { "b" };
    }
    fields.join(" ")
}

/// The progress bar, when stderr is a terminal.
fn progress_bar(games: u64) -> Option<ProgressBar> {
    if ProgressDrawTarget::stderr().is_hidden() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    Some(bar)
}
