#!/usr/bin/env bash
# Runs the fuzz targets one after another, each for SECONDS (default 600) on one core at low
# priority; libFuzzer's log goes to logs/TARGET.log, crashes to artifacts/TARGET/.
# Usage: fuzz/run-all.sh [SECONDS] [TARGET...]   (all targets when none is named)
# Exits 1 if any target found a crash; exits 0 with a note when nightly or cargo-fuzz is
# missing, so that CI (`.ci/run`) never needs them.
set -uo pipefail
cd "$(dirname "$0")"
if ! cargo +nightly --version >/dev/null 2>&1 || ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz: skipped (needs a nightly toolchain and cargo-fuzz: cargo install cargo-fuzz)"
    exit 0
fi
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(spec position batch graph_file nim_mul checkpoint)
declare -A max_len=([spec]=256 [position]=256 [batch]=1024 [graph_file]=2048 [nim_mul]=1024 [checkpoint]=4096)
mkdir -p logs
failed=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    nice -n 10 cargo +nightly fuzz run "$t" "corpus/$t" "seeds/$t" -- \
        -jobs=1 -workers=1 -max_total_time="$seconds" -max_len="${max_len[$t]}" \
        -timeout=300 -rss_limit_mb=1024 -print_final_stats=1 > "logs/$t.out" 2>&1
    status=$?
    cp fuzz-0.log "logs/$t.log" 2>/dev/null
    runs=$(grep -o 'number_of_executed_units: *[0-9]*' "logs/$t.log" 2>/dev/null | grep -o '[0-9]*$')
    echo "fuzz $t: ${runs:-?} runs in ${seconds} s, exit $status" | tee -a logs/summary
    [ "$status" -eq 0 ] || failed=1
done
exit $failed
