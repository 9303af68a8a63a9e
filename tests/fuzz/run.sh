#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan, the core library
# instrumented for coverage) in build-fuzz/, replays the regression inputs in
# tests/hostile/fuzz/, then runs each harness for SECONDS from a seed corpus:
# every golden input.py (fuzz_convert) and every rule file of the repository
# (fuzz_rules). A crash, a sanitizer report, a leak or a broken invariant
# fails with the input saved under build-fuzz/artifacts/; add it to
# tests/hostile/fuzz/<harness>/ as a regression case once it is fixed.
# usage: tests/fuzz/run.sh [SECONDS]   (default 60; env BUILD overrides the folder)
# FUZZ_NEW_FINDS_FAIL=0: a new find during the timed run is printed with its
# artifact but does not fail the script; the regression replays always do.
set -euo pipefail
seconds=${1:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build-fuzz}
cd "$root"

CC=${CC:-clang} cmake -S . -B "$build" -DTRANSPLT_SANITIZE=ON -DTRANSPLT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" >/dev/null
cmake --build "$build" -j2 --target fuzz_rules fuzz_convert

corpus=$build/corpus
rm -rf "$corpus" "$build/artifacts"
mkdir -p "$corpus/fuzz_convert" "$corpus/fuzz_rules" "$build/artifacts"
n=0
for f in tests/cases/*/*/input.py fixtures/*/*.py; do
	n=$((n + 1))
	cp "$f" "$corpus/fuzz_convert/seed$n.py"
done
for f in tests/cases/*/*/rules.json rules/*.json; do
	n=$((n + 1))
	cp "$f" "$corpus/fuzz_rules/seed$n.json"
done

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for h in fuzz_convert fuzz_rules; do
	regress=tests/hostile/fuzz/$h
	if [ -d "$regress" ] && [ -n "$(ls -A "$regress")" ]; then
		echo "== $h: regression inputs in $regress"
		"$build/tests/$h" -runs=0 "$regress"/* >"$build/$h.regress.log" 2>&1 ||
			{ tail -40 "$build/$h.regress.log"; status=1; }
	fi
	echo "== $h: fuzzing for $seconds s"
	dict=tests/fuzz/$h.dict
	"$build/tests/$h" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
		-print_final_stats=1 -artifact_prefix="$build/artifacts/$h-" \
		$( [ -f "$dict" ] && echo "-dict=$dict" ) "$corpus/$h" >"$build/$h.log" 2>&1 ||
		{ tail -60 "$build/$h.log"; echo "FAIL $h: see $build/artifacts/"; [ "${FUZZ_NEW_FINDS_FAIL:-1}" = 0 ] || status=1; }
	grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|new_units_added)' "$build/$h.log" || true
done
exit $status
