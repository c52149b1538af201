//! Games on graphs at the sizes issue #6 asks for: 10^5-edge Hackenbush pictures, a
//! 1000 × 1000 geography board, 10^5-move loopy graphs. Each group carries a baseline measured
//! in the same run — one breadth-first pass over the same graph, a lower bound for any
//! linear-time method — so the figures can be quoted as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::graph::matching::{Graph, Matcher};
use grundy::impartial::games::geography::solve_from;
use grundy::impartial::games::geography_grid::GeographyGrid;
use grundy::impartial::games::hackenbush;
use grundy::theory::loopy;
use std::collections::VecDeque;
use std::time::Duration;

/// A small deterministic generator (xorshift64*), so every run measures the same graphs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32 % n
    }
}

/// A random tree on `n` vertices (each vertex hangs from an earlier one).
fn random_tree(n: u32, rng: &mut Rng) -> Vec<(u32, u32)> {
    (1..n).map(|v| (rng.below(v), v)).collect()
}

/// A random connected multigraph with `m` edges on `n` vertices: a tree plus random chords.
fn random_graph(n: u32, m: usize, rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut edges = random_tree(n, rng);
    while edges.len() < m {
        edges.push((rng.below(n), rng.below(n)));
    }
    edges
}

/// The baseline: one breadth-first pass from vertex 0 over undirected `edges`.
fn bfs_reach(n: usize, edges: &[(u32, u32)]) -> usize {
    let mut adjacency = vec![Vec::new(); n];
    for &(u, v) in edges {
        adjacency[u as usize].push(v);
        adjacency[v as usize].push(u);
    }
    let mut seen = vec![false; n];
    let mut queue = VecDeque::from([0u32]);
    seen[0] = true;
    let mut count = 0;
    while let Some(v) = queue.pop_front() {
        count += 1;
        for &w in &adjacency[v as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                queue.push_back(w);
            }
        }
    }
    count
}

fn hackenbush_pictures(c: &mut Criterion) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let edges = 100_000;
    let tree = random_tree(edges as u32 + 1, &mut rng);
    let graph = random_graph(50_000, edges, &mut rng);
    let cycle: Vec<(u32, u32)> = (0..edges as u32)
        .map(|i| (i, (i + 1) % edges as u32))
        .collect();
    let mut group = c.benchmark_group("hackenbush 10^5 edges");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    group.bench_function("baseline: one BFS over the random graph", |b| {
        b.iter(|| black_box(bfs_reach(50_000, &graph)))
    });
    group.bench_function("value: random graph (cycles, multi-edges, loops)", |b| {
        b.iter(|| black_box(hackenbush::value(50_000, &graph, 0)))
    });
    group.bench_function("value: random tree", |b| {
        b.iter(|| black_box(hackenbush::value(edges + 1, &tree, 0)))
    });
    group.bench_function("value: one 10^5-cycle", |b| {
        b.iter(|| black_box(hackenbush::value(edges, &cycle, 0)))
    });
    group.bench_function("winning cuts: random tree", |b| {
        b.iter(|| black_box(hackenbush::cuts_to_value(edges + 1, &tree, 0, 0).unwrap()))
    });
    let ring: Vec<(u32, u32)> = (0..10_000).map(|i| (i, (i + 1) % 10_000)).collect();
    group.bench_function("winning cuts: one 10^4-cycle (quadratic fold)", |b| {
        b.iter(|| black_box(hackenbush::cuts_to_value(10_000, &ring, 0, 1).unwrap()))
    });
    group.finish();
}

fn geography_board(c: &mut Criterion) {
    let grid = GeographyGrid::new(1000, 1000);
    let mut group = c.benchmark_group("geography 1000×1000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("baseline: build the grid graph", |b| {
        b.iter(|| black_box(grid.graph().unwrap().vertex_count()))
    });
    group.bench_function("solve from the corner", |b| {
        b.iter(|| black_box(grid.solve_cell(0).unwrap()))
    });
    group.bench_function("solve from the centre", |b| {
        b.iter(|| black_box(grid.solve_cell(500 * 1000 + 500).unwrap()))
    });
    group.finish();

    let mut rng = Rng(0x51_7cc1_b727_220a);
    let edges = random_graph(50_000, 100_000, &mut rng);
    let graph = Graph::new(50_000, &edges).unwrap();
    let mut group = c.benchmark_group("geography random graph 10^5 edges");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("baseline: one BFS", |b| {
        b.iter(|| black_box(bfs_reach(50_000, &edges)))
    });
    group.bench_function("maximum matching + solve", |b| {
        b.iter(|| {
            let mut matcher = Matcher::maximum(&graph).unwrap();
            black_box(solve_from(&mut matcher, 0))
        })
    });
    group.finish();
}

fn loopy_values(c: &mut Criterion) {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let n = 50_000;
    let moves: Vec<(u32, u32)> = (0..100_000).map(|_| (rng.below(n), rng.below(n))).collect();
    let mut group = c.benchmark_group("loopy graph 10^5 moves");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    group.bench_function("baseline: one BFS", |b| {
        b.iter(|| black_box(bfs_reach(n as usize, &moves)))
    });
    group.bench_function("generalised Sprague-Grundy values", |b| {
        b.iter(|| black_box(loopy::generalized_values(n as usize, &moves).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, hackenbush_pictures, geography_board, loopy_values);
criterion_main!(benches);
