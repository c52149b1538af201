#!/usr/bin/env bash
# Runs fuzz targets one after another, each for SECONDS (default 600) on one core at low
# priority, keeping libFuzzer's log in logs/TARGET.log. Usage: fuzz/run-all.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(spec position batch graph_file nim_mul checkpoint)
declare -A max_len=([spec]=256 [position]=256 [batch]=1024 [graph_file]=2048 [nim_mul]=1024 [checkpoint]=4096)
mkdir -p logs
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    nice -n 10 cargo +nightly fuzz run "$t" "corpus/$t" "seeds/$t" -- \
        -jobs=1 -workers=1 -max_total_time="$seconds" -max_len="${max_len[$t]}" \
        -timeout=300 -rss_limit_mb=1024 -print_final_stats=1 > "logs/$t.out" 2>&1
    echo "$t: exit $?" >> logs/summary
    cp fuzz-0.log "logs/$t.log"
done
