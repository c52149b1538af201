//! Generic solver vs. dense table vs. closed form on the same game, in one run, so the
//! figures can be quoted as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::impartial::games::subtraction::Subtraction;
use grundy::impartial::heap::HeapRules;
use grundy::impartial::table::heap_table;
use grundy::impartial::{Heaps, Solver};

fn subtraction_1_3_4(c: &mut Criterion) {
    let game = Subtraction::parse("1,3,4", "subtraction:1,3,4").unwrap();
    let mut group = c.benchmark_group("subtraction 1,3,4 G(0..100000)");
    group.sample_size(10);
    group.bench_function("generic solver (hash memo)", |b| {
        b.iter(|| {
            let view = Heaps(&game);
            let mut solver = Solver::new(&view);
            black_box(solver.grundy(&100_000).unwrap())
        })
    });
    group.bench_function("dense table", |b| {
        b.iter(|| black_box(heap_table(&game, 100_000).unwrap()))
    });
    group.bench_function("streaming window", |b| {
        b.iter(|| {
            let mut last = 0;
            game.for_each_value(100_000, &mut |_, v| {
                last = v.0;
                Ok(())
            })
            .unwrap();
            black_box(last)
        })
    });
    group.finish();
}

fn bash_game(c: &mut Criterion) {
    let game = Subtraction::parse("1..6", "subtraction:1..6").unwrap();
    let mut group = c.benchmark_group("take 1..6 G(0..100000)");
    group.sample_size(10);
    group.bench_function("dense table", |b| {
        b.iter(|| black_box(heap_table(&game, 100_000).unwrap()))
    });
    group.bench_function("closed form", |b| {
        b.iter(|| (0..=100_000u64).fold(0, |a, n| a ^ game.closed_form(black_box(n)).unwrap().0))
    });
    group.finish();
}

criterion_group!(benches, subtraction_1_3_4, bash_game);
criterion_main!(benches);
