# Shared by the hostile-input scripts: checks, snapshots of a tree (content
# hash, type and permission bits of every entry) and leftovers beside a result.
# Sourced; expects $tmp (a scratch folder the caller removes).
fails=0
check() { # check NAME COMMAND...: one "ok"/"FAIL" line per check
	local what=$1
	shift
	if "$@"; then echo "ok $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
# snapshot DIR: one line per entry below DIR: path, type, mode, sha256 (files)
# or link target (symlinks). Equal snapshots mean an untouched tree.
snapshot() {
	(cd "$1" && find . -printf '%p %y %m %l\n' | LC_ALL=C sort &&
		find . -type f -exec sha256sum {} + 2>/dev/null | LC_ALL=C sort)
}
# run_bin ARGS...: runs the converter, stdout in $tmp/o, stderr in $tmp/e, exit in $rc
run_bin() {
	"$bin" "$@" >"$tmp/o" 2>"$tmp/e"
	rc=$?
}
# exit_is CODE: the last run exited with CODE (shows stderr when not)
exit_is() {
	[ "$rc" = "$1" ] || { echo "  exit $rc, expected $1; stderr:"; sed 's/^/  | /' "$tmp/e"; return 1; }
}
# said PATTERN: the last run's stderr (or stdout) matches the extended regex
said() {
	[ -z "$1" ] || grep -q -E -- "$1" "$tmp/e" "$tmp/o" || { echo "  no '$1' in:"; cat "$tmp/e" "$tmp/o" | head -5 | sed 's/^/  | /'; return 1; }
}
# only_in DIR NAMES...: DIR holds exactly these entries (none: empty)
only_in() {
	local d=$1 want got
	shift
	want=$(printf '%s\n' "$@" | LC_ALL=C sort | sed '/^$/d')
	got=$(ls -A "$d" | LC_ALL=C sort)
	[ "$want" = "$got" ] || { echo "  $d holds: $(echo $got)"; return 1; }
}
# row_has CSV PATTERN: the change list of a result names the file and problem
row_has() { grep -q -E -- "$2" "$1" || { echo "  no '$2' in $1"; return 1; }; }
