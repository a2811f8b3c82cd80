//! Parse and compile time of every shipped game.
#![allow(missing_docs)] // criterion's macros define undocumented functions

use std::hint::black_box;

#[path = "support/common.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};

fn compile(c: &mut Criterion) {
    let files = common::game_files();
    let mut group = c.benchmark_group("compile");
    for f in files {
        let src = lud::compile::read_source(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        group.bench_function(&name, |b| {
            b.iter(|| lud::compile(black_box(&src)).is_ok());
        });
    }
    group.finish();
}

criterion_group!(benches, compile);
criterion_main!(benches);
