#!/bin/sh
# --diff and --check over every golden case: the printed diff, applied with
# patch(1) to input.py, gives exactly expected.py; --check exits 1 exactly
# when the case changes something, and neither writes a file.
# usage: diff_golden.sh TRANSPLT_BIN REPO_ROOT
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0
for input in $(find "$root/tests/cases" -name input.py | sort); do
	dir=$(dirname "$input")
	[ -f "$dir/expected.py" ] || continue
	[ -f "$dir/expected-exit" ] && [ "$(cat "$dir/expected-exit")" != 0 ] && continue
	args=""
	[ -f "$dir/args" ] && args=$(cat "$dir/args")
	[ -f "$dir/rules.json" ] && args="$args -r rules.json"
	n=$((n + 1))
	rm -rf "$tmp/w" && mkdir "$tmp/w" && cp "$input" "$tmp/w/input.py"
	(cd "$dir" && eval "\"$bin\" --diff -i \"$tmp/w/input.py\" $args") >"$tmp/diff" 2>/dev/null
	dexit=$?
	(cd "$dir" && eval "\"$bin\" --check -i \"$tmp/w/input.py\" $args") >/dev/null 2>&1
	cexit=$?
	if cmp -s "$input" "$dir/expected.py"; then want=0; else want=1; fi
	if [ "$dexit" != "$want" ] || [ "$cexit" != "$want" ]; then
		echo "FAIL $dir: --diff exit $dexit, --check exit $cexit, expected $want"
		fails=$((fails + 1))
		continue
	fi
	if [ "$want" = 1 ]; then
		(cd "$tmp/w" && patch -s -p1 <"$tmp/diff") >/dev/null 2>&1
		if ! cmp -s "$tmp/w/input.py" "$dir/expected.py"; then
			echo "FAIL $dir: the diff does not turn input.py into expected.py"
			fails=$((fails + 1))
			continue
		fi
	fi
	[ "$(ls -A "$tmp/w")" = "input.py" ] || { echo "FAIL $dir: a preview wrote files"; fails=$((fails + 1)); }
done
echo "$n cases, $fails failures"
[ "$fails" = 0 ]
