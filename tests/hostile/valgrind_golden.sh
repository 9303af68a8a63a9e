#!/usr/bin/env bash
# Memcheck over every golden case: converts each tests/cases/<area>/<name>/
# input.py with its args and rules.json under valgrind, with the arena in
# malloc-per-allocation mode (TRANSPLT_DEBUG_POOL) so every allocation is
# seen. Any invalid access, use of uninitialised memory or definite leak
# fails (valgrind exits 9); the converter's own exit code must be the case's
# expected-exit. Then one multi-threaded run over fixtures/demo.
# usage: valgrind_golden.sh TRANSPLT_BIN [JOBS]
set -u
bin=$(realpath "$1")
jobs=${2:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/../cases
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRANSPLT_DEBUG_POOL=1
vg="valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite"

# one CASE_DIR: writes "ok CASE", or "FAIL CASE ..." and valgrind's report,
# to a result file of its own (runs go in parallel).
one() {
	case_dir=$1
	rel=${case_dir#$cases/}
	out=$tmp/out.${rel//\//.}
	mkdir "$out"
	args=""
	[ -f "$case_dir/args" ] && args=$(cat "$case_dir/args")
	[ -f "$case_dir/rules.json" ] && args="$args -r rules.json"
	want=0
	[ -f "$case_dir/expected-exit" ] && want=$(cat "$case_dir/expected-exit")
	(cd "$case_dir" && eval "$vg \"$bin\" -q -j 2 -i input.py -o \"$out\" $args") >"$out.log" 2>&1
	got=$?
	if [ "$got" = "$want" ]; then
		echo "ok $rel"
	else
		echo "FAIL $rel: exit $got, expected $want (9: valgrind found errors)"
		sed 's/^/  | /' "$out.log" | head -60
	fi >"$out.result"
}
export -f one
export bin tmp cases vg

find "$cases" -name input.py -printf '%h\n' | LC_ALL=C sort |
	xargs -P "$jobs" -I{} bash -c 'one "$1"' _ {}
cat "$tmp"/out.*.result >"$tmp/results"
mkdir "$tmp/demo"
$vg "$bin" -q -j 4 -i "$here/../../fixtures/demo" -o "$tmp/demo" >"$tmp/demo.log" 2>&1 &&
	echo "ok fixtures/demo -j 4" >>"$tmp/results" ||
	{ echo "FAIL fixtures/demo -j 4" && sed 's/^/  | /' "$tmp/demo.log" | head -60; } >>"$tmp/results"
cat "$tmp/results"
n=$(grep -c '^ok' "$tmp/results")
bad=$(grep -c '^FAIL' "$tmp/results")
echo "$n runs clean under valgrind, $bad failed"
[ "$bad" = 0 ] && [ "$n" -gt 1 ]
