#!/bin/sh
# Runs one golden case folder (tests/cases/<area>/<name>/): converts input.py
# with the case's args and rules, compares the output bytes with expected.py,
# the exit code with expected-exit (0 when absent), stderr with
# expected-stderr.txt, change_list.csv with expected.csv and any other report
# NAME.csv with expected.NAME.csv when present, then
# converts expected.py and requires no change at all (idempotence), unless
# the case holds a file named not-idempotent giving the reason.
# usage: golden.sh TRANSPLT_BIN CASE_DIR
set -u
bin=$1
case_dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $case_dir: $*"; exit 1; }

args=""
[ -f "$case_dir/args" ] && args=$(cat "$case_dir/args")
[ -f "$case_dir/rules.json" ] && args="$args -r rules.json"
want_exit=0
[ -f "$case_dir/expected-exit" ] && want_exit=$(cat "$case_dir/expected-exit")

mkdir "$tmp/out" "$tmp/again"
# Run from the case folder so args and rules name files relative to it.
(cd "$case_dir" && eval "\"$bin\" -q -i input.py -o \"$tmp/out\" $args") >"$tmp/stdout" 2>"$tmp/stderr"
got_exit=$?
[ "$got_exit" = "$want_exit" ] || { cat "$tmp/stderr"; fail "exit $got_exit, expected $want_exit"; }
if [ -f "$case_dir/expected-stderr.txt" ]; then
	sed "s|$tmp|TMP|g" "$tmp/stderr" >"$tmp/stderr.norm"
	diff -u "$case_dir/expected-stderr.txt" "$tmp/stderr.norm" || fail "stderr differs"
fi
if [ "$want_exit" != 0 ]; then
	# A failed run writes nothing at all.
	[ -z "$(ls -A "$tmp/out")" ] || fail "output written although the run failed"
	echo "ok $case_dir"
	exit 0
fi
# Distributed mode writes <name>_msft_multi.
name=input_msft
case " $args " in *" distributed "*) name=input_msft_multi ;; esac
out="$tmp/out/$name/input.py"
cmp "$case_dir/expected.py" "$out" >/dev/null || { diff -u "$case_dir/expected.py" "$out"; fail "output differs from expected.py"; }
if [ -f "$case_dir/expected.csv" ]; then
	diff -u "$case_dir/expected.csv" "$tmp/out/$name/transplant_result_file/change_list.csv" || fail "change_list.csv differs"
fi
# expected.NAME.csv pins transplant_result_file/NAME.csv (the per-kind reports).
for want in "$case_dir"/expected.*.csv; do
	[ -f "$want" ] || continue
	report=${want##*/expected.}
	diff -u "$want" "$tmp/out/$name/transplant_result_file/$report" || fail "$report differs"
done
# Idempotence: converting the expected output changes nothing. A user rule
# that deletes a positional argument cannot be idempotent (the next argument
# moves into its place); such a case says so in a file named not-idempotent.
if [ -f "$case_dir/not-idempotent" ]; then
	echo "ok $case_dir (not idempotent: $(cat "$case_dir/not-idempotent"))"
	exit 0
fi
cp "$case_dir/expected.py" "$tmp/input.py"
(cd "$case_dir" && eval "\"$bin\" -q -i \"$tmp/input.py\" -o \"$tmp/again\" $args") >/dev/null 2>&1 || fail "second conversion failed"
cmp "$tmp/input.py" "$tmp/again/$name/input.py" >/dev/null || { diff -u "$tmp/input.py" "$tmp/again/$name/input.py"; fail "second conversion changed the output"; }
if grep -q -E ',(INSERT|MODIFY|DELETE),' "$tmp/again/$name/transplant_result_file/change_list.csv"; then
	fail "second conversion reported changes"
fi
echo "ok $case_dir"
