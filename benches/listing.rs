//! The Python batch's Rust path per game: 64 games in turn, each step
//! listing every legal move of each game as actions (with its result, as
//! `Batch.legal_actions` reads them) and playing one drawn at random; a
//! game that ends starts again. 200 steps a sample, one thread. Set
//! against the `playouts` bench (a random move drawn without listing them
//! all), it says what a loop over every legal action costs in Rust alone,
//! before the Python side adds its part (docs/python.md, "How fast").
//! Games with moves whose actions do not fit an int64 are left out (the
//! batch lists their moves otherwise). Each bench checks that it played
//! the same moves every time.
#![allow(missing_docs)] // criterion's macros define undocumented functions

#[path = "support/common.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lud::game::{Game, Listed, Position};
use lud::moves::Move;

/// Games played side by side.
const GAMES: usize = 64;
/// Steps a sample (each plays one ply in every game).
const STEPS: usize = 200;
/// The longest a game may last before it starts again.
const CAP: u32 = 1000;

/// Plays `STEPS` steps of `GAMES` games from the start, each ply a move
/// drawn (by a seeded xorshift) among the listed actions: a sum of the
/// actions played and of the games' ends (the same every time the same
/// games are played), or `None` where some move's action does not fit an
/// int64.
fn batch_steps(game: &Game) -> Option<u64> {
    let start = game.start();
    let mut pos: Vec<Position> = (0..GAMES).map(|_| start.clone()).collect();
    let mut codes: Vec<Vec<i64>> = vec![Vec::new(); GAMES];
    let list = |p: &Position, c: &mut Vec<i64>| -> Option<bool> {
        c.clear();
        match p.append_small_codes_and_outcome(c) {
            Listed::Codes(o) => Some(o.is_some() || c.is_empty() || p.ply() >= CAP),
            Listed::TooWide => None,
        }
    };
    for (p, c) in pos.iter().zip(codes.iter_mut()) {
        list(p, c)?;
    }
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut sum = 0u64;
    for _ in 0..STEPS {
        for (p, c) in pos.iter_mut().zip(codes.iter_mut()) {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let code = c[(rng % c.len() as u64) as usize];
            let m = Move::from_code(u128::try_from(code).ok()?)?;
            p.play_unchecked(m);
            sum = sum.wrapping_mul(31).wrapping_add(code as u64);
            if list(p, c)? {
                sum = sum.wrapping_add(u64::from(p.ply()));
                p.clone_from(&start);
                list(p, c)?;
            }
        }
    }
    Some(sum)
}

fn listing(c: &mut Criterion) {
    let mut group = c.benchmark_group("listing");
    group.sample_size(10);
    group.throughput(Throughput::Elements((GAMES * STEPS) as u64));
    for f in common::game_files() {
        let game = lud::compile(&lud::compile::read_source(&f).unwrap()).unwrap();
        let Some(first) = batch_steps(&game) else {
            continue;
        };
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        group.bench_function(&name, |b| {
            b.iter(|| {
                let sum = batch_steps(&game);
                assert_eq!(sum, Some(first));
                sum
            });
        });
    }
    group.finish();
}

criterion_group!(benches, listing);
criterion_main!(benches);
