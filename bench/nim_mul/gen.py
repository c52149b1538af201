#!/usr/bin/env python3
"""Writes a nim_product_64 input of N uniformly random pairs (default 10^6) to stdout."""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6
rng = random.Random(20261130)
lines = [str(count)]
lines.extend(f"{rng.getrandbits(64)} {rng.getrandbits(64)}" for _ in range(count))
sys.stdout.write("\n".join(lines) + "\n")
