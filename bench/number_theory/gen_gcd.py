#!/usr/bin/env python3
"""Input for `grundy batch gcd`: LINES lines of HEAPS heaps each, heaps uniform in 1..MAX
(half of the lines are pairs of equal heaps, so both outcomes occur).

Usage: gen_gcd.py [LINES] [HEAPS] [MAX] [SEED] [--primes]
--primes draws only primes near MAX (the adversarial case for trial division; every heap
needs a prime count)."""
import random
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
lines = int(args[0]) if len(args) > 0 else 10_000
heaps = int(args[1]) if len(args) > 1 else 30
top = int(args[2]) if len(args) > 2 else 10_000_000
rng = random.Random(int(args[3]) if len(args) > 3 else 1)


def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


pool = None
if "--primes" in sys.argv:
    pool = [n for n in range(top - 200_000, top + 1) if n % 2 == 1 and is_prime(n)]
def heap():
    return rng.choice(pool) if pool else rng.randint(1, top)


out = []
for _ in range(lines):
    # Half of the lines are pairs of equal heaps (a second-player win), so that both
    # answers occur; the other half are independent heaps.
    if rng.random() < 0.5:
        half = [heap() for _ in range(heaps // 2)]
        row = half + half
        rng.shuffle(row)
    else:
        row = [heap() for _ in range(heaps)]
    out.append(" ".join(map(str, row)))
sys.stdout.write("\n".join(out) + "\n")
