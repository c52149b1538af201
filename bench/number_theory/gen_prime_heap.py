#!/usr/bin/env python3
"""Input for `grundy batch prime-heap:K`: LINES positions of HEAPS heaps, each 2 < n < 2^32
(the POJ problem's bounds). Usage: gen_prime_heap.py [LINES] [HEAPS] [SEED]

Heaps are drawn uniformly, so about half of the positions have a heap within K of a prime;
with --hard, heaps are placed deep inside prime gaps (no heap can reach a prime), which forces
every heap to be evaluated (no early exit)."""
import random
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
lines = int(args[0]) if len(args) > 0 else 300
heaps = int(args[1]) if len(args) > 1 else 200
rng = random.Random(int(args[2]) if len(args) > 2 else 1)
hard = "--hard" in sys.argv
K = 7


def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 7, 61):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def deep_in_a_gap():
    """A heap n with no prime in [n - K, n] (so n is not prime and cannot reach one)."""
    while True:
        n = rng.randint(3, 2**32 - 1)
        if not any(is_prime(m) for m in range(n - K, n + 1)):
            return n


out = []
for _ in range(lines):
    if hard:
        out.append(" ".join(str(deep_in_a_gap()) for _ in range(heaps)))
    else:
        out.append(" ".join(str(rng.randint(3, 2**32 - 1)) for _ in range(heaps)))
sys.stdout.write("\n".join(out) + "\n")
