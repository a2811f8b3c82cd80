//! Random playouts per game (`lud bench`'s measure): 100 games from the
//! start, capped at 200 plies, one thread. Each bench checks that it played
//! the games it times, and the same games every time (same seed, same plies).
#![allow(missing_docs)] // criterion's macros define undocumented functions

#[path = "support/common.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn playouts(c: &mut Criterion) {
    let files = common::game_files();
    let mut group = c.benchmark_group("playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100));
    for f in files {
        let game = lud::compile(&lud::compile::read_source(&f).unwrap()).unwrap();
        let first = lud::bench::playouts(&game, 100, 200, 1, 1);
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        group.bench_function(&name, |b| {
            b.iter(|| {
                let p = lud::bench::playouts(&game, 100, 200, 1, 1);
                assert_eq!((p.games, p.plies), (100, first.plies));
                p.plies
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
