"""Corpus test: converts real PyTorch source trees (Debian's python3-torch and
python3-torchvision) and checks that nothing crashes, that every output file
compiles wherever its input did, that every changed line of every file is
covered by a change-list row (bytes outside edits are identical), that the
workbook agrees with the CSVs (xlsx_check.py), and that converting the output
a second time changes nothing.

usage: corpus.py TRANSPLT_BIN TREE [TREE...]
"""
import csv
import difflib
import filecmp
import os
import subprocess
import sys
import tempfile

EDIT_OPS = {"INSERT", "MODIFY", "DELETE"}


def convert(binary, tree, out):
    os.makedirs(out)
    proc = subprocess.run([binary, "-q", "-i", tree, "-o", out], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL: transplt exited {proc.returncode} on {tree}:\n{proc.stderr}")
    name = os.path.basename(os.path.normpath(tree)) + "_msft"
    return os.path.join(out, name)


def change_rows(result):
    rows = {}
    with open(os.path.join(result, "transplant_result_file", "change_list.csv"), newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rows.setdefault(row["File"], []).append(row)
    return rows


def compiles(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        compile(data, path, "exec", dont_inherit=True)
        return True
    except (SyntaxError, ValueError):
        return False


def check_tree(binary, tree, work):
    failures = []
    result = convert(binary, tree, os.path.join(work, "first"))
    rows = change_rows(result)
    reports = os.path.join(result, "transplant_result_file")
    xlsx = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "xlsx_check.py")]
                          + [os.path.join(reports, n) for n in ("unsupported_op.xlsx", "change_list.csv",
                                                                 "unsupported_api.csv", "unknown_api.csv")],
                          capture_output=True, text=True)
    if xlsx.returncode != 0:
        failures.append(f"the workbook disagrees with the CSVs:\n{xlsx.stderr[:2000]}")
    files = changed = edits = 0
    for root, _dirs, names in os.walk(tree):
        for name in names:
            if not name.endswith(".py"):
                continue
            src = os.path.join(root, name)
            if os.path.islink(src):
                continue
            rel = os.path.relpath(src, tree)
            dst = os.path.join(result, rel)
            files += 1
            if not os.path.exists(dst):
                failures.append(f"{rel}: missing from the output")
                continue
            if compiles(src) and not compiles(dst):
                failures.append(f"{rel}: the input compiles but the output does not")
            with open(src, "rb") as f:
                a = f.read().splitlines(keepends=True)
            with open(dst, "rb") as f:
                b = f.read().splitlines(keepends=True)
            if a == b:
                continue
            changed += 1
            # Every changed input line must lie in a reported edit's line range.
            spans = [(int(r["Start Line"]), int(r["End Line"])) for r in rows.get(rel, []) if r["Operation Type"] in EDIT_OPS]
            edits += len(spans)
            for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
                if tag == "equal":
                    continue
                lines = range(i1 + 1, i2 + 1) if i2 > i1 else [i1 + 1]
                for line in lines:
                    if not any(s <= line <= e for s, e in spans):
                        failures.append(f"{rel}:{line}: changed but no change-list row covers it")
                        break
    again = convert(binary, result, os.path.join(work, "second"))
    for root, _dirs, names in os.walk(result):
        for name in names:
            src = os.path.join(root, name)
            rel = os.path.relpath(src, result)
            if rel.startswith("transplant_result_file") or not name.endswith(".py"):
                continue
            if not filecmp.cmp(src, os.path.join(again, rel), shallow=False):
                failures.append(f"{rel}: the second conversion changed it")
    for rel, rs in change_rows(again).items():
        if any(r["Operation Type"] in EDIT_OPS for r in rs):
            failures.append(f"{rel}: the second conversion reported changes")
    print(f"{tree}: {files} Python files, {changed} changed, {edits} edit rows, {len(failures)} failures")
    return failures


def main():
    binary, trees = os.path.abspath(sys.argv[1]), sys.argv[2:]
    failures = []
    for tree in trees:
        if not os.path.isdir(tree):
            raise SystemExit(f"FAIL: corpus tree {tree} is missing (install python3-torch python3-torchvision)")
        with tempfile.TemporaryDirectory() as work:
            failures += check_tree(binary, tree, work)
    for f in failures[:50]:
        print("FAIL", f)
    if failures:
        raise SystemExit(f"{len(failures)} failures")
    print("corpus ok")


if __name__ == "__main__":
    main()
