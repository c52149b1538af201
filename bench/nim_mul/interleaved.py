#!/usr/bin/env python3
"""Times two commands alternately (A, B, A, B, ...) on the same stdin file (stdout to a file
beside it), so that load
changes on a shared machine hit both alike. Prints median wall and CPU (user+sys) times and
their ratios. Usage: interleaved.py RUNS INPUT NAME_A CMD_A NAME_B CMD_B (commands as one
string each, split on spaces)."""
import os
import resource
import statistics
import subprocess
import sys
import time

runs, input_path = int(sys.argv[1]), sys.argv[2]
commands = [(sys.argv[3], sys.argv[4].split()), (sys.argv[5], sys.argv[6].split())]
wall = {name: [] for name, _ in commands}
cpu = {name: [] for name, _ in commands}
for _ in range(runs):
    for name, argv in commands:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        output = os.path.join(os.path.dirname(input_path), f"{name.replace(' ', '_')}.interleaved.out")
        with open(input_path, "rb") as stdin, open(output, "wb") as stdout:
            subprocess.run(argv, stdin=stdin, stdout=stdout, check=True)
        wall[name].append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
(a, _), (b, _) = commands
for label, data in (("wall", wall), ("CPU (user+sys)", cpu)):
    ma, mb = statistics.median(data[a]), statistics.median(data[b])
    print(f"interleaved median {label} over {runs} runs each: {a} {ma*1000:.1f} ms, {b} {mb*1000:.1f} ms; "
          f"{b} takes {mb/ma:.2f}x the time of {a} ({(1-mb/ma)*100:.0f}% faster)")
