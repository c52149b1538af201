//! Period finding: the Z-function search against the per-candidate backward scan (the
//! baseline, the public `find_certified_by_scan`), the value of a huge heap through a
//! certified period, and the census kernel against the generic search. Each group measures
//! its baseline in the same run so the figures can be quoted as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::impartial::games::subtraction::Subtraction;
use grundy::impartial::heap::HeapFamily;
use grundy::impartial::table::heap_table;
use grundy::registry::parse_spec;
use grundy::theory::period::census::{subtraction_period, Selection};
use grundy::theory::period::PeriodRule;
use grundy::theory::period::{find_certified, find_certified_by_scan, search, Budget};
use std::time::Duration;

fn finders(c: &mut Criterion) {
    let mut group = c.benchmark_group("find certified period");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    // A long preperiod: {2,3,5,6,9,10,12,15} is periodic (363, 122).
    let game = Subtraction::parse("2,3,5,6,9,10,12,15", "bench").unwrap();
    let long_preperiod = heap_table(&game, 1 << 16).unwrap();
    // Adversarial for the scan: rare ones make every wrong p match for a long way back.
    let sparse: Vec<u64> = (0..1u64 << 18).map(|n| u64::from(n % 4096 == 0)).collect();
    for (name, table, max_removal) in [
        ("subtraction (363,122), 2^16 values", long_preperiod, 15),
        ("sparse period 4096, 2^18 values", sparse, 8192),
    ] {
        let rule = PeriodRule::FiniteSubtraction { max_removal };
        assert_eq!(
            find_certified(&table, rule),
            find_certified_by_scan(&table, rule)
        );
        group.bench_function(format!("{name}: Z-function"), |b| {
            b.iter(|| black_box(find_certified(black_box(&table), rule)))
        });
        group.bench_function(format!("{name}: backward scan"), |b| {
            b.iter(|| black_box(find_certified_by_scan(black_box(&table), rule)))
        });
    }
    group.finish();
}

fn huge_heap(c: &mut Criterion) {
    let mut group = c.benchmark_group("G(2^64-1) of subtraction:2,5,7");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    group.bench_function("cold: parse, search, certify, extend", |b| {
        b.iter(|| {
            let family = parse_spec("subtraction:2,5,7").unwrap();
            black_box(family.value("18446744073709551615").unwrap())
        })
    });
    let family = parse_spec("subtraction:2,5,7").unwrap();
    family.value("1").unwrap();
    group.bench_function("warm: extend the cached period", |b| {
        b.iter(|| black_box(family.value(black_box("18446744073709551615")).unwrap()))
    });
    group.finish();
}

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("census of all 4095 sets ⊆ {1..12}");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    let masks: Vec<u64> = Selection::new(12, None, (0, 1)).unwrap().masks().collect();
    group.bench_function("bit-parallel kernel", |b| {
        b.iter(|| {
            masks
                .iter()
                .map(|&m| subtraction_period(m, 1 << 16).period.unwrap())
                .sum::<u64>()
        })
    });
    group.bench_function("generic search through the family", |b| {
        b.iter(|| {
            masks
                .iter()
                .map(|&m| {
                    let set: Vec<String> = grundy::theory::period::census::set_of(m)
                        .iter()
                        .map(u64::to_string)
                        .collect();
                    let spec = set.join(",");
                    let family = HeapFamily::new(Subtraction::parse(&spec, &spec).unwrap());
                    let budget = Budget {
                        start: 63,
                        max: 1 << 16,
                        time: None,
                    };
                    search(&family, budget).unwrap().certified.unwrap().period
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, finders, huge_heap, census);
criterion_main!(benches);
