#!/usr/bin/env bash
# Error paths under injected faults (tests/faultinject.c, LD_PRELOAD): a write,
# rename, mkdir, fchmod or close that fails stops the run with exit 4 and a
# message naming the file, and leaves neither <name>_msft nor the staging
# folder; an unreadable folder or file below the input is a WARNING row and the
# run goes on (exit 0); the input is never touched.
# usage: faults.sh TRANSPLT_BIN FAULTINJECT_SO
set -u
bin=$1
lib=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/in/sub/deeper"
printf 'import torch\nx = torch.randn(2).cuda()\ntorch.cuda.synchronize()\n' >"$tmp/in/a.py"
printf 'import torch\ntorch.cuda.set_device(0)\n' >"$tmp/in/sub/b.py"
printf 'def f():\n    return "cuda:0"\n' >"$tmp/in/sub/deeper/c.py"
printf 'lr: 0.1\n' >"$tmp/in/data.yaml"
# Bits the umask takes away: the copy gets them by fchmod.
umask 022
chmod 0666 "$tmp/in/sub/b.py"
before=$(snapshot "$tmp/in")
n=0

# fault NAME WANT_EXIT PATTERN FUNC N TIMES ERRNO PATH [ARGS...]: one run
# with a fault injected; then the exit code, the message, the input and what
# is beside the result are checked.
fault() {
	name=$1 want=$2 pattern=$3 func=$4 nth=$5 times=$6 errno_=$7 path=$8
	shift 8
	n=$((n + 1))
	out="$tmp/out$n"
	mkdir "$out"
	FAULT_FUNC=$func FAULT_N=$nth FAULT_TIMES=$times FAULT_ERRNO=$errno_ FAULT_PATH=$path LD_PRELOAD=$lib \
		"$bin" -q -j 1 -i "$tmp/in" -o "$out" "$@" >"$tmp/o" 2>"$tmp/e"
	rc=$?
	check "$name: exit $want" exit_is "$want"
	check "$name: message" said "$pattern"
	if [ "$want" = 0 ]; then
		check "$name: only the result beside it" only_in "$out" in_msft
	else
		check "$name: no result and no staging folder left" only_in "$out"
	fi
	check "$name: input untouched" [ "$before" = "$(snapshot "$tmp/in")" ]
}

# Sanity: the library loads and does nothing without FAULT_FUNC.
fault "no fault" 0 "" none 1 1 EIO ""

# For write, fchmod and close, FAULT_PATH matches the file the descriptor is
# open on: a converted file itself (created in the staging folder), or a
# report's temporary file, .tp-XXXXXX in transplant_result_file/.
# Disk full from the first write on, and one failing write in the middle.
fault "disk full" 4 "error: .*in_msft\.tmp-[A-Za-z0-9]+/.*: cannot write: No space left on device" write 1 0 ENOSPC ""
fault "third write fails" 4 "error: .*: cannot write: Input/output error" write 3 1 EIO ""
fault "write of b.py fails" 4 "error: .*/sub/b\.py: cannot write: Disk quota exceeded" write 1 0 EDQUOT "sub/b.py"
fault "write of a report fails" 4 "error: .*transplant_result_file/[^/:]+: cannot write: No space left on device" write 1 0 ENOSPC "transplant_result_file/.tp-"
# Every writer thread hits the full disk.
fault "disk full, 4 workers" 4 "cannot write: No space left on device" write 2 0 ENOSPC "" -j 4

# A rename that fails: a report, the final move into place.
# A file of the mirror that cannot be created (the first open of a.py reads
# the input, the second creates the copy).
fault "create of a file" 4 "error: .*/a\.py: cannot create: No space left on device" open 2 1 ENOSPC "/a.py" -j 1
fault "rename of report.json" 4 "report\.json: cannot rename into place: Read-only file system" rename 1 1 EROFS "report.json"
fault "final rename" 4 "error: .*/in_msft: cannot move the result into place: Permission denied" rename 1 1 EACCES "/in_msft"

# Folders of the mirror that cannot be created, a mode that cannot be set,
# a close that reports a delayed write error (as NFS does).
fault "mkdir of the report folder" 4 "in_msft\.tmp-[A-Za-z0-9]+/transplant_result_file: cannot create the directory: Permission denied" mkdir 1 0 EACCES "transplant_result_file"
fault "mkdir of a subfolder" 4 "/sub/deeper: cannot create the directory: No space left on device" mkdir 1 0 ENOSPC "sub/deeper"
fault "fchmod" 4 "/sub/b\.py: cannot set permissions: Operation not permitted" fchmod 1 1 EPERM "sub/b.py"
fault "close" 4 "error: .*: cannot write: Input/output error" close 1 0 EIO "/.tp-"

# Unreadable input: reported and skipped, the run goes on (exit 0).
fault "unreadable folder" 0 "" opendir 1 0 EACCES "/in/sub"
check "unreadable folder: WARNING row naming it" row_has "$out/in_msft/transplant_result_file/change_list.csv" \
	'^sub,1,1,WARNING,cannot read the folder: Permission denied: skipped$'
check "unreadable folder: its files are left out" [ ! -e "$out/in_msft/sub/b.py" ]
check "unreadable folder: the rest is converted" grep -q torch_npu "$out/in_msft/a.py"
fault "unreadable input folder" 4 "error: .*/in: cannot read the input folder: Permission denied" opendir 1 0 EACCES "/in"
fault "unreadable file" 0 "" open 1 0 EACCES "/in/a.py"
check "unreadable file: WARNING row naming it" row_has "$out/in_msft/transplant_result_file/change_list.csv" \
	'^a\.py,1,1,WARNING,.*/in/a\.py: cannot open: Permission denied'
check "unreadable file: no copy of it" [ ! -e "$out/in_msft/a.py" ]
fault "read error" 0 "" read 1 0 EIO "/in/sub/b.py"
check "read error: WARNING row naming it" row_has "$out/in_msft/transplant_result_file/change_list.csv" \
	'^sub/b\.py,1,1,WARNING,.*/in/sub/b\.py: cannot read: Input/output error'

# --force: a failed run leaves the previous result exactly as it was.
mkdir "$tmp/keep"
"$bin" -q -i "$tmp/in" -o "$tmp/keep" || echo "FAIL setup of --force"
kept=$(snapshot "$tmp/keep")
FAULT_FUNC=write FAULT_N=2 FAULT_TIMES=0 FAULT_ERRNO=ENOSPC LD_PRELOAD=$lib "$bin" -q --force -i "$tmp/in" -o "$tmp/keep" >"$tmp/o" 2>"$tmp/e"
rc=$?
check "--force, disk full: exit 4" exit_is 4
check "--force, disk full: previous result intact" [ "$kept" = "$(snapshot "$tmp/keep")" ]

[ "$fails" = 0 ] || { echo "$fails fault-injection checks failed"; exit 1; }
