//! The board's requests: the game (its players, pieces, rules in words and
//! rule graph), a position reached by moves (drawn as SVG, with its legal
//! moves and how each is made with the mouse), why a move is refused, and
//! records read and written.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::api::{bare, declared_json};
use super::{blocking, Answer, ApiError, AppState, Body, Compiled, ConfigIn};
use crate::game::{Game, Position};
use crate::notation::{move_text, move_texts, parse_move};
use crate::record::Record;

/// The most moves a request may carry.
const MAX_MOVES: usize = 20_000;

/// A request about a game.
#[derive(Deserialize)]
pub(super) struct GameReq {
    pub(super) text: String,
    #[serde(default)]
    pub(super) config: ConfigIn,
}

/// A request about a position: a game, a start and the moves from it.
#[derive(Deserialize)]
pub(super) struct PosReq {
    pub(super) text: String,
    #[serde(default)]
    pub(super) config: ConfigIn,
    /// A position string; none for the game's start.
    #[serde(default)]
    pub(super) start: Option<String>,
    #[serde(default)]
    pub(super) moves: Vec<String>,
    #[serde(default)]
    pub(super) flipped: bool,
}

/// A move played, as a reply shows it.
struct Played {
    /// As the game writes it.
    text: String,
    /// In SAN, where the game has SAN.
    san: Option<String>,
    /// Its move number, as records number it (the plies of a turn share
    /// it).
    number: u32,
    /// The player who made it.
    side: usize,
}

/// A position reached: where it stands, the moves played, the last move's
/// squares, and the move refused, if one was.
pub(super) struct Replayed {
    pub(super) pos: Position,
    played: Vec<Played>,
    last: Option<(Option<usize>, usize)>,
    /// The index of the move refused, why, and what to do.
    error: Option<(usize, String, Option<String>)>,
}

/// The start of a request: the game's own, or a position string read.
fn start(game: &Game, start: Option<&str>) -> Result<Position, ApiError> {
    match start.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(game.start()),
        Some(text) => game.position(text).map_err(|e| {
            ApiError::input(
                format!("the position string: {}", e.message),
                e.help.clone(),
            )
        }),
    }
}

/// Plays the moves of a request from its start, each checked; stops at the
/// first refused.
pub(super) fn replay(game: &Game, req: &PosReq) -> Result<Replayed, ApiError> {
    if req.moves.len() > MAX_MOVES {
        return Err(ApiError::bad(
            format!(
                "{} moves; at most {MAX_MOVES} are replayed",
                req.moves.len()
            ),
            None,
        ));
    }
    let mut pos = start(game, req.start.as_deref())?;
    let mut numbers = crate::record::MoveNumbers::from_start(&pos);
    let mut played = Vec::with_capacity(req.moves.len());
    let mut last = None;
    let mut error = None;
    for (i, text) in req.moves.iter().enumerate() {
        match parse_move(&pos, text) {
            Ok(m) => {
                let side = pos.side_to_move();
                played.push(Played {
                    text: move_text(&pos, m),
                    san: crate::notation::san(&pos, m),
                    number: numbers.count(side),
                    side,
                });
                last = (!m.is_pass()).then(|| (m.from(), m.to()));
                pos.play_unchecked(m);
            }
            Err(e) => {
                error = Some((i, e.message, e.help));
                break;
            }
        }
    }
    Ok(Replayed {
        pos,
        played,
        last,
        error,
    })
}

/// `POST /api/game`: what the page shows of a game beside its board.
pub(super) async fn game(State(s): State<Arc<AppState>>, Body(req): Body<GameReq>) -> Answer {
    blocking(move || {
        let c = s.game(&req.text, &req.config)?;
        let game = &c.game;
        let model = game.model();
        let players: Vec<Value> = model
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (fill, ink) = crate::svg::colours(i);
                json!({"name": p.name, "fill": fill, "ink": ink})
            })
            .collect();
        let pieces: Vec<Value> = model
            .pieces
            .iter()
            .map(|p| json!({"name": p.name, "letter": p.letter.to_string()}))
            .collect();
        let values: serde_json::Map<String, Value> = model
            .assignment
            .values
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(bare(v))))
            .collect();
        let mut reply = declared_json(&model.options);
        reply.insert("name".into(), json!(game.name()));
        reply.insert("players".into(), Value::Array(players));
        reply.insert("pieces".into(), Value::Array(pieces));
        reply.insert("describe".into(), json!(crate::describe::describe(game)));
        reply.insert("dot".into(), json!(game.graph().to_dot()));
        reply.insert("listing".into(), json!(game.graph().listing()));
        reply.insert(
            "moveHelp".into(),
            json!(crate::notation::move_help(&game.start())),
        );
        reply.insert(
            "config".into(),
            json!({"ruleset": model.assignment.ruleset, "options": values}),
        );
        Ok(Json(Value::Object(reply)))
    })
    .await
}

/// How a move is made with the mouse: the square it leaves, then each
/// square it lands on (every landing of a series of jumps); a drop or a
/// removal is its one square; the extra move's square comes last. A pass
/// has none.
fn clicks(pos: &Position, m: crate::Move) -> Vec<usize> {
    if m.is_pass() {
        return Vec::new();
    }
    let mut c: Vec<usize> = m.from().into_iter().collect();
    let landings = pos.landings(m);
    if landings.is_empty() {
        c.push(m.to());
    } else {
        c.extend(landings);
    }
    c.extend(m.extra());
    c
}

/// `POST /api/position`: the position the moves reach, drawn, with its
/// legal moves.
pub(super) async fn position(State(s): State<Arc<AppState>>, Body(req): Body<PosReq>) -> Answer {
    blocking(move || {
        let c = s.game(&req.text, &req.config)?;
        let r = replay(&c.game, &req)?;
        Ok(Json(position_json(&c, &r, req.flipped)))
    })
    .await
}

fn position_json(c: &Compiled, r: &Replayed, flipped: bool) -> Value {
    let pos = &r.pos;
    let model = c.game.model();
    let outcome = pos.outcome();
    let moves = if outcome.is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
    };
    let texts = move_texts(pos, &moves);
    let legal: Vec<Value> = moves
        .iter()
        .zip(texts)
        .map(|(&m, text)| {
            let san = crate::notation::san(pos, m);
            let shown = san.clone().unwrap_or_else(|| text.clone());
            // A promotion, or a drop where the game drops several kinds,
            // is labelled with the piece's name (the chooser offers them).
            let named = m.promotion().or_else(|| {
                crate::notation::dropped_kind(model, m)
                    .filter(|_| crate::notation::drops_name_pieces(model))
            });
            let label = match named.and_then(|k| model.pieces.get(k)) {
                Some(p) => format!("{shown} ({})", p.name),
                None if m.is_pass() => "pass".to_string(),
                None => shown,
            };
            json!({"text": text, "san": san, "clicks": clicks(pos, m), "label": label})
        })
        .collect();
    let view = crate::draw::View {
        flipped,
        last: r.last.map(|(from, to)| (from.map(|f| f as u16), to as u16)),
    };
    let mover = pos.side_to_move();
    let players = u32::try_from(model.players.len().max(1)).unwrap_or(1);
    let first = pos.ply().saturating_sub(r.played.len() as u32);
    let played: Vec<Value> = r
        .played
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "text": p.text,
                "san": p.san,
                "ply": first + i as u32 + 1,
                "number": p.number,
                "side": p.side,
            })
        })
        .collect();
    json!({
        "fen": pos.to_string(),
        "toMove": mover,
        "toMoveName": model.players.get(mover).map(|p| p.name.clone()),
        "midTurn": pos.mid_turn(),
        "ply": pos.ply(),
        "turnLength": players,
        "svg": crate::svg::board(pos, view),
        "hands": crate::draw::hands(pos),
        "scores": crate::draw::scores(pos),
        "check": outcome.is_none() && pos.in_check(),
        "outcome": outcome.map(|o| json!({
            "text": crate::draw::outcome_text(model, &o),
            "score": o.score(),
            "winner": match o { crate::Outcome::Win { winner, .. } => Some(winner), crate::Outcome::Draw { .. } => None },
        })),
        "explain": crate::explain::position(pos),
        "legal": legal,
        "moves": played,
        "last": r.last.map(|(from, to)| json!({"from": from, "to": to})),
        "error": r.error.as_ref().map(|(i, message, help)| json!({"index": i, "message": message, "help": help})),
    })
}

/// A request for why a move is refused.
#[derive(Deserialize)]
pub(super) struct ExplainReq {
    #[serde(flatten)]
    pos: PosReq,
    /// The square left (none: a piece put down, or one removed).
    #[serde(default)]
    from: Option<usize>,
    to: usize,
}

/// `POST /api/explain`: why the move from `from` to `to` is refused (or,
/// if it is legal, what it does).
pub(super) async fn explain(State(s): State<Arc<AppState>>, Body(req): Body<ExplainReq>) -> Answer {
    blocking(move || {
        let c = s.game(&req.pos.text, &req.pos.config)?;
        let r = replay(&c.game, &req.pos)?;
        let pos = &r.pos;
        let squares = c.game.model().board.len();
        let bad = |sq: usize| sq >= squares;
        if bad(req.to) || req.from.is_some_and(bad) {
            return Err(ApiError::bad(
                format!("the board has squares 0 to {}", squares.saturating_sub(1)),
                None,
            ));
        }
        if let Some(o) = pos.outcome() {
            return Ok(Json(json!({
                "legal": false,
                "message": format!("the game is over: {}", crate::draw::outcome_text(c.game.model(), &o)),
                "help": "start a new game, or take moves back",
                "rules": [],
            })));
        }
        let legal = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == req.from && m.to() == req.to);
        if let Some(m) = legal {
            return Ok(Json(json!({
                "legal": true,
                "message": crate::explain::legal_move(pos, m),
            })));
        }
        let refusal = match req.from {
            Some(from) => crate::explain::refusal(pos, from as u16, req.to as u16, None),
            None => crate::explain::Refusal {
                message: crate::explain::drop_refusal(pos, req.to as u16).unwrap_or_else(|| {
                    "no move of the rules puts a piece down or takes one off here".to_string()
                }),
                help: None,
                rules: Vec::new(),
            },
        };
        Ok(Json(json!({
            "legal": false,
            "message": refusal.message,
            "help": refusal.help,
            "rules": refusal.rules,
        })))
    })
    .await
}

/// A record to read.
#[derive(Deserialize)]
pub(super) struct RecordIn {
    text: String,
    record: String,
}

/// `POST /api/record/read` `{text, record}`: a record (or PGN) as the
/// configuration, start and moves it names, every move checked.
pub(super) async fn record_read(
    State(s): State<Arc<AppState>>,
    Body(req): Body<RecordIn>,
) -> Answer {
    blocking(move || {
        if req.record.len() > crate::input::MAX_RECORD_BYTES {
            return Err(ApiError::input(
                format!(
                    "the record is {} bytes; at most {} are read",
                    req.record.len(),
                    crate::input::MAX_RECORD_BYTES
                ),
                None,
            ));
        }
        let rec = Record::parse(&req.record)
            .map_err(|e| ApiError::input(format!("the record: {e}"), None))?;
        let mut options = serde_json::Map::new();
        for o in rec.tag("Options").unwrap_or("").split_whitespace() {
            let Some((k, v)) = o.split_once('=') else {
                return Err(ApiError::input(
                    format!("the record's Options tag has `{o}`, but an option is NAME=VALUE"),
                    None,
                ));
            };
            options.insert(k.to_string(), Value::String(v.to_string()));
        }
        let config = ConfigIn {
            ruleset: rec.tag("Ruleset").map(str::to_string),
            options,
        };
        let c = s.game(&req.text, &config)?;
        rec.check_game(&c.game)
            .and_then(|()| rec.replay(&c.game).map(|_| ()))
            .map_err(|e| ApiError::input(format!("the record: {e}"), None))?;
        // The moves as the game writes them (a PGN's SAN read back); each
        // was checked by the replay.
        let mut pos = rec
            .start(&c.game)
            .map_err(|e| ApiError::input(format!("the record: {e}"), None))?;
        let mut moves = Vec::with_capacity(rec.moves.len());
        for text in &rec.moves {
            let m = parse_move(&pos, text).map_err(|e| ApiError::input(e.message, e.help))?;
            moves.push(move_text(&pos, m));
            pos.play_unchecked(m);
        }
        Ok(Json(json!({
            "config": {"ruleset": config.ruleset, "options": config.options},
            "start": rec.start_text(),
            "moves": moves,
        })))
    })
    .await
}

/// A record to write.
#[derive(Deserialize)]
pub(super) struct RecordOut {
    #[serde(flatten)]
    pos: PosReq,
    #[serde(default)]
    format: Option<String>,
}

/// `POST /api/record/write`: the game so far as a record (`lud replay`
/// reads it) or as PGN.
pub(super) async fn record_write(
    State(s): State<Arc<AppState>>,
    Body(req): Body<RecordOut>,
) -> Answer {
    blocking(move || {
        let c = s.game(&req.pos.text, &req.pos.config)?;
        let r = replay(&c.game, &req.pos)?;
        if let Some((i, message, _)) = &r.error {
            return Err(ApiError::input(
                format!("move {} cannot be played: {message}", i + 1),
                None,
            ));
        }
        let game = &c.game;
        let model = game.model();
        let mut rec = Record::default();
        rec.set_tag("Game", game.name());
        if let Some(rs) = &model.assignment.ruleset {
            rec.set_tag("Ruleset", rs.clone());
        }
        let config = req.pos.config.config();
        if !config.options.is_empty() {
            let o: Vec<String> = config
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            rec.set_tag("Options", o.join(" "));
        }
        let mut pos = start(game, req.pos.start.as_deref())?;
        if req
            .pos
            .start
            .as_deref()
            .is_some_and(|s| !s.trim().is_empty())
        {
            rec.set_tag("Position", pos.to_string());
            if pos.side_to_move() != 0 {
                rec.set_tag("FirstSide", pos.side_to_move().to_string());
            }
        }
        for Played { text, .. } in &r.played {
            let m = parse_move(&pos, text).map_err(|e| ApiError::input(e.message, e.help))?;
            rec.push(&pos, m);
            pos.play_unchecked(m);
        }
        if let Some(o) = pos.outcome() {
            rec.set_tag("Result", o.score());
            rec.set_tag("Ending", crate::draw::outcome_text(model, &o));
        }
        let text = match req.format.as_deref() {
            Some("pgn") => rec
                .to_pgn(game)
                .map_err(|e| ApiError::input(format!("the record: {e}"), None))?,
            None | Some("lud") => rec.to_text(),
            Some(other) => {
                return Err(ApiError::bad(
                    format!("no record format `{other}`"),
                    Some("the formats are lud and pgn"),
                ))
            }
        };
        Ok(Json(json!({ "record": text })))
    })
    .await
}
