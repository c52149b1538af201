//! Infinite subtraction sets: the witness-search table (`subtraction_sets::union_table`) and
//! the value-count table for all-but sets, against the naive programme (read every option of
//! every heap from a sorted element list: O(N·|S ∩ [1,N]|)), measured in the same run so the
//! figures can be quoted as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::impartial::games::subtraction::Subtraction;
use grundy::numeric::MexSet;
use std::time::Duration;

fn set(args: &str) -> Subtraction {
    Subtraction::parse(args, args).expect("a valid set")
}

/// The baseline: mex over `G(n − s)` for every element `s ≤ n`.
fn naive_table(game: &Subtraction, to: u64) -> Vec<u32> {
    let infinite = game.infinite_set().expect("an infinite set");
    let mut elements = Vec::new();
    infinite.any_up_to(to, &mut |s| {
        elements.push(s as usize);
        false
    });
    elements.sort_unstable();
    let mut values = vec![0u32; to as usize + 1];
    let mut seen = MexSet::new();
    for n in 0..values.len() {
        seen.clear();
        for &s in elements.iter().take_while(|&&s| s <= n) {
            seen.insert(values[n - s] as u64);
        }
        values[n] = seen.mex() as u32;
    }
    values
}

fn fast_vs_naive(c: &mut Criterion) {
    for (args, naive_to, fast_to) in [
        ("primes", 100_000, 10_000_000),
        ("squares", 100_000, 1_000_000),
    ] {
        let game = set(args);
        let infinite = game.infinite_set().expect("an infinite set");
        let mut group = c.benchmark_group(format!("subtraction:{args}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(100));
        group.bench_function(format!("naive G(0..={naive_to})"), |b| {
            b.iter(|| black_box(naive_table(&game, naive_to)))
        });
        group.bench_function(format!("witness search G(0..={naive_to})"), |b| {
            b.iter(|| black_box(infinite.table(naive_to).unwrap()))
        });
        group.bench_function(format!("witness search G(0..={fast_to})"), |b| {
            b.iter(|| black_box(infinite.table(fast_to).unwrap()))
        });
        group.finish();
    }
}

fn all_but(c: &mut Criterion) {
    let game = set("all-but:2,5");
    let infinite = game.infinite_set().expect("an infinite set");
    let mut group = c.benchmark_group("subtraction:all-but:2,5");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    group.bench_function("naive G(0..=20000)", |b| {
        b.iter(|| black_box(naive_table(&game, 20_000)))
    });
    group.bench_function("value counts G(0..=20000)", |b| {
        b.iter(|| black_box(infinite.table(20_000).unwrap()))
    });
    group.bench_function("value counts G(0..=10^7)", |b| {
        b.iter(|| black_box(infinite.table(10_000_000).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, fast_vs_naive, all_but);
criterion_main!(benches);
