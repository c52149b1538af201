//! Nim-multiplication: the fast path (GF(2^16) log/exp + Karatsuba) against the recursive
//! reference, on the same random pairs in one run; plus the field operations built on it and
//! the Walsh–Hadamard counting of `grundy count`. Whole-process figures against the C++
//! baseline are in `bench/nim_mul/run.sh`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::impartial::count::{count_by_outcome, Outcome, SizeSet};
use grundy::numeric::nim_arith::{nim_mul_u128, reference_mul, NimMultiplier};
use grundy::numeric::Nimber;
use std::time::Duration;

/// Deterministic pseudo-random words (xorshift64*), so every run multiplies the same pairs.
fn random_words(count: usize) -> Vec<u64> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..count)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        })
        .collect()
}

fn products(c: &mut Criterion) {
    let words = random_words(2048);
    let pairs: Vec<(u64, u64)> = words.chunks_exact(2).map(|w| (w[0], w[1])).collect();
    let m = NimMultiplier::new();
    let mut group = c.benchmark_group("nim-product of 1024 random 64-bit pairs");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("fast (log/exp + Karatsuba)", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(0, |acc, &(x, y)| acc ^ m.mul(black_box(x), y))
        })
    });
    group.bench_function("recursive reference", |b| {
        b.iter(|| {
            pairs.iter().fold(0, |acc, &(x, y)| {
                acc ^ reference_mul(black_box(x) as u128, y as u128, 64) as u64
            })
        })
    });
    group.bench_function("u128 (four 64-bit products)", |b| {
        b.iter(|| {
            pairs.iter().fold(0, |acc, &(x, y)| {
                acc ^ nim_mul_u128(
                    black_box((x as u128) << 64 | y as u128),
                    (y as u128) << 64 | x as u128,
                )
            })
        })
    });
    group.finish();

    let mut group = c.benchmark_group("field operations on 64 random nimbers");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    group.bench_function("inverse", |b| {
        b.iter(|| {
            words[..64].iter().fold(Nimber(0), |acc, &x| {
                acc ^ Nimber(black_box(x)).inverse().unwrap_or_default()
            })
        })
    });
    group.bench_function("sqrt", |b| {
        b.iter(|| {
            words[..64]
                .iter()
                .fold(Nimber(0), |acc, &x| acc ^ Nimber(black_box(x)).sqrt())
        })
    });
    group.finish();
}

fn counting(c: &mut Criterion) {
    let primes = SizeSet::parse("primes<=50000").expect("a valid set");
    let values = primes.sizes().to_vec();
    let mut group = c.benchmark_group("count nim, 10^9 heaps from primes<=50000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for (name, modulus) in [
        ("mod 10^9+7", 1_000_000_007u64),
        ("mod 2^63", 1 << 63),
        ("mod 2^64-1", u64::MAX),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                count_by_outcome(&values, black_box(1_000_000_000), modulus, Outcome::Second)
                    .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, products, counting);
criterion_main!(benches);
