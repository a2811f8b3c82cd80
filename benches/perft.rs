//! Perft speed per game. Each bench checks the count it times.
#![allow(missing_docs)] // criterion's macros define undocumented functions

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};

fn game(file: &str) -> lud::Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    lud::compile(&lud::compile::read_source(&path).unwrap()).unwrap()
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (file, depth, nodes) in [
        ("games/shatranj.lud", 4u32, 68_122u64),
        ("games/shatranj.lud", 5, 1_164_248),
        ("games/chess.lud", 4, 197_281),
        ("games/chess.lud", 5, 4_865_609),
        ("games/parsi-chess.lud", 4, 164_807),
        ("games/nilakantha.lud", 5, 446_032),
        ("games/xiangqi.lud", 3, 79_666),
        ("games/draughts.lud", 7, 179_740),
        ("games/connect-four.lud", 6, 117_649),
    ] {
        let g = game(file);
        let start = g.start();
        let name = format!("{} {depth}", g.name());
        group.bench_function(&name, |b| {
            b.iter(|| {
                let n = lud::perft::perft(black_box(&start), black_box(depth));
                assert_eq!(n, nodes);
                n
            });
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
