//! The partizan engine: enumerating the 1474 values born by day 3; the canonical form of a
//! sum of 12 hot games; comparisons of random pairs of day-3 games.
//!
//! The engine caches sums and comparisons for the life of the process, so a benchmark that
//! repeated the same sum would time a cache lookup. The sum benchmark therefore translates
//! its games by a fresh number on every iteration (new games, nothing cached but the
//! numbers); enumeration re-simplifies every form each time (comparisons stay cached, as in
//! any long computation); comparisons are timed both cold (fresh translated games) and warm.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::partizan::enumerate::born_by;
use grundy::partizan::{Dyadic, Game};
use std::cell::Cell;
use std::time::Duration;

/// Twelve hot games with different temperatures and shapes.
fn hot_games() -> Vec<Game> {
    [
        "{2|-1}",
        "{3||2*|1*}",
        "{5|1}",
        "+-3",
        "{4|0,*}",
        "{7/2|-1/2}",
        "{6||4|2}",
        "{1|^}",
        "{9/2|-3}",
        "{3|-1*}",
        "{8|3,{4|2}}",
        "{5/2|v}",
    ]
    .iter()
    .map(|t| t.parse().expect("benchmark games parse"))
    .collect()
}

/// Deterministic pseudo-random indices (xorshift64*).
fn random_indices(count: usize, below: usize) -> Vec<usize> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..count)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % below
        })
        .collect()
}

/// A number never used before in this process (odd multiples of 2^-20).
fn fresh_offset(counter: &Cell<i64>) -> Game {
    counter.set(counter.get() + 1);
    Game::number(Dyadic::new(2 * counter.get() + 1, 20).expect("small dyadic"))
}

fn partizan(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));

    group.bench_function("enumerate the 1474 values born by day 3", |b| {
        b.iter(|| {
            let day3 = born_by(3).expect("day 3 is allowed");
            assert_eq!(day3.len(), 1474);
            day3
        })
    });

    let games = hot_games();
    let counter = Cell::new(0);
    group.bench_function("sum of 12 hot games (fresh translates each time)", |b| {
        b.iter(|| {
            let shift = fresh_offset(&counter);
            let total: Game = games.iter().map(|&g| g + shift).sum();
            black_box(total)
        })
    });

    let day3 = born_by(3).expect("day 3 is allowed");
    let picks = random_indices(2000, day3.len());
    let pairs: Vec<(Game, Game)> = picks
        .chunks_exact(2)
        .map(|p| (day3[p[0]], day3[p[1]]))
        .collect();
    group.bench_function("1000 comparisons of random day-3 pairs (cold)", |b| {
        b.iter(|| {
            let shift = fresh_offset(&counter);
            pairs
                .iter()
                .filter(|&&(x, y)| (x + shift).le(y + shift))
                .count()
        })
    });
    group.bench_function("1000 comparisons of random day-3 pairs (warm)", |b| {
        b.iter(|| pairs.iter().filter(|&&(x, y)| x.le(y)).count())
    });

    // A large nimber with a hot game and an infinitesimal (`{1|-1} + *100 + ^<3>`), each time
    // with a fresh hot game so that no sum is cached: the nimber roots' case.
    let up_third: Game = "^<3>".parse().expect("a literal");
    let one = Game::number(Dyadic::new(1, 0).expect("small dyadic"));
    group.bench_function("{s+1|s-1} + *100 + ^<3> (fresh s each time)", |b| {
        b.iter(|| {
            let shift = fresh_offset(&counter);
            let hot = Game::from_options(&[shift + one], &[shift - one]);
            black_box(hot + Game::nimber(100) + up_third)
        })
    });
    group.finish();
}

criterion_group!(benches, partizan);
criterion_main!(benches);
