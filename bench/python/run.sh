#!/usr/bin/env bash
# The issue's two speed figures for the Python package, from the repository root after
# `cargo build --release` and `pip install ./crates/grundy-py` into target/py-venv:
#  1. `grundy.table("officers", 2**20)` against `grundy table officers --to 2^20` (whole
#     processes, interleaved, CPU time user+sys, median of RUNS);
#  2. G(0..10^5) of a subtraction game defined in Python (CPU time of the call).
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-5}
PY=${PY:-target/py-venv/bin/python}
CLI=${CLI:-target/release/grundy}
cpu() { # prints user+sys seconds of the command
  local out; out=$(mktemp)
  /usr/bin/time -o "$out" -f "%U %S" "$@" >/dev/null
  awk '{print $1 + $2}' "$out"; rm -f "$out"
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
py_times=(); cli_times=()
for _ in $(seq "$RUNS"); do
  cli_times+=("$(cpu "$CLI" table officers --to 2^20)")
  py_times+=("$(cpu "$PY" -c 'import grundy; grundy.table("officers", 2**20)')")
done
echo "officers to 2^20, CPU seconds (median of $RUNS):"
echo "  CLI    grundy table officers --to 2^20 > /dev/null: $(printf '%s\n' "${cli_times[@]}" | median)  (${cli_times[*]})"
echo "  Python grundy.table(\"officers\", 2**20):           $(printf '%s\n' "${py_times[@]}" | median)  (${py_times[*]})"
"$PY" - <<'PY'
import time, grundy
g = grundy.HeapGame(options=lambda n: [(n - s,) for s in (1, 3, 4) if s <= n])
start = time.process_time()
g.table(10**5)
print(f"user-defined subtraction game, G(0..10^5): {time.process_time() - start:.3f} s CPU")
PY
