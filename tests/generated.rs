//! Generated games (tests/support/gen.rs) through the whole pipeline
//! (tests/support/pipeline.rs): a small fixed set here; the soak
//! (tests/soak.rs) runs thousands.

#[path = "support/gen.rs"]
mod gen;
#[path = "support/pipeline.rs"]
mod pipeline;
#[path = "support/run.rs"]
mod run;

/// The seeds the short test runs (the soak runs thousands more).
const SEEDS: std::ops::Range<u64> = 0..10;

#[test]
fn the_generator_is_deterministic() {
    for seed in [0, 1, 77, 123_456_789] {
        assert_eq!(gen::game(seed).text, gen::game(seed).text, "seed {seed}");
    }
    assert_ne!(gen::game(1).text, gen::game(2).text);
}

/// Every ludeme of the catalogue turns up in some generated game: a new
/// ludeme must be taught to the generator.
#[test]
fn the_generator_covers_the_ludeme_catalogue() {
    let texts: Vec<String> = (0..3000).map(|s| gen::game(s).text).collect();
    let missing: Vec<&str> = lud::compile::ludemes::LUDEMES
        .iter()
        .map(|l| l.name)
        .filter(|name| {
            let open = format!("({name} ");
            let bare = format!("({name})");
            let line = format!("({name}\n");
            !texts
                .iter()
                .any(|t| t.contains(&open) || t.contains(&bare) || t.contains(&line))
        })
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}

/// Most generated games pass `lud check --allow-warnings` (the generator is
/// tuned for it: about 95%; the soak prints the rate over thousands). The bar
/// is lower, for the day the checker refuses some of what it writes (a move
/// condition reading check, say).
#[test]
fn most_generated_games_pass_the_check() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated-check");
    std::fs::create_dir_all(&dir).unwrap();
    let seeds = 500..560u64;
    let n = seeds.end - seeds.start;
    let reports = pipeline::parallel(n, pipeline::workers(), |i| {
        let g = gen::game(seeds.start + i);
        let file = dir.join(format!("g{}.lud", g.seed));
        std::fs::write(&file, &g.text).unwrap();
        let r = run::lud(
            &["check", "--allow-warnings", file.to_str().unwrap()],
            run::hang_guard(),
        );
        pipeline::Report {
            checked: r.code == Some(0),
            ..pipeline::Report::default()
        }
    });
    let passed = reports.iter().filter(|r| r.checked).count() as u64;
    println!("{passed} of {n} generated games pass `lud check --allow-warnings`");
    assert!(
        passed * 100 >= n * 75,
        "only {passed} of {n} generated games pass the check"
    );
}

/// A few generated games through the whole pipeline: check, perft 2, explain,
/// random and computer play, the record replayed, bench.
#[test]
fn generated_games_run_without_panic_hang_or_blow_up() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated");
    std::fs::create_dir_all(&dir).unwrap();
    let n = SEEDS.end - SEEDS.start;
    let reports = pipeline::parallel(n, pipeline::workers(), |i| {
        let g = gen::game(SEEDS.start + i);
        let file = dir.join(format!("g{}.lud", g.seed));
        std::fs::write(&file, &g.text).unwrap();
        let rec = dir.join(format!("g{}.record", g.seed));
        pipeline::pipeline(&file, g.seed, &[], pipeline::Depth::Full, &rec)
    });
    let mut failed = Vec::new();
    for (i, r) in reports.iter().enumerate() {
        if !r.failures.is_empty() {
            let g = gen::game(SEEDS.start + i as u64);
            let file = dir.join(format!("g{}.lud", g.seed));
            failed.push(pipeline::describe(&file, &g.text, r));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
