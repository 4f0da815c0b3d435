#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz, clang-14 with ASan + UBSan, build/fuzz) and runs
# each one: first over its checked-in regressions (tests/fuzz/regressions/<harness>/), then
# fuzzing from its seed corpus with the ONNX dictionary, bounded by time or by count.
#   npm run fuzz -- --seconds N        every harness N seconds (default 60)
#   bash scripts/fuzz.sh --runs N      every harness N executions (what scripts/test.sh runs)
#   ... --keep-going                   fork mode: a crash is saved and fuzzing goes on (long runs)
#   ... --only node|model|tensor       one harness
# Prints executions and crashes per harness and in total; exits 1 when anything crashed.
# New corpus entries go to build/fuzz/work/<harness>, crashes to build/fuzz/artifacts/<harness>
# (ORW_FUZZ_BUILD=dir: another build dir, e.g. for a long run beside a working build).
set -euo pipefail
cd "$(dirname "$0")/.."

bound=(-max_total_time=60)
keep_going=0
harnesses=(node model tensor)
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) bound=(-max_total_time="$2"); shift 2 ;;
    --runs) bound=(-runs="$2"); shift 2 ;;
    --keep-going) keep_going=1; shift ;;
    --only) harnesses=("$2"); shift 2 ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N | --runs N] [--keep-going] [--only node|model|tensor]" >&2; exit 2 ;;
  esac
done

cxx=${ORW_FUZZ_CXX:-clang++-14}
bdir=${ORW_FUZZ_BUILD:-build/fuzz}
if [ ! -f "$bdir/CMakeCache.txt" ]; then
  cmake -S . -B "$bdir" -DORW_FUZZ=ON -DORW_BUILD_TESTS=OFF -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$bdir" -j"${ORW_JOBS:-$(nproc)}" --target fuzz_node fuzz_model fuzz_tensor >/dev/null

total_execs=0
failed=0
for h in "${harnesses[@]}"; do
  bin=$bdir/tests/fuzz/fuzz_$h
  work=$bdir/work/$h
  artifacts=$bdir/artifacts/$h
  log=$bdir/logs/$h.log
  mkdir -p "$work" "$artifacts" "$bdir/logs"
  common=(-dict=tests/fuzz/onnx.dict -timeout=10 -malloc_limit_mb=512 -rss_limit_mb=2048 -artifact_prefix="$artifacts/")

  regressions=(tests/fuzz/regressions/"$h"/*)
  if [ -e "${regressions[0]}" ] && ! "$bin" "${common[@]}" "${regressions[@]}" >"$log.regressions" 2>&1; then
    echo "fuzz_$h: a regression input fails again (see $log.regressions)"
    failed=1
    continue
  fi

  before=$(find "$artifacts" -type f | wc -l)
  mode=()
  [ $keep_going = 1 ] && mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  status=0
  "$bin" "${common[@]}" "${mode[@]}" "${bound[@]}" -print_final_stats=1 "$work" "tests/fuzz/corpus/$h" >"$log" 2>&1 || status=$?
  if [ $keep_going = 1 ]; then
    # Fork mode prints "#<executions>: cov: ..." lines; the last one is the total.
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  else
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  fi
  execs=${execs:-0}
  crashes=$(( $(find "$artifacts" -type f | wc -l) - before ))
  total_execs=$((total_execs + execs))
  echo "fuzz_$h: $execs executions, $crashes crashes (log: $log)"
  if [ "$status" != 0 ] || [ "$crashes" != 0 ]; then
    failed=1
    grep -a -m1 -E 'ERROR|bad error message|runtime error' "$log" || true
  fi
done
echo "total: $total_execs executions"
exit $failed
