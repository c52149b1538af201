#!/usr/bin/env bash
# Whole-process benchmark: `grundy nim-mul` against the C++ baseline (ref.cpp) on the same
# 10^6 random pairs, with fast I/O on both sides. Prints hyperfine's statistics and the ratio
# of medians, and (always, also without hyperfine) medians of interleaved runs. Needs g++ and
# python3; hyperfine is optional (`apt-get install -y hyperfine`).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
work="${TMPDIR:-/tmp}/grundy-nim-mul-bench"
runs="${RUNS:-20}"
mkdir -p "$work"

g++ -O2 -std=c++17 -o "$work/ref" "$here/ref.cpp"
(cd "$root" && cargo build --release -q -p grundy-cli)
grundy="$root/target/release/grundy"
input="$work/random_1e6.in"
[ -s "$input" ] || python3 "$here/gen.py" 1000000 > "$input"

# Both must agree, and on the published Library Checker cases too.
"$work/ref" < "$input" > "$work/ref.out"
"$grundy" nim-mul < "$input" > "$work/grundy.out"
cmp "$work/ref.out" "$work/grundy.out"
echo "outputs agree on $(head -1 "$input") pairs ($(du -h "$input" | cut -f1) input)"

# Alternating runs: robust when other jobs load the machine (hyperfine runs all of one first).
python3 "$here/interleaved.py" "$runs" "$input" "C++ ref" "$work/ref" "grundy" "$grundy nim-mul"

if command -v hyperfine > /dev/null; then
    hyperfine --warmup 3 --runs "$runs" --export-json "$work/times.json" \
        -n "C++ ref (g++ -O2)" "$work/ref < $input > $work/ref.out" \
        -n "grundy nim-mul" "$grundy nim-mul < $input > $work/grundy.out"
    python3 - "$work/times.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
by_name = {r["command"]: r for r in results}
cpp, rust = by_name["C++ ref (g++ -O2)"], by_name["grundy nim-mul"]
def report(what, c, r):
    print(f"{what}: C++ {c*1000:.1f} ms, grundy {r*1000:.1f} ms; grundy takes {r/c:.2f}x the C++ time ({(1-r/c)*100:.0f}% faster)")
report("median wall time", cpp["median"], rust["median"])
# On a busy machine wall time includes waiting for a core; CPU time (user + system) does not.
report("mean CPU time (user+sys)", cpp["user"] + cpp["system"], rust["user"] + rust["system"])
PY
fi
