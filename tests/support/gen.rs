//! A generator of valid random game files, for the fuzz tests and the soak.
//!
//! [`game`] turns a seed into the text of a whole game: a board of any size
//! the language allows, two players with any forward direction, up to sixteen
//! kinds of piece with random move rules (`step`, `slide`, `leap`, `betza`,
//! `jump`, `castle`; targets, conditions, effects, `whenStuck`, `stay`),
//! promotions, player moves (`drop`, `remove`), phases, restrictions,
//! remembered facts, macros, options and rulesets, and end rules, drawn from
//! the ludeme catalogue (`lud::compile::ludemes`). The same seed gives the same
//! text. Most outputs pass `lud check --allow-warnings`; the rest are refused
//! with a diagnostic (which is fine: the pipeline then checks that nothing
//! panics on the way).
//!
//! The conditions that read check or attacks inside move rules, removals,
//! drops, promotions and long games are known to find crashes: each game leans
//! on a few features (its *emphasis*), so that every one of them turns up
//! often and in depth.
#![allow(dead_code)]

use std::fmt::Write as _;

use lud::compile::ludemes::{DIRECTIONS, EVENTS, PLAYER_WORDS};

/// One generated game.
#[derive(Clone, Debug)]
pub(crate) struct Generated {
    /// The seed it was made from.
    pub(crate) seed: u64,
    /// The game file's text.
    pub(crate) text: String,
    /// The options it declares: each name with its values (for `--option`).
    pub(crate) options: Vec<(String, Vec<String>)>,
    /// Whether it is small: a board of at most 25 squares and few pieces
    /// (deeper counts stay cheap).
    pub(crate) small: bool,
}

/// The game generated from `seed`.
pub(crate) fn game(seed: u64) -> Generated {
    Gen::new(seed).game()
}

/// Where a condition stands: what it may refer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// A move's `if:` (a piece's move, a drop, a removal).
    Move,
    /// A promotion's `if:` or a `moveAgain`'s.
    Promote,
    /// A `forbid` (in play or in a phase).
    Forbid,
    /// An end rule.
    End,
    /// A remembered fact.
    Remember,
}

impl Ctx {
    /// Whether a move is in hand: `(from)`, `(to)` and `(adjacent ...)` mean something.
    fn has_move(self) -> bool {
        matches!(self, Ctx::Move | Ctx::Promote | Ctx::Forbid)
    }
}

/// What a game leans on, so that each feature turns up often and in depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Emph {
    /// Conditions on check and attacks inside move rules.
    CheckInMoves,
    /// Removals and drops (player moves).
    PlayerMoves,
    /// Promotions of every kind.
    Promotions,
    /// Long games: few captures, small moves, no quick end.
    Long,
    /// Phases and restrictions.
    Phases,
    /// Betza notation.
    Betza,
    /// Jumps and series of captures.
    Jumps,
    /// Macros, options and rulesets.
    Config,
}

const EMPHASES: [Emph; 8] = [
    Emph::CheckInMoves,
    Emph::PlayerMoves,
    Emph::Promotions,
    Emph::Long,
    Emph::Phases,
    Emph::Betza,
    Emph::Jumps,
    Emph::Config,
];

struct Piece {
    name: String,
    letter: char,
    royal: bool,
}

struct Gen {
    rng: fastrand::Rng,
    seed: u64,
    w: u32,
    h: u32,
    /// A board of hexagons (no leaps or Betza moves on it).
    hexes: bool,
    /// A hexagon of hexagons: the rhombus's far corners are holes.
    hexagon: bool,
    /// A star of hexagons (with `hexagon` set): the cells of the rhombus
    /// outside its two great triangles are holes.
    star: bool,
    /// Squares cut out of the board (`holes:`).
    holes: Vec<(u32, u32)>,
    players: [String; 2],
    pieces: Vec<Piece>,
    regions: Vec<String>,
    flags: Vec<String>,
    facts: Vec<String>,
    /// Options: name and values (strings, quoted when written).
    options: Vec<(String, Vec<String>)>,
    /// Condition macros taking a player: their names.
    cond_macros: Vec<String>,
    /// Sites macros taking nothing: their names.
    site_macros: Vec<String>,
    emph: Vec<Emph>,
    /// Whether some move marks `(enPassant)`, so `to:EnPassant` can fire.
    en_passant: bool,
}

const PIECE_NAMES: &[&str] = &[
    "King",
    "Rook",
    "Horse",
    "Camel",
    "Vizier",
    "Pawn",
    "Counsellor",
    "Elephant",
    "Cannon",
    "Man",
    "Disc",
    "Ferz",
    "Wazir",
    "Dabbaba",
    "Alfil",
    "Zebra",
    "Giraffe",
    "Lion",
    "Śrī",
    "象",
    "Grass hopper",
    "Amazon",
    "Nightrider",
    "Stone",
];

const PLAYER_PAIRS: &[[&str; 2]] = &[
    ["White", "Black"],
    ["Black", "White"],
    ["Red", "Blue"],
    ["Yellow", "Red"],
    ["Sente", "Gote"],
    ["North", "South"],
];

const FORWARDS: &[[&str; 2]] = &[
    ["N", "S"],
    ["N", "S"],
    ["N", "S"],
    ["S", "N"],
    ["E", "W"],
    ["N", "N"],
    ["NE", "SW"],
    ["W", "E"],
];

const BETZA_ATOMS: &[&str] = &[
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q",
];
const BETZA_WHOLE: &[&str] = &[
    "fmWfcF", "nN", "nA", "mRcpR", "gQ", "NN", "R4", "ifmnD", "fmW", "cF", "WF", "KD", "mW",
    "fWcF", "sR", "vR", "fR", "ffN", "fsW", "lrW", "pR", "mQ3", "B2", "WA", "FD", "fmWfcF",
    "mafsW",
];

impl Gen {
    fn new(seed: u64) -> Gen {
        let mut rng = fastrand::Rng::with_seed(seed);
        // One or two emphases per game; a few games none.
        let mut emph = Vec::new();
        for _ in 0..rng.usize(0..=2) {
            emph.push(EMPHASES[rng.usize(..EMPHASES.len())]);
        }
        Gen {
            rng,
            seed,
            w: 0,
            h: 0,
            hexes: false,
            hexagon: false,
            star: false,
            holes: Vec::new(),
            players: [String::new(), String::new()],
            pieces: Vec::new(),
            regions: Vec::new(),
            flags: Vec::new(),
            facts: Vec::new(),
            options: Vec::new(),
            cond_macros: Vec::new(),
            site_macros: Vec::new(),
            emph,
            en_passant: false,
        }
    }

    fn has(&self, e: Emph) -> bool {
        self.emph.contains(&e)
    }

    /// True with probability `p` (0 to 1).
    fn chance(&mut self, p: f64) -> bool {
        self.rng.f64() < p
    }

    /// True with probability `p`, or `q` when the game leans on `e`.
    fn chance_em(&mut self, e: Emph, p: f64, q: f64) -> bool {
        let x = if self.has(e) { q } else { p };
        self.chance(x)
    }

    fn pick<'a>(&mut self, xs: &'a [&'a str]) -> &'a str {
        xs[self.rng.usize(..xs.len())]
    }

    fn game(mut self) -> Generated {
        self.board_size();
        let pair = PLAYER_PAIRS[self.rng.usize(..PLAYER_PAIRS.len())];
        self.players = [pair[0].to_string(), pair[1].to_string()];
        let fw = FORWARDS[self.rng.usize(..FORWARDS.len())];
        self.make_pieces();
        self.make_names();

        let mut defines = String::new();
        self.make_macros(&mut defines);

        let mut out = String::new();
        out.push_str(&defines);
        let _ = writeln!(out, "(game \"Generated {}\"", self.seed);
        if self.chance(0.2) {
            let _ = writeln!(
                out,
                "    (info source:\"the generator, seed {}\" date:\"today\" description:\"A random game.\")",
                self.seed
            );
        }
        if !self.options.is_empty() {
            out.push_str("    (options {");
            for (name, values) in &self.options {
                let vals: Vec<String> = values.iter().map(|v| value(v)).collect();
                let _ = write!(out, "(option \"{name}\" {{{}}})", vals.join(" "));
            }
            out.push_str("})\n");
            if self.chance(0.5) {
                let (name, values) = self.options[0].clone();
                let v = &values[values.len() - 1];
                let _ = writeln!(
                    out,
                    "    (rulesets {{(ruleset \"Main\" {{}}) (ruleset \"Other\" {{(set \"{name}\" {})}} doc:\"the other reading\")}})",
                    value(v)
                );
            }
        }
        let _ = writeln!(
            out,
            "    (players {{(player \"{}\" {}) (player \"{}\" {})}})",
            self.players[0], fw[0], self.players[1], fw[1]
        );
        out.push_str("    (equipment {\n");
        let shape = if self.hexes {
            if self.star {
                format!("(hexStar {})", (self.w - 1) / 4)
            } else if self.hexagon {
                format!("(hexHexagon {})", self.w.div_ceil(2))
            } else {
                format!("(hexRhombus {} {})", self.w, self.h)
            }
        } else if self.w == self.h && self.chance(0.7) {
            format!("(square {})", self.w)
        } else {
            format!("(rectangle {} {})", self.w, self.h)
        };
        let shape = if !self.hexagon && self.w * self.h > 4 && self.chance(0.08) {
            let n = self.rng.usize(1..=3);
            for _ in 0..n {
                let (x, y) = (self.rng.u32(..self.w), self.rng.u32(..self.h));
                if !self.holes.contains(&(x, y)) {
                    self.holes.push((x, y));
                }
            }
            let names: Vec<String> = self.holes.iter().map(|&(x, y)| sq(x, y)).collect();
            format!("{shape} holes:{{{}}}", names.join(" "))
        } else {
            shape
        };
        let marked = if self.chance(0.15) {
            format!(" marked:{}", self.sites(1))
        } else {
            String::new()
        };
        let lines = if self.chance(0.1) {
            // A few lines through squares of the board, in order along them.
            let n = self.rng.usize(1..=4);
            let ls: Vec<String> = (0..n)
                .map(|_| {
                    let k = self.rng.usize(2..=3);
                    let pts: Vec<String> = (0..k).map(|_| self.square()).collect();
                    format!("(line {})", pts.join(" "))
                })
                .collect();
            format!(" lines:{{{}}}", ls.join(" "))
        } else {
            String::new()
        };
        let _ = writeln!(out, "        (board {shape}{marked}{lines})");
        for r in self.regions.clone() {
            let s = self.sites(1);
            let _ = writeln!(out, "        (region \"{r}\" {s})");
        }
        for k in 0..self.pieces.len() {
            let p = self.piece(k);
            let _ = writeln!(out, "        {p}");
        }
        out.push_str("    })\n");
        out.push_str("    (rules\n");
        let start = self.start();
        let _ = writeln!(out, "        {start}");
        let play = self.play();
        if !play.is_empty() {
            let _ = writeln!(out, "        {play}");
        }
        let end = self.end();
        let _ = writeln!(out, "        {end}");
        out.push_str("    ))\n");
        let small = self.w * self.h <= 25;
        Generated {
            seed: self.seed,
            text: out,
            options: self.options,
            small,
        }
    }

    fn board_size(&mut self) {
        let (w, h) = match self.rng.u32(0..20) {
            0 => (1, self.rng.u32(1..=8)),
            1 => (self.rng.u32(1..=8), 1),
            2 => (11, 11),
            3 => (self.rng.u32(9..=26), self.rng.u32(2..=4)),
            4 => (self.rng.u32(2..=4), self.rng.u32(9..=26)),
            5..=8 => {
                let n = self.rng.u32(2..=5);
                (n, n)
            }
            9..=14 => (8, 8),
            // Boards past 128 squares, on the wide square sets.
            15 => (self.rng.u32(12..=25), self.rng.u32(12..=25)),
            _ => (self.rng.u32(3..=11), self.rng.u32(3..=11)),
        };
        // At most 640 squares.
        let h = if w * h > 640 { 640 / w } else { h };
        self.w = w;
        self.h = h.max(1);
        self.hexes = self.chance(0.12);
        self.hexagon = self.hexes && self.w == self.h && self.w % 2 == 1 && self.chance(0.4);
        self.star = self.hexagon && self.w % 4 == 1 && self.chance(0.5);
    }

    fn make_pieces(&mut self) {
        let squares = (self.w * self.h) as usize;
        let most = (squares / 2).clamp(1, 16);
        let n = if self.chance(0.05) {
            most
        } else {
            self.rng.usize(1..=most.min(6))
        };
        let mut letters: Vec<char> = ('A'..='Z').collect();
        self.rng.shuffle(&mut letters);
        let mut names: Vec<&str> = PIECE_NAMES.to_vec();
        self.rng.shuffle(&mut names);
        let royal_first = self.chance(0.7) || self.has(Emph::CheckInMoves);
        for (i, &letter) in letters.iter().enumerate().take(n) {
            let name = names
                .get(i)
                .map_or_else(|| format!("Piece {i}"), |s| (*s).to_string());
            let royal = (i == 0 && royal_first) || (i > 0 && self.chance(0.05));
            self.pieces.push(Piece {
                name,
                letter,
                royal,
            });
        }
    }

    fn make_names(&mut self) {
        for i in 0..self.rng.usize(0..=2) {
            self.regions.push(format!("Zone {i}"));
        }
        for i in 0..self.rng.usize(0..=4) {
            self.flags.push(if i == 0 {
                "leapt".into()
            } else {
                format!("flag{i}")
            });
        }
        for i in 0..self.rng.usize(0..=3) {
            self.facts.push(if i == 0 {
                "been in check".into()
            } else {
                format!("fact{i}")
            });
        }
        let options = if self.has(Emph::Config) {
            self.rng.usize(1..=2)
        } else {
            usize::from(self.chance(0.15))
        };
        for i in 0..options {
            let n = self.rng.usize(2..=3);
            // Numbers now and then, read by `(optionValue ...)`.
            let values = if self.chance(0.4) {
                (0..n).map(|j| j.to_string()).collect()
            } else {
                (0..n).map(|j| format!("v{j}")).collect()
            };
            self.options.push((format!("opt{i}"), values));
        }
    }

    fn make_macros(&mut self, out: &mut String) {
        let n = if self.has(Emph::Config) {
            self.rng.usize(1..=3)
        } else {
            usize::from(self.chance(0.2))
        };
        for i in 0..n {
            if self.chance(0.6) {
                let name = format!("Cond{i}");
                let body = match self.rng.u32(0..4) {
                    0 => "(= (count #1) 1)".to_string(),
                    1 => "(and (noMoves #1) (inCheck #1))".to_string(),
                    2 => format!("(> (count #1) {})", self.rng.u32(0..4)),
                    _ => "(noMoves #1)".to_string(),
                };
                // A macro reading check needs a royal piece.
                if body.contains("inCheck") && !self.any_royal() {
                    continue;
                }
                let _ = writeln!(out, "(define \"{name}\" {body})");
                self.cond_macros.push(name);
            } else {
                let name = format!("Sites{i}");
                let body = self.sites(1);
                let _ = writeln!(out, "(define \"{name}\" {body})");
                self.site_macros.push(name);
            }
        }
    }

    fn any_royal(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }

    fn piece_name(&mut self) -> String {
        let i = self.rng.usize(..self.pieces.len());
        self.pieces[i].name.clone()
    }

    fn nonroyal_name(&mut self) -> Option<String> {
        let names: Vec<String> = self
            .pieces
            .iter()
            .filter(|p| !p.royal)
            .map(|p| p.name.clone())
            .collect();
        if names.is_empty() {
            None
        } else {
            Some(names[self.rng.usize(..names.len())].clone())
        }
    }

    // ---- small values ----

    fn square(&mut self) -> String {
        loop {
            let x = self.rng.u32(..self.w);
            let y = self.rng.u32(..self.h);
            if !self.is_hole(x, y) {
                return sq(x, y);
            }
        }
    }

    /// Whether (x, y) is a hole: a corner of the rhombus a hexagon is cut from.
    fn is_hole(&self, x: u32, y: u32) -> bool {
        let n = (self.w - 1) / 2;
        let m = (self.w - 1) / 4;
        let star =
            (x >= m && y >= m && x + y <= 5 * m) || (x <= 3 * m && y <= 3 * m && x + y >= 3 * m);
        if self.star {
            return !star || self.holes.contains(&(x, y));
        }
        (self.hexagon && !(n..=3 * n).contains(&(x + y))) || self.holes.contains(&(x, y))
    }

    fn player(&mut self) -> String {
        if self.chance(0.8) {
            self.pick(PLAYER_WORDS).to_string()
        } else {
            self.players[self.rng.usize(..2)].clone()
        }
    }

    /// The longest a line of the board's squares may be: its box's longer
    /// side (a hexagon or a star is made only where its box is `w` by `w`).
    fn longest_line(&self) -> u32 {
        self.w.max(self.h)
    }

    fn dirs(&mut self) -> String {
        let n = match self.rng.u32(0..10) {
            0..=5 => 1,
            6..=8 => 2,
            _ => 3,
        };
        let ds: Vec<&str> = (0..n).map(|_| self.pick(DIRECTIONS)).collect();
        if ds.len() == 1 && self.chance(0.7) {
            ds[0].to_string()
        } else {
            format!("{{{}}}", ds.join(" "))
        }
    }

    fn target(&mut self) -> Option<&'static str> {
        match self.rng.u32(0..12) {
            0..=2 => Some("Empty"),
            3..=4 => Some("Enemy"),
            5 => Some("NotFriend"),
            6 if self.en_passant => Some("EnPassant"),
            _ => None,
        }
    }

    fn bool(&mut self) -> &'static str {
        if self.chance(0.7) {
            "True"
        } else {
            "False"
        }
    }

    fn string(&mut self, stem: &str) -> String {
        match self.rng.u32(0..8) {
            0 => format!("{stem} with \\\"quotes\\\""),
            1 => format!("{stem} — ünïcode"),
            _ => stem.to_string(),
        }
    }

    // ---- squares and sets ----

    /// One square (`Ty::Square`).
    fn square_expr(&mut self, ctx: Ctx) -> String {
        let moving = ctx.has_move();
        match self.rng.u32(0..10) {
            0..=2 if moving => "(to)".into(),
            3 if moving => "(from)".into(),
            4 if moving => format!("(adjacent {})", self.pick(DIRECTIONS)),
            5 if moving => "(origin)".into(),
            6 => {
                let p = self.piece_name();
                format!("(startSquare \"{p}\")")
            }
            7 => {
                let inner = if moving {
                    "(to)".to_string()
                } else {
                    self.square()
                };
                format!("(homeOf {inner})")
            }
            _ => self.square(),
        }
    }

    /// A set of squares (`Ty::Sites`), at most `depth` levels of set operations.
    fn sites(&mut self, depth: u32) -> String {
        let r = self.rng.u32(0..18);
        match r {
            0 => self.square(),
            1 => {
                let n = self.rng.usize(1..=4);
                let v: Vec<String> = (0..n).map(|_| self.square()).collect();
                format!("{{{}}}", v.join(" "))
            }
            2 => format!("(rank {})", self.rng.u32(1..=self.h)),
            3 => format!("(file {})", self.rng.u32(1..=self.w)),
            4 | 5 => "(lastRank)".into(),
            6 => "(firstRank)".into(),
            7 => format!("(ownRank {})", self.rng.u32(1..=self.h)),
            8 => format!("(half {})", self.player()),
            9 => {
                let p = self.piece_name();
                format!("(startOf \"{p}\" {})", self.player())
            }
            10 | 11 => "(everywhere)".into(),
            12 if !self.regions.is_empty() => {
                let i = self.rng.usize(..self.regions.len());
                format!("\"{}\"", self.regions[i])
            }
            13 if !self.site_macros.is_empty() => {
                let i = self.rng.usize(..self.site_macros.len());
                format!("(\"{}\")", self.site_macros[i])
            }
            14 if depth > 0 => {
                let a = self.sites(depth - 1);
                let b = self.sites(depth - 1);
                format!("(union {a} {b})")
            }
            15 if depth > 0 => {
                let a = self.sites(depth - 1);
                let b = self.sites(depth - 1);
                format!("(intersection {a} {b})")
            }
            16 if depth > 0 => {
                let a = self.sites(depth - 1);
                let b = self.sites(depth - 1);
                format!("(difference {a} {b})")
            }
            17 if depth > 0 => {
                let a = self.sites(depth - 1);
                format!("(sameFile {a})")
            }
            _ => "(everywhere)".into(),
        }
    }

    // ---- numbers and conditions ----

    /// A numeric option's name, if the game has one.
    fn numeric_option(&mut self) -> Option<String> {
        let names: Vec<String> = self
            .options
            .iter()
            .filter(|(_, v)| v[0].parse::<u32>().is_ok())
            .map(|(n, _)| n.clone())
            .collect();
        (!names.is_empty()).then(|| names[self.rng.usize(..names.len())].clone())
    }

    fn int(&mut self) -> String {
        if self.chance(0.1) {
            if let Some(o) = self.numeric_option() {
                return format!("(optionValue \"{o}\")");
            }
        }
        if self.chance(0.04) {
            let (a, b) = (self.int(), self.int());
            return if self.chance(0.5) {
                format!("(+ {a} {b})")
            } else {
                format!("(- {a} {b})")
            };
        }
        match self.rng.u32(0..15) {
            14 => "(captured)".into(),
            12 => {
                let s = self.square();
                format!("(liberties {s} {})", self.dirs())
            }
            13 => format!("(area {} {})", self.player(), self.dirs()),
            8 => format!("(inHand {})", self.player()),
            10 => format!("(score {})", self.player()),
            11 => format!("(size {})", self.pattern()),
            9 => {
                let p = self.player();
                let s = self.sites(1);
                format!("(count {p} in:{s})")
            }
            0..=2 => self.rng.u32(0..6).to_string(),
            3 | 4 => format!("(count {})", self.player()),
            5 => {
                let p = self.piece_name();
                format!("(count {} \"{p}\")", self.player())
            }
            _ => {
                let mut ev: Vec<String> = Vec::new();
                for _ in 0..self.rng.usize(1..=2) {
                    if self.chance(0.5) {
                        ev.push(self.pick(EVENTS).to_string());
                    } else {
                        let p = self.piece_name();
                        ev.push(format!("(moved \"{p}\")"));
                    }
                }
                format!("(pliesSince {{{}}})", ev.join(" "))
            }
        }
    }

    fn cond(&mut self, ctx: Ctx, depth: u32) -> String {
        let royal = self.any_royal();
        // Conditions that read check or attacks, where the game leans on them.
        if ctx == Ctx::Move && self.has(Emph::CheckInMoves) && self.chance(0.5) {
            return match self.rng.u32(0..6) {
                0 if royal => "(not (inCheck Mover))".into(),
                1 => "(attacked (from))".into(),
                2 => "(not (attacked (to)))".into(),
                3 if royal => format!("(inCheck {})", self.player()),
                4 => format!("(checks {})", self.square_expr(ctx)),
                _ => format!("(noMoves {})", self.player()),
            };
        }
        loop {
            let r = self.rng.u32(0..50);
            // Outside restrictions and end rules, a condition that asks about
            // check, attacks or moves is mostly one the checker refuses
            // (`lud::compile::recursive_condition`): the emphasis above still
            // writes them, so they stay rare here.
            if matches!(ctx, Ctx::Move | Ctx::Promote | Ctx::Remember)
                && matches!(r, 8 | 9 | 11 | 13 | 26..=29)
                && !self.chance(0.05)
            {
                continue;
            }
            let s = match r {
                0..=2 if depth > 0 => {
                    let n = self.rng.usize(1..=3);
                    let parts: Vec<String> = (0..n).map(|_| self.cond(ctx, depth - 1)).collect();
                    format!("(and {})", parts.join(" "))
                }
                3 | 4 if depth > 0 => {
                    let n = self.rng.usize(1..=3);
                    let parts: Vec<String> = (0..n).map(|_| self.cond(ctx, depth - 1)).collect();
                    format!("(or {})", parts.join(" "))
                }
                5..=7 if depth > 0 => format!("(not {})", self.cond(ctx, depth - 1)),
                8 | 9 if royal => format!("(inCheck {})", self.player()),
                10 => format!("(is {} {})", self.player(), self.player()),
                11 => {
                    if self.chance(0.3) {
                        format!("(noMoves {} stuckMoves:{})", self.player(), self.bool())
                    } else {
                        format!("(noMoves {})", self.player())
                    }
                }
                12 => format!("(repeated {})", self.rng.u32(2..=4)),
                13 if royal => format!("(perpetualCheck {})", self.rng.u32(2..=4)),
                14 => format!("(unmoved {})", self.square_expr(ctx)),
                15 => format!("(atStart {})", self.square_expr(ctx)),
                16 if !self.flags.is_empty() => {
                    let f = self.flags[self.rng.usize(..self.flags.len())].clone();
                    // Without a square it tests the piece that moves.
                    if ctx.has_move() && self.chance(0.5) {
                        format!("(flagged \"{f}\")")
                    } else {
                        format!("(flagged \"{f}\" {})", self.square_expr(ctx))
                    }
                }
                17 if !self.facts.is_empty() => {
                    let f = self.facts[self.rng.usize(..self.facts.len())].clone();
                    format!("(remembers {} \"{f}\")", self.player())
                }
                18 => {
                    let p = self.piece_name();
                    format!("(lost {} \"{p}\")", self.player())
                }
                19 if ctx == Ctx::Promote => "(lostCouldReach)".into(),
                20 if matches!(ctx, Ctx::Move | Ctx::Forbid) => "(removing)".into(),
                21 if ctx == Ctx::Promote => {
                    let p = self.piece_name();
                    format!("(kindIs \"{p}\")")
                }
                22 if matches!(ctx, Ctx::Forbid | Ctx::Move) => "(capturing)".into(),
                23 => format!("(absent {})", self.square_expr(ctx)),
                24 | 25 => {
                    let s = self.square_expr(ctx);
                    let t = self.sites(1);
                    format!("(in {s} {t})")
                }
                26 | 27 => {
                    let s = self.square_expr(ctx);
                    if self.chance(0.5) {
                        format!("(attacked {s})")
                    } else {
                        format!("(attacked {s} by:{})", self.player())
                    }
                }
                28 => format!("(checks {})", self.square_expr(ctx)),
                29 if royal => {
                    let p = self.piece_name();
                    format!("(checkedBy {} \"{p}\")", self.player())
                }
                30 => {
                    let s = self.square_expr(ctx);
                    let p = self.piece_name();
                    format!("(holds {s} \"{p}\")")
                }
                31 => format!("(inARow {} {})", self.player(), self.rng.u32(2..=5)),
                32 => {
                    let n = self.rng.usize(1..=3);
                    let ps: Vec<String> = (0..n)
                        .map(|_| format!("\"{}\"", self.piece_name()))
                        .collect();
                    format!("(material {} {{{}}})", self.player(), ps.join(" "))
                }
                33 => {
                    let p = self.piece_name();
                    format!("(sameShade \"{p}\")")
                }
                34..=36 => {
                    let op = self.pick(&["=", "!=", "<", "<=", ">", ">="]);
                    let a = self.int();
                    let b = self.int();
                    format!("({op} {a} {b})")
                }
                37 if !self.cond_macros.is_empty() => {
                    let i = self.rng.usize(..self.cond_macros.len());
                    let m = self.cond_macros[i].clone();
                    format!("(\"{m}\" {})", self.player())
                }
                38 if !self.options.is_empty() && depth > 0 => {
                    // A condition that holds only under some option values.
                    let (name, values) = self.options[self.rng.usize(..self.options.len())].clone();
                    let v = values[self.rng.usize(..values.len())].clone();
                    let c = self.cond(ctx, depth - 1);
                    format!("(and (when \"{name}\" {} {c}))", value(&v))
                }
                40 if ctx == Ctx::Move => format!("(exists {})", self.pattern()),
                41 => format!("(passes {})", self.rng.u32(1..=2)),
                42 => {
                    let p = self.player();
                    let s = self.sites(1);
                    if self.chance(0.5) {
                        let k = self.piece_name();
                        format!("(reached {p} {s} piece:\"{k}\")")
                    } else {
                        format!("(reached {p} {s})")
                    }
                }
                43 => format!("(inLine {})", self.square_expr(ctx)),
                44 => {
                    let s = self.square_expr(ctx);
                    let k = self.piece_name();
                    format!("(holds {s} \"{k}\" owner:{})", self.player())
                }
                45 => format!(
                    "(inARow {} {} exact:True)",
                    self.player(),
                    self.rng.u32(2..=5)
                ),
                46 => {
                    let p = self.player();
                    let (a, b) = (self.sites(1), self.sites(1));
                    format!("(connected {p} {a} {b})")
                }
                47 if matches!(ctx, Ctx::Move | Ctx::Forbid) => "(passing)".into(),
                48 => format!("(repeated {} board:True)", self.rng.u32(2..=4)),
                49 if matches!(ctx, Ctx::Move | Ctx::Forbid) => {
                    let d = self.dirs();
                    if self.chance(0.5) {
                        format!("(nextTo {d} owner:{})", self.player())
                    } else {
                        format!("(nextTo {d} piece:\"{}\")", self.piece_name())
                    }
                }
                _ => continue,
            };
            return s;
        }
    }

    // ---- pieces and their moves ----

    fn piece(&mut self, k: usize) -> String {
        let mut rules: Vec<String> = Vec::new();
        let n = if self.has(Emph::Long) {
            self.rng.usize(1..=2)
        } else {
            self.rng.usize(0..=4)
        };
        for _ in 0..n {
            let m = self.move_rule(k);
            rules.push(m);
        }
        if self.chance_em(Emph::Promotions, 0.25, 0.9) && self.pieces.len() > 1 {
            let p = self.promotion(k);
            rules.push(p);
        }
        if !self.options.is_empty() && self.chance(0.3) && !rules.is_empty() {
            let (name, values) = self.options[self.rng.usize(..self.options.len())].clone();
            let v = values[self.rng.usize(..values.len())].clone();
            let last = rules.pop().unwrap_or_default();
            rules.push(format!("(when \"{name}\" {} {last})", value(&v)));
        }
        let p = &self.pieces[k];
        let mut s = format!("(piece \"{}\" \"{}\"", p.name, p.letter);
        if p.royal {
            s.push_str(" royal:True");
        }
        if self.chance(0.1) {
            s.push_str(" aliases:{\"Other name\"}");
        }
        for r in rules {
            s.push(' ');
            s.push_str(&r);
        }
        s.push(')');
        s
    }

    /// The optional arguments every piece move shares.
    fn move_extras(&mut self, s: &mut String, stay_ok: bool) {
        let cond_p = if self.has(Emph::CheckInMoves) {
            0.7
        } else {
            0.25
        };
        if self.chance(cond_p) {
            let c = self.cond(Ctx::Move, 2);
            let _ = write!(s, " if:{c}");
        }
        if self.chance(0.15) {
            let f = self.sites(1);
            let _ = write!(s, " from:{f}");
        }
        if self.chance(0.2) {
            let mut effects = Vec::new();
            if !self.flags.is_empty() && self.chance(0.7) {
                let f = self.flags[self.rng.usize(..self.flags.len())].clone();
                effects.push(format!("(flag \"{f}\")"));
            }
            if self.chance(0.5) {
                effects.push("(enPassant)".into());
                self.en_passant = true;
            }
            if self.chance(0.3) {
                let pat = self.pattern();
                let verb = self.pick(&["flip", "capture", "transform"]);
                if verb == "transform" {
                    let k = self.piece_name();
                    effects.push(format!("(transform {pat} \"{k}\")"));
                } else {
                    effects.push(format!("({verb} {pat})"));
                }
            }
            if self.chance(0.15) {
                let p = self.player();
                let n = self.int();
                effects.push(format!("(addScore {p} {n})"));
            }
            if self.chance(0.1) {
                let d = self.dirs();
                let off = self.bool();
                effects.push(format!("(push {d} off:{off})"));
            }
            if self.chance(0.15) {
                let d = self.dirs();
                let mut c = format!("(continue (step {d} to:Empty)");
                if self.chance(0.5) {
                    let cond = self.cond(Ctx::Move, 1);
                    let _ = write!(c, " if:{cond}");
                }
                if self.chance(0.5) {
                    let _ = write!(c, " optional:{}", self.bool());
                }
                c.push(')');
                effects.push(c);
            }
            match effects.len() {
                0 => {}
                1 => {
                    let _ = write!(s, " then:{}", effects[0]);
                }
                _ => {
                    let _ = write!(s, " then:{{{}}}", effects.join(" "));
                }
            }
        }
        if self.chance(0.1) {
            let b = self.bool();
            let _ = write!(s, " whenStuck:{b}");
        }
        if stay_ok && self.chance(0.08) {
            let _ = write!(s, " stay:True");
        }
        if self.chance(0.05) {
            let a = self.sites(1);
            let _ = write!(s, " avoid:{a}");
        }
    }

    /// Squares selected around a move.
    fn pattern(&mut self) -> String {
        let shape = self.pick(&[
            "bracketed",
            "sandwiched",
            "surrounded",
            "enclosed",
            "around",
        ]);
        let d = self.dirs();
        let mut s = format!("({shape} {d}");
        if self.chance(0.3) {
            let p = self.piece_name();
            let _ = write!(s, " piece:\"{p}\"");
        }
        if self.chance(0.2) {
            let a = self.sites(1);
            let _ = write!(s, " at:{a}");
        }
        if !matches!(shape, "enclosed" | "around") && self.chance(0.2) {
            let h = self.sites(1);
            let _ = write!(s, " hostile:{h}");
        }
        // The most pieces a line can hold between the move's square and the
        // mover's piece (a longer min: is refused).
        let room = self.longest_line().saturating_sub(2).min(3);
        if shape == "bracketed" && room >= 1 && self.chance(0.3) {
            // Lines of a length: min:, max: or both (never min above max).
            let lo = self.rng.u32(1..=room);
            match self.rng.u8(..3) {
                0 => {
                    let _ = write!(s, " min:{lo}");
                }
                1 => {
                    let _ = write!(s, " max:{lo}");
                }
                _ => {
                    let _ = write!(s, " min:{lo} max:{}", lo + self.rng.u32(0..=2));
                }
            }
        }
        s.push(')');
        s
    }

    fn move_rule(&mut self, k: usize) -> String {
        let r = if self.has(Emph::Betza) && self.chance(0.6) {
            3
        } else if self.has(Emph::Jumps) && self.chance(0.6) {
            4
        } else {
            self.rng.u32(0..16)
        };
        match r {
            0..=2 => {
                let d = self.dirs();
                let mut s = format!("(step {d}");
                let t = self.target();
                let stay = t == Some("Enemy");
                if let Some(t) = t {
                    let _ = write!(s, " to:{t}");
                }
                self.move_extras(&mut s, stay);
                s.push(')');
                s
            }
            // On hexagons, a slide for a Betza notation or a leap.
            3 | 9..=13 if self.hexes => format!("(slide {})", self.dirs()),
            5 if self.hexes && !(self.pieces[k].royal && self.pieces.len() > 1) => {
                format!("(slide {})", self.dirs())
            }
            3 => {
                let b = self.betza();
                let mut s = format!("(betza \"{b}\"");
                self.move_extras(&mut s, false);
                s.push(')');
                s
            }
            4 => {
                let d = self.dirs();
                let mut s = format!("(jump {d}");
                if self.chance(0.5) {
                    let _ = write!(s, " again:{}", self.bool());
                }
                if self.chance(0.2) {
                    let _ = write!(s, " far:{}", self.bool());
                }
                if self.chance(0.15) {
                    let _ = write!(s, " stopToPromote:{}", self.bool());
                }
                if self.chance(0.15) {
                    let _ = write!(s, " byPieces:{}", self.bool());
                }
                if self.chance(0.15) {
                    let over = ["Enemy", "Friend", "Any"][self.rng.usize(..3)];
                    let _ = write!(s, " over:{over}");
                }
                if self.chance(0.15) {
                    let _ = write!(s, " takes:{}", self.bool());
                }
                if self.chance(0.2) {
                    let c = self.cond(Ctx::Move, 1);
                    let _ = write!(s, " if:{c}");
                }
                if self.chance(0.1) {
                    let f = self.sites(1);
                    let _ = write!(s, " from:{f}");
                }
                s.push(')');
                s
            }
            14 => {
                let mut s = "(along".to_string();
                if let Some(t) = self.target() {
                    let _ = write!(s, " to:{t}");
                }
                self.move_extras(&mut s, false);
                s.push(')');
                s
            }
            15 => {
                let mut s = format!("(fly {}", self.sites(1));
                if let Some(t) = self.target() {
                    let _ = write!(s, " to:{t}");
                }
                self.move_extras(&mut s, false);
                s.push(')');
                s
            }
            5 if self.pieces[k].royal && self.pieces.len() > 1 => {
                let other = self.nonroyal_name().unwrap_or_else(|| self.piece_name());
                if self.chance(0.5) {
                    format!("(castle \"{other}\" steps:{})", self.rng.u32(1..=3))
                } else {
                    format!("(castle \"{other}\")")
                }
            }
            6..=8 => {
                let d = self.dirs();
                let mut s = format!("(slide {d}");
                let t = self.target();
                if let Some(t) = t {
                    let _ = write!(s, " to:{t}");
                }
                let longest = self.w.max(self.h).clamp(2, 25);
                let mut most = 3;
                if self.chance(0.3) {
                    most = self.rng.u32(1..=longest);
                    let _ = write!(s, " max:{most}");
                }
                // Never above max: (checked: the fewest above the most),
                // nor longer than a line of the board (checked too).
                let room = most.min(3).min(self.longest_line().saturating_sub(1));
                if room >= 1 && self.chance(0.2) {
                    let _ = write!(s, " min:{}", self.rng.u32(1..=room));
                }
                self.move_extras(&mut s, t == Some("Enemy"));
                s.push(')');
                s
            }
            _ => {
                let (a, b) = if self.chance(0.8) {
                    (self.rng.u32(0..=3), self.rng.u32(1..=3))
                } else {
                    (self.rng.u32(0..=25), self.rng.u32(1..=25))
                };
                let mut s = format!("(leap {a} {b}");
                let t = self.target();
                if let Some(t) = t {
                    let _ = write!(s, " to:{t}");
                }
                self.move_extras(&mut s, t == Some("Enemy"));
                s.push(')');
                s
            }
        }
    }

    fn betza(&mut self) -> String {
        if self.chance(0.3) {
            return self.pick(BETZA_WHOLE).to_string();
        }
        let mut s = String::new();
        for _ in 0..self.rng.usize(1..=3) {
            let atom = self.pick(BETZA_ATOMS);
            let rider = matches!(atom, "R" | "B" | "Q");
            let leaper = !rider && atom != "K";
            // Riding: a doubled leaper or a limited rider.
            let doubled = leaper && self.chance(0.15);
            let range = if rider && self.chance(0.25) {
                Some(self.rng.u32(2..=5))
            } else {
                None
            };
            if self.chance(0.3) {
                s.push_str(self.pick(&["f", "b", "v", "s", "l", "r"]));
            }
            match self.rng.u32(0..10) {
                0..=2 => s.push('m'),
                3 | 4 => s.push('c'),
                5 if rider || doubled => s.push_str(self.pick(&["p", "mp", "cp"])),
                6 if (rider || doubled) && range.is_none() => s.push('g'),
                7 if matches!(atom, "N" | "A" | "D") && !doubled => s.push('n'),
                8 => s.push_str("im"),
                _ => {}
            }
            s.push_str(atom);
            if doubled {
                s.push_str(atom);
            }
            if let Some(n) = range {
                let _ = write!(s, "{n}");
            }
        }
        s
    }

    fn promotion(&mut self, k: usize) -> String {
        let at = if self.chance(0.6) {
            "(lastRank)".to_string()
        } else {
            self.sites(1)
        };
        let mut kinds: Vec<String> = Vec::new();
        match self.rng.u32(0..6) {
            0 => kinds.push("(lostKinds)".into()),
            1 => {
                let s = self.square_expr(Ctx::Promote);
                kinds.push(format!("(startKind {s})"));
            }
            _ => {
                for _ in 0..self.rng.usize(1..=3) {
                    let n = self.nonroyal_name().unwrap_or_else(|| self.piece_name());
                    if n != self.pieces[k].name && !kinds.contains(&format!("\"{n}\"")) {
                        kinds.push(format!("\"{n}\""));
                    }
                }
                if kinds.is_empty() {
                    kinds.push("(lostKinds)".into());
                }
            }
        }
        let to = if kinds.len() == 1 {
            kinds[0].clone()
        } else {
            format!("{{{}}}", kinds.join(" "))
        };
        let mut s = format!("(promote {at} {to}");
        if self.chance(0.3) {
            let c = self.cond(Ctx::Promote, 1);
            let _ = write!(s, " if:{c}");
        }
        if self.chance(0.2) {
            let _ = write!(s, " optional:{}", self.bool());
        }
        if self.chance_em(Emph::Promotions, 0.2, 0.5) {
            let then = match self.rng.u32(0..3) {
                0 => "(moveAgain)".to_string(),
                1 => {
                    let c = self.cond(Ctx::Promote, 1);
                    format!("(moveAgain if:{c})")
                }
                _ if !self.flags.is_empty() => {
                    let f = self.flags[self.rng.usize(..self.flags.len())].clone();
                    format!("(flag \"{f}\")")
                }
                _ => "(moveAgain)".to_string(),
            };
            let _ = write!(s, " then:{then}");
        }
        if self.chance(0.1) {
            let sq = self.square_expr(Ctx::Promote);
            let _ = write!(s, " as:{sq}");
        }
        if self.chance_em(Emph::Promotions, 0.1, 0.3) {
            let sq = if self.chance(0.5) {
                "(origin)".to_string()
            } else {
                self.square_expr(Ctx::Promote)
            };
            let _ = write!(s, " moveTo:{sq}");
        }
        s.push(')');
        s
    }

    // ---- the rules ----

    fn start(&mut self) -> String {
        let mut free: Vec<(u32, u32)> = (0..self.h)
            .flat_map(|y| (0..self.w).map(move |x| (x, y)))
            .filter(|&(x, y)| !self.is_hole(x, y))
            .collect();
        let mut taken: Vec<(u32, u32)> = Vec::new();
        let mut parts: Vec<String> = Vec::new();
        let total = (self.w * self.h) as usize;
        // How many pieces a side: a royal piece once, others a few times.
        let budget = (total / 3).max(1);
        let mut placed = 0usize;
        let (first, second) = (self.players[0].clone(), self.players[1].clone());
        for k in 0..self.pieces.len() {
            let count = if self.pieces[k].royal {
                1
            } else if self.has(Emph::PlayerMoves) && self.chance(0.3) {
                0
            } else {
                self.rng.usize(0..=3)
            };
            let name = self.pieces[k].name.clone();
            for (who, low) in [(&first, true), (&second, false)] {
                let mut squares = Vec::new();
                for _ in 0..count {
                    if placed >= budget * 2 || free.is_empty() {
                        break;
                    }
                    // The first player in the lower half, the second in the upper.
                    let want: Vec<usize> = free
                        .iter()
                        .enumerate()
                        .filter(|(_, (_, y))| if low { y * 2 < self.h } else { y * 2 >= self.h })
                        .map(|(i, _)| i)
                        .collect();
                    let i = if want.is_empty() || self.chance(0.1) {
                        self.rng.usize(..free.len())
                    } else {
                        want[self.rng.usize(..want.len())]
                    };
                    let s = free.swap_remove(i);
                    taken.push(s);
                    squares.push(sq(s.0, s.1));
                    placed += 1;
                }
                match squares.len() {
                    0 => {}
                    1 => parts.push(format!("(place {who} \"{name}\" {})", squares[0])),
                    _ => parts.push(format!(
                        "(place {who} \"{name}\" {{{}}})",
                        squares.join(" ")
                    )),
                }
            }
        }
        // A whole empty rank of the first non-royal kind, now and then.
        if self.chance(0.15) {
            if let Some(name) = self.nonroyal_name() {
                let y = self.rng.u32(..self.h);
                if free.iter().filter(|s| s.1 == y).count() == self.w as usize {
                    free.retain(|s| s.1 != y);
                    for x in 0..self.w {
                        taken.push((x, y));
                    }
                    let who = self.players[self.rng.usize(..2)].clone();
                    parts.push(format!("(place {who} \"{name}\" (rank {}))", y + 1));
                }
            }
        }
        if taken.len() >= 2 && self.chance(0.15) {
            let a = taken[self.rng.usize(..taken.len())];
            let b = taken[self.rng.usize(..taken.len())];
            parts.push(format!("(swap {} {})", sq(a.0, a.1), sq(b.0, b.1)));
        }
        if !taken.is_empty() && !free.is_empty() && self.chance(0.15) {
            let a = taken.swap_remove(self.rng.usize(..taken.len()));
            let b = free.swap_remove(self.rng.usize(..free.len()));
            parts.push(format!("(shift {} {})", sq(a.0, a.1), sq(b.0, b.1)));
        }
        if self.chance(0.1) {
            let who = self.players[self.rng.usize(..2)].clone();
            let p = self.piece_name();
            parts.push(format!("(hand {who} \"{p}\" {})", self.rng.u32(0..=9)));
        }
        format!("(start {{{}}})", parts.join(" "))
    }

    fn play(&mut self) -> String {
        let mut items: Vec<String> = Vec::new();
        if self.chance_em(Emph::Phases, 0.1, 0.8) {
            let n = match self.numeric_option() {
                Some(o) if self.chance(0.5) => format!("(optionValue \"{o}\")"),
                _ => self.rng.u32(0..=4).to_string(),
            };
            let mut s = format!("(phase \"opening\" {n}");
            if self.chance(0.6) {
                let c = self.cond(Ctx::Forbid, 1);
                let _ = write!(s, " (forbid {c})");
            }
            if self.chance(0.5) {
                let p = self.piece_name();
                let k = self.pieces.iter().position(|q| q.name == p).unwrap_or(0);
                let m = self.move_rule(k);
                let _ = write!(s, " (moves \"{p}\" {m})");
            }
            if self.chance(0.5) {
                let prompt = self.string("make your opening moves");
                let _ = write!(s, " prompt:\"{prompt}\"");
            }
            s.push(')');
            items.push(s);
        }
        if self.any_royal() && self.chance(0.8) {
            let reason = if self.chance(0.5) {
                " reason:\"it would leave your king in check\""
            } else {
                ""
            };
            items.push(format!("(forbid (inCheck Mover){reason})"));
        }
        let forbids = if self.has(Emph::Phases) { 2 } else { 1 };
        for _ in 0..self.rng.usize(0..=forbids) {
            let c = self.cond(Ctx::Forbid, 2);
            let unless = if self.chance(0.4) {
                " unlessAll:True"
            } else {
                ""
            };
            let reason = if self.chance(0.3) {
                format!(" reason:\"{}\"", self.string("a rule"))
            } else {
                String::new()
            };
            items.push(format!("(forbid {c}{reason}{unless})"));
        }
        if self.chance(0.08) {
            let n = self.int();
            items.push(format!("(maximum {n})"));
        }
        if !self.facts.is_empty() {
            for f in self.facts.clone() {
                let c = self.cond(Ctx::Remember, 1);
                let who = if self.chance(0.5) {
                    format!(" player:{}", self.player())
                } else {
                    String::new()
                };
                items.push(format!("(remember \"{f}\" {c}{who})"));
            }
        }
        if self.chance_em(Emph::PlayerMoves, 0.12, 0.9) {
            let mut s = format!("(remove {}", self.sites(1));
            if self.chance(0.5) {
                let c = self.cond(Ctx::Move, 1);
                let _ = write!(s, " if:{c}");
            }
            if self.chance(0.6) {
                let _ = write!(s, " whenStuck:{}", self.bool());
            }
            s.push(')');
            items.push(s);
        }
        if self.chance_em(Emph::PlayerMoves, 0.12, 0.9) {
            let p = self.piece_name();
            let mut s = format!("(drop \"{p}\" {}", self.sites(1));
            if self.chance(0.4) {
                let _ = write!(
                    s,
                    " gravity:{}",
                    self.pick(&["N", "E", "S", "W", "NE", "SW"])
                );
            }
            if self.chance(0.3) {
                let c = self.cond(Ctx::Move, 1);
                let _ = write!(s, " if:{c}");
            }
            if self.chance(0.3) {
                s.push_str(" fromHand:True");
            }
            s.push(')');
            items.push(s);
        }
        if self.chance_em(Emph::PlayerMoves, 0.08, 0.5) {
            let mut s = "(pass".to_string();
            if self.chance(0.5) {
                let _ = write!(s, " whenStuck:{}", self.bool());
            }
            if self.chance(0.3) {
                let c = self.cond(Ctx::Move, 1);
                let _ = write!(s, " if:{c}");
            }
            s.push(')');
            items.push(s);
        }
        if items.is_empty() {
            return String::new();
        }
        format!("(play {})", items.join("\n            "))
    }

    fn result(&mut self) -> String {
        match self.rng.u32(0..5) {
            0 | 1 => {
                let mut s = format!("(loss {} \"{}\"", self.player(), self.string("a loss"));
                if self.chance(0.1) {
                    s.push_str(" worth:HalfWin");
                }
                if self.chance(0.1) {
                    let _ = write!(s, " rank:{}", self.rng.u32(0..4));
                }
                s.push(')');
                s
            }
            2 | 3 => {
                let mut s = format!("(win {} \"{}\"", self.player(), self.string("a win"));
                if self.chance(0.1) {
                    s.push_str(" worth:HalfWin");
                }
                if self.chance(0.1) {
                    let _ = write!(s, " rank:{}", self.rng.u32(0..4));
                }
                s.push(')');
                s
            }
            _ if self.chance(0.25) => {
                let e = self.int();
                if self.chance(0.3) {
                    let komi = self.pick(&["0.5", "7.5", "6", "-2.5"]);
                    format!("(byScore {e} \"{}\" komi:{komi})", self.string("a score"))
                } else {
                    format!("(byScore {e} \"{}\")", self.string("a score"))
                }
            }
            _ => format!("(draw \"{}\")", self.string("a draw")),
        }
    }

    fn end(&mut self) -> String {
        let mut rules: Vec<String> = Vec::new();
        let n = if self.has(Emph::Long) {
            self.rng.usize(0..=1)
        } else {
            self.rng.usize(0..=4)
        };
        for _ in 0..n {
            let mut c = self.cond(Ctx::End, 2);
            // Now and then deep (but sane) nesting.
            if self.chance(0.02) {
                for _ in 0..self.rng.usize(20..=200) {
                    c = format!("(not {c})");
                }
            }
            let r = self.result();
            rules.push(format!("(if {c} {r})"));
        }
        if !self.options.is_empty() && self.chance(0.3) {
            let (name, values) = self.options[self.rng.usize(..self.options.len())].clone();
            let v = values[self.rng.usize(..values.len())].clone();
            let c = self.cond(Ctx::End, 1);
            let r = self.result();
            rules.push(format!("(when \"{name}\" {} (if {c} {r}))", value(&v)));
        }
        if self.chance(0.85) {
            rules.push("(if (noMoves Next) (loss Next \"no moves\"))".into());
        }
        format!("(end {{{}}})", rules.join("\n            "))
    }
}

/// An option value as written: a number bare, a string in quotes.
fn value(v: &str) -> String {
    if v.parse::<u32>().is_ok() {
        v.to_string()
    } else {
        format!("\"{v}\"")
    }
}

/// The name of a square: file letter, then rank from 1.
pub(crate) fn sq(x: u32, y: u32) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}
