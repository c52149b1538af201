#!/usr/bin/env bash
# Octal-game solvers side by side, in one run so that ratios are fair on a shared machine:
# grundy on 1 and 2 threads, ogsolve rc2 (Rust, `cargo install ogsolve`) and tczajka's C++
# analyser (github.com/tczajka/octal-games, old/src/analyze_exec.cc, built with g++ -O2).
# Rounds are interleaved (A B C D, A B C D, …) so that load changes hit every tool alike;
# the table gives the median wall time, the median CPU time (user + sys) and, per tool, the
# checksum it printed (grundy and ogsolve print the same running-sum checksum). A control
# row runs two one-thread grundy processes at once (CPU per process): how much the machine
# itself slows two busy cores, so that two threads' extra CPU can be told from it. The
# last line gives two threads' speed-up and values a second.
#
# tczajka's analyser has no end point: it prints a line at each power of two and runs to
# 2^28, so it is stopped when it prints the line of the target, its CPU time read then.
#
# Usage: bench/octal-side-by-side.sh [RUNS] [GAME CODE EXPONENT]...
#   env GRUNDY, OGSOLVE, TCZAJKA: the three binaries (defaults: target/release/grundy,
#   ogsolve and analyze on PATH). Example (the table in README):
#   bench/octal-side-by-side.sh 5 officers 0.6 22 grundys-game 4!.0 20
set -euo pipefail
runs=${1:-3}
shift || true
if [ $# -eq 0 ]; then
    set -- officers 0.6 22 grundys-game '4!.0' 20
fi
here=$(cd "$(dirname "$0")/.." && pwd)
export GRUNDY=${GRUNDY:-$here/target/release/grundy}
export OGSOLVE=${OGSOLVE:-$(command -v ogsolve || echo ogsolve)}
export TCZAJKA=${TCZAJKA:-$(command -v analyze || echo analyze)}
exec python3 - "$runs" "$@" <<'EOF'
import os, re, statistics, subprocess, sys, time

runs = int(sys.argv[1])
cases = [sys.argv[i:i + 3] for i in range(2, len(sys.argv), 3)]
grundy, ogsolve, tczajka = os.environ["GRUNDY"], os.environ["OGSOLVE"], os.environ["TCZAJKA"]
TICKS = os.sysconf("SC_CLK_TCK")


def timed(argv, stop=None):
    """Runs argv; returns (wall s, cpu s, stdout). With `stop`, kills it after the first
    output line matching `stop` (CPU time read from /proc just before)."""
    start = time.perf_counter()
    before = os.times()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    out, cpu = [], None
    for line in proc.stdout:
        out.append(line)
        if stop and re.search(stop, line):
            with open(f"/proc/{proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / TICKS
            proc.kill()
            break
    proc.wait()
    wall = time.perf_counter() - start
    after = os.times()
    if cpu is None:
        if proc.returncode != 0:
            sys.exit(f"{argv[0]} failed with exit code {proc.returncode}")
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, "".join(out)


def timed_pair(argv):
    """Runs two copies of argv at once; returns (wall s until both end, CPU s per copy,
    stdout of the first): what the machine gives two independent jobs, to tell its own
    two-core slowdown from the solver's."""
    start = time.perf_counter()
    before = os.times()
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate()[0] for p in procs]
    if any(p.returncode != 0 for p in procs):
        sys.exit(f"{argv[0]} failed")
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu / 2, outs[0]


def checksum(text):
    match = re.search(r"checksum[^\n]*?([0-9A-F]{8})\b", text)
    return match.group(1) if match else "—"


for name, code, exponent in cases:
    n = 1 << int(exponent)
    tools = [
        (f"grundy --threads 1", [grundy, "octal-stats", name, "--to", str(n), "--threads", "1"], None),
        (f"grundy --threads 2", [grundy, "octal-stats", name, "--to", str(n), "--threads", "2"], None),
        ("2 × grundy --threads 1 at once", [grundy, "octal-stats", name, "--to", str(n), "--threads", "1"], "pair"),
        ("ogsolve rc2", [ogsolve, "-m", "rc2", "-n", str(n), code], None),
        ("tczajka analyze", [tczajka, "grundy" if code == "4!.0" else code], rf"^n=2\^{exponent} "),
    ]
    if code == "4!.0":
        tools = [t for t in tools if not t[0].startswith("ogsolve")]  # ogsolve has no `!` codes
    times = {label: [] for label, _, _ in tools}
    sums = {}
    for _ in range(runs):
        for label, argv, stop in tools:
            wall, cpu, text = timed_pair(argv) if stop == "pair" else timed(argv, stop)
            times[label].append((wall, cpu))
            sums[label] = checksum(text)
    print(f"\n{name} ({code}) to 2^{exponent}, medians of {runs}")
    print("| tool | wall s | CPU s | CPU vs grundy 1 thread | checksum |")
    print("|---|---|---|---|---|")
    base = statistics.median(c for _, c in times["grundy --threads 1"])
    for label, _, _ in tools:
        wall = statistics.median(w for w, _ in times[label])
        cpu = statistics.median(c for _, c in times[label])
        print(f"| {label} | {wall:.2f} | {cpu:.2f} | {cpu / base:.2f}× | {sums[label]} |")
    one, two = (statistics.median(w for w, _ in times[f"grundy --threads {t}"]) for t in (1, 2))
    print(f"two threads: {one / two:.2f}× one thread's speed, {(n + 1) / two / 1e6:.2f} M values a second")
    # The same ratios round by round: tools of one round ran within seconds of each other, so
    # a load change between rounds moves both sides of a round's ratio alike.
    def per_round(label, other):
        ratios = [a[0] / b[0] for a, b in zip(times[label], times[other])]
        spread = " ".join(f"{r:.2f}" for r in ratios)
        return f"median {statistics.median(ratios):.2f}× (rounds: {spread})"
    print(f"per round, one thread's wall / two threads': {per_round('grundy --threads 1', 'grundy --threads 2')}")
    for peer in ("ogsolve rc2", "tczajka analyze"):
        if peer in times:
            print(f"per round, grundy one thread's wall / {peer}'s: {per_round('grundy --threads 1', peer)}")
EOF
