//! Octal-game solvers on the games of the issue, in one run so that ratios can be quoted:
//! naive O(n²) vs rare-value on 0.16; the rare-value solver on 1 and 2 threads on 0.6 and
//! Grundy's game; naive triples vs pair-XOR bitsets on the three-way code 0.8; the
//! certified-period extension on Kayles and Dawson's Kayles; and the machine's floor for
//! the byte stores that are most of the rare-value solver's time. The runs at 2^20–2^22
//! that take seconds are measured with the CLI, side by side with other tools
//! (`bench/octal-side-by-side.sh`, see README).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::impartial::games::octal::naive::NaiveSolver;
use grundy::impartial::games::octal::rare_value::RareValueSolver;
use grundy::impartial::games::octal::sequence::Run;
use grundy::impartial::games::octal::three_way::ThreeWaySolver;
use grundy::impartial::games::octal::{MoveRules, OctalCode, SequenceSolver};
use std::time::Duration;

fn rules(code: &str) -> MoveRules {
    OctalCode::parse(code, code).unwrap().rules()
}

fn solve(mut solver: Box<dyn SequenceSolver + '_>, len: u64) -> u16 {
    solver.extend_to(len, &mut |_| Ok(())).unwrap();
    let values = solver.values();
    values.get(values.len() - 1)
}

fn naive_vs_rare_value(c: &mut Criterion) {
    let game = rules("0.16");
    let mut group = c.benchmark_group("0.16 G(0..2^17)");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    group.bench_function("naive O(n^2)", |b| {
        b.iter(|| {
            black_box(solve(
                Box::new(NaiveSolver::new(&game, Vec::new())),
                1 << 17,
            ))
        })
    });
    group.bench_function("rare-value", |b| {
        b.iter(|| {
            black_box(solve(
                Box::new(RareValueSolver::new(&game, Default::default())),
                1 << 17,
            ))
        })
    });
    group.finish();
}

fn rare_value_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("rare-value solver");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    for (name, game, len) in [
        ("0.16 G(0..2^22)", rules("0.16"), 1u64 << 22),
        ("0.6 G(0..2^18)", rules("0.6"), 1 << 18),
        (
            "Grundy's game G(0..2^18)",
            grundy::impartial::games::octal::OctalCode::parse("4!.0", "grundys-game")
                .expect("Grundy's game is 4!.0")
                .rules(),
            1 << 18,
        ),
    ] {
        for threads in [1, 2] {
            group.bench_function(format!("{name}, {threads} thread(s)"), |b| {
                b.iter(|| {
                    let solver = RareValueSolver::new(&game, Default::default())
                        .with_threads(threads)
                        .unwrap();
                    black_box(solve(Box::new(solver), len))
                })
            });
        }
    }
    group.finish();
}

fn three_way_splits(c: &mut Criterion) {
    let game = rules("0.8");
    let mut group = c.benchmark_group("0.8 (three-way) G(0..2^11)");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    group.bench_function("naive triples", |b| {
        b.iter(|| {
            black_box(solve(
                Box::new(NaiveSolver::new(&game, Vec::new())),
                1 << 11,
            ))
        })
    });
    group.bench_function("pair-XOR bitsets", |b| {
        b.iter(|| {
            black_box(solve(
                Box::new(ThreeWaySolver::new(&game, Vec::new())),
                1 << 11,
            ))
        })
    });
    group.finish();
}

fn periodic_extension(c: &mut Criterion) {
    let mut group = c.benchmark_group("certified period + O(N) extension");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100));
    for (name, code, to) in [
        ("Kayles G(0..2^20)", "0.77", (1u64 << 20) - 1),
        ("0.07 G(0..2^18)", "0.07", (1 << 18) - 1),
        ("0.16 G(0..2^22)", "0.16", (1 << 22) - 1),
    ] {
        let game = rules(code);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut checksum = 0u64;
                Run::new(&game, code)
                    .for_each_value(to, &mut |_, v| {
                        checksum = checksum.wrapping_mul(31).wrapping_add(v.0);
                        Ok(())
                    })
                    .unwrap();
                black_box(checksum)
            })
        });
    }
    group.finish();
}

/// The machine's floor for step 1 of the rare-value solver, whose bulk is one-byte stores at
/// random offsets of 32 rows of 512 bytes (ARCHITECTURE.md, "Where 1 M values/s stands"):
/// the same stores at adjacent offsets, at random ones, and as bits set by read-modify-write.
/// On this project's 2-core Zen 3 VM random stores cost about twice adjacent ones, and bits
/// no less than bytes, so fewer stores, not another way to write them, is what would help.
fn store_floor(c: &mut Criterion) {
    const ROWS: usize = 32 * 512;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let random_offsets: Vec<u32> = (0..4096).map(|_| (random() % ROWS as u64) as u32).collect();
    let adjacent_offsets: Vec<u32> = (0..4096u32).map(|i| i % ROWS as u32).collect();
    let mut rows = vec![0u8; ROWS];
    let mut group = c.benchmark_group("store floor: 4096 one-byte stores into 16 KiB");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(100))
        .throughput(criterion::Throughput::Elements(4096));
    for (name, offsets) in [
        ("adjacent bytes", &adjacent_offsets),
        ("random bytes", &random_offsets),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let rows: &mut [u8; ROWS] = (&mut rows[..]).try_into().unwrap();
                for &at in black_box(offsets.as_slice()) {
                    rows[at as usize % ROWS] = 1;
                }
                black_box(&rows);
            })
        });
    }
    group.bench_function("random bits (read-modify-write)", |b| {
        b.iter(|| {
            let bits: &mut [u8; ROWS / 8] = (&mut rows[..ROWS / 8]).try_into().unwrap();
            for &at in black_box(random_offsets.as_slice()) {
                bits[(at as usize / 8) % (ROWS / 8)] |= 1 << (at % 8);
            }
            black_box(&bits);
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    store_floor,
    periodic_extension,
    rare_value_solver,
    naive_vs_rare_value,
    three_way_splits
);
criterion_main!(benches);
