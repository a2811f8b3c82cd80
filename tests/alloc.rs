//! No heap allocation per generated move: a counting allocator
//! (`stats_alloc`) watches move-tree counts and random playouts. Their
//! buffers are allocated once and reused, so the allocations of a run do not
//! grow with the moves it generates.

use std::alloc::System;
use std::path::Path;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn game(file: &str) -> lud::Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    lud::compile(&lud::compile::read_source(&path).unwrap()).unwrap()
}

/// Allocations made while `f` runs.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let region = Region::new(GLOBAL);
    let out = f();
    (out, region.change().allocations)
}

// One test function: the counter is global, and tests run on threads of
// their own at the same time.
#[test]
fn no_allocation_per_move() {
    perft_allocates_per_level_not_per_move();
    playouts_allocate_per_game_not_per_move();
}

fn perft_allocates_per_level_not_per_move() {
    for (file, depth, nodes) in [
        ("games/chess.lud", 4, 197_281u64),
        ("games/shatranj.lud", 4, 68_122),
        ("games/xiangqi.lud", 3, 79_666),
        ("games/draughts.lud", 6, 36_768),
        ("games/connect-four.lud", 5, 16_807),
    ] {
        let g = game(file);
        let start = g.start();
        let (n, allocs) = allocations(|| lud::perft::perft(&start, depth));
        assert_eq!(n, nodes, "{file}");
        // A few buffers per level, grown a few times each.
        assert!(
            allocs < 20 * (depth as usize + 1),
            "{file}: {allocs} allocations for {n} nodes"
        );
    }
}

fn playouts_allocate_per_game_not_per_move() {
    for file in [
        "games/chess.lud",
        "games/shatranj.lud",
        "games/connect-four.lud",
    ] {
        let g = game(file);
        let (stats, allocs) = allocations(|| lud::bench::playouts(&g, 40, 200, 7, 1));
        assert!(stats.games == 40 && stats.plies > 400, "{file}: {stats:?}");
        // Scratch buffers once, and the name of each ending (a string) per game.
        assert!(
            allocs < 20 + 2 * stats.games as usize,
            "{file}: {allocs} allocations for {} plies",
            stats.plies
        );
    }
}
