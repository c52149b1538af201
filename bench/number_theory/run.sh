#!/usr/bin/env bash
# Whole-process comparison of `grundy batch` against textbook C++ (g++ -O2) on the same
# inputs, with hyperfine (it subtracts the time of the shell that does the redirection). Outputs are compared first (a speed figure for a wrong answer is
# worthless). Usage: bench/number_theory/run.sh   (from anywhere; builds grundy in release)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install -y hyperfine)"; exit 1; }
(cd "$root" && cargo build --release -q)
grundy="$root/target/release/grundy"
g++ -O2 -o "$work/gcd_textbook" "$here/gcd_textbook.cpp"
g++ -O2 -o "$work/prime_heap_textbook" "$here/prime_heap_textbook.cpp"

# gcd: 3·10^5 heaps ≤ 10^7 (10^4 lines of 30), uniform; and all heaps prime (every heap needs
# a prime count).
python3 "$here/gen_gcd.py" 10000 30 10000000 1 > "$work/gcd_uniform.txt"
python3 "$here/gen_gcd.py" 10000 30 10000000 2 --primes > "$work/gcd_primes.txt"
# prime-heap:7: 300 positions × 200 heaps < 2^32, uniform (early exits happen) and "hard"
# (no heap within 7 of a prime: every heap walks its whole prime gap).
python3 "$here/gen_prime_heap.py" 300 200 1 > "$work/ph_uniform.txt"
python3 "$here/gen_prime_heap.py" 300 200 2 --hard > "$work/ph_hard.txt"

# compare NAME REFERENCE GRUNDY INPUT: same output first, then hyperfine on both.
compare() {
    if ! cmp -s <($2 < "$work/$4.txt") <($3 < "$work/$4.txt"); then
        echo "MISMATCH on $4"; exit 1
    fi
    hyperfine --warmup 3 --runs 20 \
        -n "$1 ($4)" "$2 < $work/$4.txt" \
        -n "grundy ($4)" "$3 < $work/$4.txt" \
        --export-markdown "$work/$4.md"
}
for input in gcd_uniform gcd_primes; do
    compare "C++ linear sieve" "$work/gcd_textbook" "$grundy batch gcd" "$input"
done
for input in ph_uniform ph_hard; do
    compare "C++ Miller-Rabin" "$work/prime_heap_textbook 7" "$grundy batch prime-heap:7" "$input"
done
cat "$work"/*.md
