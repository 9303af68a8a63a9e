#!/usr/bin/env bash
# Benchmark of transplt on the Debian python3-torch + python3-torchvision
# sources: transplt end to end, the bare tree-sitter parse floor, ast-grep with
# one rewrite rule, peak RSS, scaling over ×1/×4/×16 copies of the corpus and
# the cost of 5,000 user rules. Prints a Markdown report on stdout, progress
# on stderr. See bench/README.md.
#
#   bench/run.sh            everything
#   bench/run.sh rules5000  only transplt -j 2 with and without 5,000 user rules
#
# Environment: RUNS (runs per measurement, default 5; the median is reported),
# RUNS_X16 (runs of the ×16 corpus, default min(RUNS, 3): they take most of the time), SITE_PACKAGES (where the
# torch and torchvision packages are, default /usr/lib/python3/dist-packages),
# TMPDIR (where the corpus copies go; about 0.6 GB at the peak).
set -euo pipefail

die() {
	echo "bench/run.sh: $*" >&2
	exit 1
}
say() { echo "[bench $(date +%T)] $*" >&2; }

cd "$(dirname "${BASH_SOURCE[0]}")/.."

MODE=${1:-all}
case $MODE in
all | rules5000) ;;
-h | --help)
	sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
	exit 0
	;;
*) die "unknown mode '$MODE' (expected: all, rules5000)" ;;
esac

RUNS=${RUNS:-5}
RUNS_X16=${RUNS_X16:-$((RUNS < 3 ? RUNS : 3))}
SITE_PACKAGES=${SITE_PACKAGES:-/usr/lib/python3/dist-packages}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, got '$RUNS'"
[[ $RUNS_X16 =~ ^[1-9][0-9]*$ ]] || die "RUNS_X16 must be a positive integer, got '$RUNS_X16'"

# ---------------------------------------------------------------- tools
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is missing: $2"; }
need cc "install gcc (apt-get install gcc libc6-dev)"
need cmake "install cmake"
need tar "install tar"
need awk "install gawk or mawk"
for pkg in torch torchvision; do
	[[ -d $SITE_PACKAGES/$pkg ]] ||
		die "$SITE_PACKAGES/$pkg not found: install python3-torch and python3-torchvision (apt-get install python3-torch python3-torchvision), or set SITE_PACKAGES"
done

# Peak RSS comes from GNU time; without it (and not root to install it), a
# python3 wrapper reads getrusage(RUSAGE_CHILDREN).
TIMER=gnu
if [[ ! -x /usr/bin/time ]]; then
	if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
		say "installing GNU time (apt-get install -y time)"
		apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; } || true
	fi
	if [[ ! -x /usr/bin/time ]]; then
		need python3 "install GNU time (apt-get install time) or python3: either measures peak RSS"
		TIMER=python
	fi
fi

# ---------------------------------------------------------------- builds
if [[ ! -f build/CMakeCache.txt ]]; then
	say "configuring the project (cmake -S . -B build)"
	cmake -S . -B build >&2 || die "cmake configure failed"
fi
say "building transplt (cmake --build build -j2)"
cmake --build build -j2 >&2 || die "the transplt build failed"
TRANSPLT=$PWD/build/transplt
[[ -x $TRANSPLT ]] || die "build/transplt was not built"
BUILD_TYPE=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' build/CMakeCache.txt)
SANITIZED=$(sed -n 's/^TRANSPLT_SANITIZE:[A-Z]*=//p' build/CMakeCache.txt)

# The parse floor, built against the grammar that the project's CMake unpacked
# (the pinned version), with the release flags of the project (-O2 -g), and
# linked with tree-sitter's static archive, as transplt is.
TS_VERSION=$(sed -n 's/^set(TS_PYTHON_VERSION \(.*\))$/\1/p' grammars/tree-sitter-python.cmake)
GRAMMAR=build/grammars/tree-sitter-python-$TS_VERSION/package/src
[[ -f $GRAMMAR/parser.c && -f $GRAMMAR/scanner.c ]] || die "$GRAMMAR/parser.c not found: configure the project first"
FLOOR=build/bench/parse_floor
if [[ ! -x $FLOOR || bench/parse_floor.c -nt $FLOOR || bench/run.sh -nt $FLOOR || $GRAMMAR/parser.c -nt $FLOOR || $GRAMMAR/scanner.c -nt $FLOOR ]]; then
	say "building $FLOOR"
	mkdir -p build/bench
	CFLAGS_FLOOR=(-O2 -g -DNDEBUG)
	if ! { cc "${CFLAGS_FLOOR[@]}" -w -I"$GRAMMAR" -c "$GRAMMAR/parser.c" -o build/bench/parser.o &&
		cc "${CFLAGS_FLOOR[@]}" -w -I"$GRAMMAR" -c "$GRAMMAR/scanner.c" -o build/bench/scanner.o &&
		cc "${CFLAGS_FLOOR[@]}" -Wall -Wextra -o "$FLOOR" bench/parse_floor.c build/bench/parser.o build/bench/scanner.o \
			"$(pkg-config --variable=libdir tree-sitter)/libtree-sitter.a" -lpthread; }; then
		die "building the parse floor failed (it needs libtree-sitter-dev)"
	fi
fi
FLOOR=$PWD/$FLOOR

# ast-grep from npm, cached under build/bench-npm.
AST_GREP=$PWD/build/bench-npm/node_modules/.bin/ast-grep
if [[ $MODE == all && ! -x $AST_GREP ]]; then
	need npm "install npm (apt-get install npm), needed to fetch @ast-grep/cli"
	say "installing @ast-grep/cli into build/bench-npm"
	npm install --prefix build/bench-npm --no-audit --no-fund @ast-grep/cli >&2 || die "npm install @ast-grep/cli failed"
	[[ -x $AST_GREP ]] || die "npm installed @ast-grep/cli but $AST_GREP is missing"
fi

# ---------------------------------------------------------------- corpus
TMP=$(mktemp -d "${TMPDIR:-/tmp}/transplt-bench.XXXXXX")
cleanup() { rm -rf "$TMP"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$TMP/res"

# Every run uses these copies, so a rebuild during the benchmark changes nothing.
cp "$TRANSPLT" "$TMP/transplt"
cp "$FLOOR" "$TMP/parse_floor"
TRANSPLT=$TMP/transplt
FLOOR=$TMP/parse_floor
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git status --porcelain -- src rules CMakeLists.txt grammars cmake 2>/dev/null) ]]; then COMMIT="$COMMIT + uncommitted changes"; fi

say "copying the .py files of torch and torchvision"
mkdir -p "$TMP/x1/corpus"
(cd "$SITE_PACKAGES" && find torch torchvision -type f -name '*.py' -print0 | tar --null -T - -cf -) | tar -C "$TMP/x1/corpus" -xf -
FILES=$(find "$TMP/x1/corpus" -type f -name '*.py' | wc -l)
BYTES=$(find "$TMP/x1/corpus" -type f -name '*.py' -printf '%s\n' | awk '{s += $1} END {printf "%d", s}')
[[ $FILES -gt 0 ]] || die "no .py files found under $SITE_PACKAGES/{torch,torchvision}"

if [[ $MODE == all ]]; then
	for n in 4 16; do
		say "making the ×$n corpus"
		for ((c = 1; c <= n; c++)); do
			mkdir -p "$TMP/x$n/corpus/copy$(printf %02d "$c")"
			cp -R "$TMP/x1/corpus/." "$TMP/x$n/corpus/copy$(printf %02d "$c")/"
		done
	done
fi

# A user rule file of 5,000 rules that the corpus never triggers: the cost is
# the lookups, which should not grow with the number of rules.
RULES5000=$TMP/rules5000.json
awk 'BEGIN {
	print "{\"rules\": {"
	print "  \"FuncNameModifyRule\": ["
	for (i = 1; i <= 2000; i++)
		printf "    {\"old_name\": \"pkg.mod.fn_%04d\", \"new_name\": \"pkg.mod.fn_new_%04d\"}%s\n", i, i, (i < 2000 ? "," : "")
	print "  ],"
	print "  \"ArgsModifyRule\": ["
	for (i = 1; i <= 2000; i++)
		printf "    {\"func_name\": \"pkg.mod.g_%04d\", \"arg_idx\": 0, \"arg_new\": \"x\"}%s\n", i, (i < 2000 ? "," : "")
	print "  ],"
	print "  \"ModuleNameModifyRule\": ["
	for (i = 1; i <= 1000; i++)
		printf "    {\"old_name\": \"m_%04d\", \"new_name\": \"n_%04d\", \"parent_module\": \"pkg\"}%s\n", i, i, (i < 1000 ? "," : "")
	print "  ]"
	print "}}"
}' >"$RULES5000"
NRULES=$(grep -c '_name"\|"func_name"' "$RULES5000")
[[ $NRULES -eq 5000 ]] || die "the rule generator wrote $NRULES rules, not 5000"

# Reads every file once so that no run pays for a cold page cache.
find "$TMP" -type f -exec cat {} + >/dev/null

# ---------------------------------------------------------------- measuring
# measure NAME CMD...: runs CMD once and appends "wall_us peak_rss_kb cpu_s" to
# $TMP/res/NAME. Any failure stops the benchmark with the command's stderr.
measure() {
	local name=$1
	shift
	sync
	local t0 t1 rc=0
	if [[ $TIMER == gnu ]]; then
		t0=$(date +%s%N)
		/usr/bin/time -f '%M %U %S' -o "$TMP/rss" "$@" >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
		t1=$(date +%s%N)
		[[ $rc -eq 0 ]] && tail -n 1 "$TMP/rss" | awk -v us=$(((t1 - t0) / 1000)) '{print us, $1, $2 + $3}' >>"$TMP/res/$name"
	else
		python3 -c '
import resource, subprocess, sys, time
t0 = time.perf_counter()
rc = subprocess.call(sys.argv[2:], stdout=open(sys.argv[1] + "/stdout", "w"), stderr=open(sys.argv[1] + "/stderr", "w"))
t = time.perf_counter() - t0
if rc == 0:
    with open(sys.argv[1] + "/one", "w") as f:
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        f.write("%d %d %.3f\n" % (t * 1e6, u.ru_maxrss, u.ru_utime + u.ru_stime))
sys.exit(rc)' "$TMP" "$@" || rc=$?
		[[ $rc -eq 0 ]] && cat "$TMP/one" >>"$TMP/res/$name"
	fi
	if [[ $rc -ne 0 ]]; then
		echo "bench/run.sh: this command failed with status $rc:" >&2
		echo "  $*" >&2
		sed 's/^/  | /' "$TMP/stderr" >&2
		exit 1
	fi
}

# Outputs of earlier runs are moved aside, and deleted only when the script
# ends. On ext4 without a journal, the kernel avoids reusing an inode freed
# in the last ~30 s and scans past each one for every file it creates, so
# deleting thousands of files right before a run makes that run's file
# creation quadratic: up to half a second of system time, which measures
# the previous run's cleanup, not the tool.
RETIRED=0
retire() { # PATH
	[[ -e $1 ]] || return 0
	mkdir -p "$TMP/retired"
	RETIRED=$((RETIRED + 1))
	mv "$1" "$TMP/retired/$RETIRED"
}

transplt_run() { # NAME SCALE JOBS [ARGS...]
	local name=$1 scale=$2 jobs=$3
	shift 3
	retire "$TMP/out"
	mkdir -p "$TMP/out"
	measure "$name" "$TRANSPLT" -q -j "$jobs" "$@" -i "$TMP/x$scale/corpus" -o "$TMP/out"
	[[ -f $TMP/out/corpus_msft/transplant_result_file/change_list.csv ]] || die "transplt wrote no change_list.csv"
	if [[ $name == transplt_x1_j2 ]]; then
		CHANGES=$(($(wc -l <"$TMP/out/corpus_msft/transplant_result_file/change_list.csv") - 1))
	fi
	retire "$TMP/out"
}

floor_run() { # NAME SCALE JOBS
	measure "$1" "$FLOOR" -j "$3" "$TMP/x$2/corpus"
	grep -q "^$((FILES * $2)) files" "$TMP/stdout" || die "the parse floor saw $(cat "$TMP/stdout"), expected $((FILES * $2)) files"
}

astgrep_run() { # NAME THREADS (0 = its default)
	retire "$TMP/ag"
	cp -R "$TMP/x1/corpus" "$TMP/ag"
	find "$TMP/ag" -type f -exec cat {} + >/dev/null
	# shellcheck disable=SC2016 # ast-grep's metavariables, not shell ones
	measure "$1" "$AST_GREP" run -p '$X.cuda($$$A)' -r '$X.npu($$$A)' -l python -U -j "$2" "$TMP/ag"
	AG_CHANGES=$(sed -n 's/^Applied \([0-9]*\) changes*$/\1/p' "$TMP/stderr")
	[[ -n $AG_CHANGES && $AG_CHANGES -gt 0 ]] || die "ast-grep applied no change (its output: $(tail -n 3 "$TMP/stderr"))"
	retire "$TMP/ag"
}

# Runs go round-robin (one of each measurement per round) so that drift in
# the machine's speed hits every column alike.
START=$(date +%s)
LOAD_BEFORE=$(cut -d" " -f1-3 /proc/loadavg)
for ((r = 1; r <= RUNS; r++)); do
	say "round $r/$RUNS (load average $(cut -d" " -f1 /proc/loadavg))"
	if [[ $MODE == all ]]; then
		transplt_run transplt_x1_j1 1 1
		transplt_run transplt_x1_j2 1 2
		floor_run floor_x1_j1 1 1
		floor_run floor_x1_j2 1 2
		astgrep_run astgrep_default 0
		astgrep_run astgrep_j1 1
		astgrep_run astgrep_j2 2
		transplt_run transplt_x4_j2 4 2
		floor_run floor_x4_j2 4 2
		if [[ $r -le $RUNS_X16 ]]; then
			transplt_run transplt_x16_j2 16 2
			floor_run floor_x16_j2 16 2
		fi
		transplt_run transplt_x1_j2_rules5000 1 2 -r "$RULES5000"
	else
		transplt_run transplt_x1_j2 1 2
		transplt_run transplt_x1_j2_rules5000 1 2 -r "$RULES5000"
	fi
done
ELAPSED=$(($(date +%s) - START))
LOAD_AFTER=$(cut -d" " -f1-3 /proc/loadavg)

# ---------------------------------------------------------------- report
# med NAME -> median wall seconds; rss NAME -> median peak RSS in MiB;
# maxrss NAME -> largest peak RSS in MiB; cpu NAME -> median user + system
# seconds; spread NAME -> "min–max" wall seconds.
med() { awk '{print $1}' "$TMP/res/$1" | sort -n | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f", m / 1e6}'; }
rss() { awk '{print $2}' "$TMP/res/$1" | sort -n | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f", m / 1024}'; }
maxrss() { awk '$2 > m {m = $2} END {printf "%.1f", m / 1024}' "$TMP/res/$1"; }
cpu() { awk '{print $3}' "$TMP/res/$1" | sort -n | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m}'; }
spread() { awk '{print $1}' "$TMP/res/$1" | sort -n | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.2f–%.2f", lo / 1e6, hi / 1e6}'; }
calc() { awk "BEGIN {printf \"$1\", $2}"; }
yesno() { awk "BEGIN {print (($1) ? \"**yes**\" : \"**no**\")}"; }
MB=$(calc %.1f "$BYTES / 1e6")

CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
RAM=$(awk '/^MemTotal:/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
OS=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null || true)
PKGS=
if [[ $SITE_PACKAGES == /usr/lib/python3/dist-packages ]]; then
	PKGS=$(dpkg-query -W -f '${Package} ${Version}, ' python3-torch python3-torchvision 2>/dev/null | sed 's/, $//' || true)
fi

echo "# transplt benchmark"
echo
echo "- machine: $(nproc) CPUs ($CPU), $RAM RAM${OS:+, $OS}"
echo "- corpus: the .py files of torch and torchvision from ${PKGS:-$SITE_PACKAGES}: $FILES files, $MB MB"
echo "- transplt: commit $COMMIT, CMAKE_BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo (the default)}${SANITIZED:+, TRANSPLT_SANITIZE=$SANITIZED}; parse floor: tree-sitter-python $TS_VERSION, cc -O2 -g"
[[ $MODE == all ]] && echo "- ast-grep: $("$AST_GREP" --version)"
if [[ $MODE == all && $RUNS_X16 -ne $RUNS ]]; then
	echo "- median of $RUNS runs per measurement (×16 corpus: $RUNS_X16 runs); $ELAPSED s of measuring; $(date -u +%Y-%m-%d)"
else
	echo "- median of $RUNS runs per measurement; $ELAPSED s of measuring; $(date -u +%Y-%m-%d)"
fi
echo "- load average (1, 5, 15 min): $LOAD_BEFORE before, $LOAD_AFTER after"
if awk -v a="${LOAD_BEFORE%% *}" -v b="${LOAD_AFTER%% *}" -v n="$(nproc)" 'BEGIN {exit !(a > n / 2 || b > n / 2)}'; then
	echo "- **warning: other work was running on the machine**, so wall times are noisy (see the spreads); the CPU-time columns are disturbed less"
fi
echo "- peak RSS from $([[ $TIMER == gnu ]] && echo 'GNU time (%M)' || echo 'getrusage(RUSAGE_CHILDREN)'); MB = 10^6 bytes of input, RSS in MiB"
echo

T1=$(med transplt_x1_j2)
TR=$(med transplt_x1_j2_rules5000)
if [[ $MODE == rules5000 ]]; then
	echo "## 5,000 user rules (transplt -j 2, ×1 corpus)"
	echo
	echo "| run | median s | spread s | CPU s | peak RSS MiB |"
	echo "| --- | ---: | ---: | ---: | ---: |"
	echo "| built-in rules only | $T1 | $(spread transplt_x1_j2) | $(cpu transplt_x1_j2) | $(rss transplt_x1_j2) |"
	echo "| built-in + 5,000 user rules (\`-r rules5000.json\`) | $TR | $(spread transplt_x1_j2_rules5000) | $(cpu transplt_x1_j2_rules5000) | $(rss transplt_x1_j2_rules5000) |"
	echo
	echo "With 5,000 user rules / without: **$(calc %.2f "$TR / $T1")×** wall time, $(calc %.2f "$(cpu transplt_x1_j2_rules5000) / $(cpu transplt_x1_j2)")× CPU time."
	exit 0
fi

J1=$(med transplt_x1_j1)
F1=$(med floor_x1_j1)
F2=$(med floor_x1_j2)
A0=$(med astgrep_default)
A1=$(med astgrep_j1)
A2=$(med astgrep_j2)
T4=$(med transplt_x4_j2)
T16=$(med transplt_x16_j2)
F4=$(med floor_x4_j2)
F16=$(med floor_x16_j2)

row() { # LABEL JOBS NAME
	local s
	s=$(med "$3")
	echo "| $1 | $2 | $s | $(spread "$3") | $(cpu "$3") | $(calc %.1f "$BYTES / 1e6 / $s") | $(rss "$3") |"
}
echo "## ×1 corpus ($FILES files, $MB MB)"
echo
echo "| run | threads | median s | spread s | CPU s | MB/s | peak RSS MiB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
row "transplt end to end (built-in rules, all reports)" 1 transplt_x1_j1
row "transplt end to end (built-in rules, all reports)" 2 transplt_x1_j2
row "parse floor (read + tree-sitter parse)" 1 floor_x1_j1
row "parse floor (read + tree-sitter parse)" 2 floor_x1_j2
row "ast-grep, one rewrite rule" "default" astgrep_default
row "ast-grep, one rewrite rule" 1 astgrep_j1
row "ast-grep, one rewrite rule" 2 astgrep_j2
echo
echo "transplt wrote $CHANGES change-list entries; ast-grep applied $AG_CHANGES rewrites."
echo

scale_row() { # N T F TNAME FNAME
	echo "| ×$1 | $((FILES * $1)) | $(calc %.1f "$BYTES * $1 / 1e6") | $2 | $(calc %.3f "$2 / ($1 * $T1)") | $(maxrss "$4") | $3 | $(calc %.3f "$3 / ($1 * $F2)") | $(maxrss "$5") | $(calc %.2f "$2 / $3") |"
}
echo "## Scaling (-j 2, copies of the corpus)"
echo
echo "| corpus | files | MB | transplt s | ÷ (n × ×1) | transplt max RSS MiB | floor s | ÷ (n × ×1) | floor max RSS MiB | transplt / floor |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
scale_row 1 "$T1" "$F2" transplt_x1_j2 floor_x1_j2
scale_row 4 "$T4" "$F4" transplt_x4_j2 floor_x4_j2
scale_row 16 "$T16" "$F16" transplt_x16_j2 floor_x16_j2
echo

echo "## 5,000 user rules (transplt -j 2, ×1 corpus)"
echo
echo "| run | median s | spread s | CPU s | peak RSS MiB |"
echo "| --- | ---: | ---: | ---: | ---: |"
echo "| built-in rules only | $T1 | $(spread transplt_x1_j2) | $(cpu transplt_x1_j2) | $(rss transplt_x1_j2) |"
echo "| built-in + 5,000 user rules (\`-r rules5000.json\`) | $TR | $(spread transplt_x1_j2_rules5000) | $(cpu transplt_x1_j2_rules5000) | $(rss transplt_x1_j2_rules5000) |"
echo

RSS1=$(maxrss transplt_x1_j2)
RSS16=$(maxrss transplt_x16_j2)
# target LABEL WALL_RATIO CPU_RATIO TARGET TEST: the ratios are awk
# expressions, TEST an awk condition on the ratio r.
check() { awk -v r="$1" "BEGIN {print (($2) ? \"**yes**\" : \"**no**\")}"; }
target() {
	local w c
	w=$(calc %.4f "$2")
	c=$(calc %.4f "$3")
	echo "| $1 | $(calc %.2f "$w")× | $(calc %.2f "$c")× | $4 | $(check "$w" "$5") | $(check "$c" "$5") |"
}
echo "## Targets"
echo
echo "Ratios of medians from this invocation: on wall time (what the targets mean) and on CPU time (user + system), which other load on the machine disturbs less."
echo
echo "| check | wall time | CPU time | target | met (wall) | met (CPU) |"
echo "| --- | ---: | ---: | ---: | :---: | :---: |"
target "transplt / parse floor, -j 2" "$T1 / $F2" "$(cpu transplt_x1_j2) / $(cpu floor_x1_j2)" "≤ 1.3×" "r <= 1.3"
target "transplt -j 2 / ast-grep (default threads)" "$T1 / $A0" "$(cpu transplt_x1_j2) / $(cpu astgrep_default)" "< 1×" "r < 1"
target "transplt / ast-grep, both -j 2" "$T1 / $A2" "$(cpu transplt_x1_j2) / $(cpu astgrep_j2)" "< 1×" "r < 1"
target "transplt / ast-grep, both -j 1" "$J1 / $A1" "$(cpu transplt_x1_j1) / $(cpu astgrep_j1)" "< 1×" "r < 1"
target "×16 time / (16 × ×1 time), transplt -j 2" "$T16 / (16 * $T1)" "$(cpu transplt_x16_j2) / (16 * $(cpu transplt_x1_j2))" "0.90–1.10×" "r >= 0.9 && r <= 1.1"
echo "| transplt / parse floor, -j 1 | $(calc %.2f "$J1 / $F1")× | $(calc %.2f "$(cpu transplt_x1_j1) / $(cpu floor_x1_j1)")× | — | — | — |"
echo "| ×16 time / (16 × ×1 time), parse floor -j 2 | $(calc %.2f "$F16 / (16 * $F2)")× | $(calc %.2f "$(cpu floor_x16_j2) / (16 * $(cpu floor_x1_j2))")× | — | — | — |"
echo "| with / without 5,000 user rules, transplt -j 2 | $(calc %.2f "$TR / $T1")× | $(calc %.2f "$(cpu transplt_x1_j2_rules5000) / $(cpu transplt_x1_j2)")× | ≈ 1× (flat) | — | — |"
echo
echo "| memory check | measured | target | met |"
echo "| --- | ---: | ---: | :---: |"
echo "| peak RSS, transplt -j 2, ×1 corpus | $RSS1 MiB | < 200 MB | $(yesno "$RSS1 * 1.048576 < 200") |"
echo "| peak RSS, transplt -j 2, ×16 corpus | $RSS16 MiB | < 200 MB | $(yesno "$RSS16 * 1.048576 < 200") |"
echo "| peak RSS growth ×1 → ×16, transplt -j 2 (parse floor: $(calc %.2f "$(maxrss floor_x16_j2) / $(maxrss floor_x1_j2)")×) | $(calc %.2f "$RSS16 / $RSS1")× | flat (≤ 1.2×) | $(yesno "$RSS16 / $RSS1 <= 1.2") |"
