#!/bin/sh
# User rules (-r) on the demo project: converts fixtures/demo with
# fixtures/rules/demo_rules.json and checks that
#   - the run succeeds and leaves the input untouched;
#   - each rule's rewrite is in the output, and the text it replaces is gone;
#   - the output is the built-in conversion (fixtures/demo_expected) with
#     exactly those rewrites and nothing else;
#   - each rule produced a change-list row whose message starts with its kind
#     and index, e.g. "FuncNameModifyRule[0]: ...".
# usage: user_rules_demo.sh TRANSPLT_BIN REPO_ROOT
set -u
bin=$1
root=$2
rules=$root/fixtures/rules/demo_rules.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() {
	echo "FAIL user_rules_demo: $*"
	fails=$((fails + 1))
}
ok() { echo "ok user_rules_demo: $*"; }

before=$(cd "$root/fixtures/demo" && find . -type f -exec sha256sum {} + | sort)
mkdir "$tmp/out"
if ! "$bin" -q -i "$root/fixtures/demo" -o "$tmp/out" -r "$rules" 2>"$tmp/stderr"; then
	cat "$tmp/stderr"
	echo "FAIL user_rules_demo: converting fixtures/demo with -r $rules failed"
	exit 1
fi
[ -s "$tmp/stderr" ] && { cat "$tmp/stderr"; fail "the conversion wrote to stderr"; }
after=$(cd "$root/fixtures/demo" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "the input fixtures/demo was modified"

out=$tmp/out/demo_msft
csv=$out/transplant_result_file/change_list.csv
if [ ! -f "$out/train.py" ] || [ ! -f "$csv" ]; then
	echo "FAIL user_rules_demo: no train.py or change_list.csv under $out"
	exit 1
fi

# has FILE TEXT WHAT: TEXT must be a line (fixed string) of FILE.
has() {
	if grep -q -F -- "$2" "$1"; then ok "$3"; else fail "$3: '$2' not found in $(basename "$1")"; fi
}
# lacks FILE TEXT WHAT: TEXT must not occur in FILE.
lacks() {
	if grep -q -F -- "$2" "$1"; then fail "$3: '$2' still in $(basename "$1")"; else ok "$3"; fi
}

# FuncNameModifyRule[0]: utils.CudaTimer -> utils.NpuTimer. train.py imports it
# with `from utils import ...`: the import is rewritten, the call sites stay.
has "$out/train.py" "from utils import AverageMeter, NpuTimer as CudaTimer, accuracy, get_device, log_memory, seed_everything" \
	"FuncNameModifyRule[0] rewrote the from-import"
has "$out/train.py" "with torch.no_grad(), CudaTimer() as timer:" "FuncNameModifyRule[0] left the call site (bound name) alone"
# ArgsModifyRule[0]: utils.log_memory, positional argument 1 deleted.
has "$out/train.py" 'log_memory("epoch {}".format(epoch))' "ArgsModifyRule[0] deleted the device argument"
lacks "$out/train.py" 'log_memory("epoch {}".format(epoch), args.gpu)' "ArgsModifyRule[0] left no old call"
# ArgsModifyRule[1]: torch.load map_location -> "cpu"; it wins over the
# built-in "cuda:{}" -> "npu:{}" string rule on the same argument.
has "$out/train.py" 'checkpoint = torch.load(args.resume, map_location="cpu")' "ArgsModifyRule[1] replaced map_location"
lacks "$out/train.py" "map_location='npu:{}'" "ArgsModifyRule[1] took precedence over the built-in string rule"

# Exactly those rewrites on top of the built-in conversion.
sed -e 's/^from utils import AverageMeter, CudaTimer, /from utils import AverageMeter, NpuTimer as CudaTimer, /' \
	-e "s/torch.load(args.resume, map_location='npu:{}'.format(args.gpu))/torch.load(args.resume, map_location=\"cpu\")/" \
	-e 's/log_memory("epoch {}".format(epoch), args.gpu)/log_memory("epoch {}".format(epoch))/' \
	"$root/fixtures/demo_expected/train.py" >"$tmp/train.want"
if cmp -s "$root/fixtures/demo_expected/train.py" "$tmp/train.want"; then
	fail "fixtures/demo_expected/train.py no longer holds the lines the rules rewrite: update this test"
elif diff -u "$tmp/train.want" "$out/train.py"; then
	ok "train.py is the built-in conversion plus the three rewrites"
else
	fail "train.py differs from the built-in conversion plus the three rewrites (diff above)"
fi
for f in model.py data.py utils.py README.md config.yaml; do
	if cmp -s "$root/fixtures/demo_expected/$f" "$out/$f"; then
		ok "$f unchanged by the user rules"
	else
		diff -u "$root/fixtures/demo_expected/$f" "$out/$f"
		fail "$f differs from fixtures/demo_expected/$f although no user rule matches it"
	fi
done

# One change-list row per rule application, named by kind and index.
row() { # row PATTERN WHAT: an extended regex that one row must match
	if grep -q -E -- "$1" "$csv"; then ok "$2"; else fail "$2: no row matching /$1/ in change_list.csv"; fi
}
row '^train\.py,[0-9]+,[0-9]+,MODIFY,FuncNameModifyRule\[0\]: utils\.CudaTimer -> utils\.NpuTimer$' "FuncNameModifyRule[0] row"
row '^train\.py,[0-9]+,[0-9]+,DELETE,ArgsModifyRule\[0\]: utils\.log_memory: delete argument 1$' "ArgsModifyRule[0] row"
row '^train\.py,[0-9]+,[0-9]+,MODIFY,"ArgsModifyRule\[1\]: torch\.load: map_location .* -> ""cpu"""$' "ArgsModifyRule[1] row"
row '^train\.py,[0-9]+,[0-9]+,WARNING,"overlapping edits: kept user:ArgsModifyRule\[1\] .*not applied StringModifyRule' \
	"the built-in edit that lost to ArgsModifyRule[1] is a WARNING row"
n=$(grep -c -E ',(INSERT|MODIFY|DELETE),"?(FuncNameModifyRule|ArgsModifyRule|ModuleNameModifyRule)\[' "$csv")
if [ "$n" = 3 ]; then ok "three user-rule change rows"; else fail "expected 3 user-rule change rows, got $n"; fi

if [ "$fails" -ne 0 ]; then
	echo "user_rules_demo: $fails check(s) failed"
	exit 1
fi
echo "user_rules_demo: all checks passed"
