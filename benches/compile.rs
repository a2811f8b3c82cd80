//! Parse and compile time of every shipped game.
#![allow(missing_docs)] // criterion's macros define undocumented functions

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};

fn compile(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lud"))
        .collect();
    files.sort();
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
