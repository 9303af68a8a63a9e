#!/bin/sh
# unsupported_op.xlsx against the CSV reports of the same run (xlsx_check.py),
# and every zip member against its CRC, for: a file with unsupported APIs,
# and a tree whose file name holds what a cell must escape (&, <, >, a literal
# _xHHHH_, a control character, a byte that is not UTF-8), stored as Excel
# reads it back.
# usage: xlsx.sh TRANSPLT SOURCE_DIR PYTHON
bin=$1 root=$2 py=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check NAME OUTPUT_FOLDER
	r=$2/transplant_result_file
	if "$py" "$root/tests/xlsx_check.py" "$r/unsupported_op.xlsx" "$r/change_list.csv" "$r/unsupported_api.csv" \
		"$r/unknown_api.csv" &&
		"$py" -c 'import sys, zipfile; bad = zipfile.ZipFile(sys.argv[1]).testzip(); sys.exit(bad and "bad CRC: " + bad)' \
			"$r/unsupported_op.xlsx"; then
		echo "ok $1"
	else
		echo "FAIL $1"
		fails=$((fails + 1))
	fi
}

"$bin" -q -v 2.1.0 -i "$root/tests/cases/op_support/torch_2_1/input.py" -o "$tmp" && check "unsupported APIs" "$tmp/input_msft"

mkdir "$tmp/odd"
printf 'import torch\nx = torch.cdist(a, b)\ny = torch.ones(3).cuda()\n' >"$tmp/odd/$(printf 'a&b <_x0041_> \001\377.py')"
"$bin" -q -v 2.1.0 -i "$tmp/odd" -o "$tmp" && check "escaped text" "$tmp/odd_msft"
"$py" -c 'import sys, zipfile
xml = zipfile.ZipFile(sys.argv[1]).read("xl/worksheets/sheet3.xml").decode()
sys.exit(0 if "<t>a&amp;b &lt;_x005F_x0041_&gt; _x0001_\ufffd.py</t>" in xml else "the Unsupported sheet stores the file name otherwise")' \
	"$tmp/odd_msft/transplant_result_file/unsupported_op.xlsx" && echo "ok escapes as stored" || { echo "FAIL escapes as stored"; fails=$((fails + 1)); }

[ "$fails" = 0 ] || { echo "$fails xlsx checks failed"; exit 1; }
