"""JSON, SARIF and editor-mode checks: report.json and --json validate against
reports/report.schema.json and agree with each other and with the CSVs; the
edits in them, applied by byte offset, turn every input into its output; the
SARIF file is structurally valid SARIF 2.1.0; and reports/apply_edits.py (the
sample editor integration over `-i - --json`) reproduces every golden case.

usage: json_check.py TRANSPLT_BIN REPO_ROOT
"""
import csv
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def apply(source, records, path):
    out = bytearray(source)
    edits = [r for r in records if r["file"] == path and r["kind"] == "edit"]
    for r in sorted(edits, key=lambda r: (r["start"]["byte"], r["end"]["byte"]), reverse=True):
        out[r["start"]["byte"]:r["end"]["byte"]] = r["replacement"].encode()
    return bytes(out)


def check_run(binary, root, schema, work):
    src = os.path.join(root, "fixtures", "demo")
    sarif_path = os.path.join(work, "demo.sarif")
    proc = subprocess.run([binary, "-q", "--json", "--sarif", sarif_path, "-i", src, "-o", work], capture_output=True)
    check(proc.returncode == 0, f"demo run exited {proc.returncode}: {proc.stderr!r}")
    streamed = json.loads(proc.stdout)
    result = os.path.join(work, "demo_msft")
    with open(os.path.join(result, "transplant_result_file", "report.json"), encoding="utf-8") as f:
        saved = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    for name, doc in (("--json", streamed), ("report.json", saved)):
        errors = sorted(validator.iter_errors(doc), key=str)
        check(not errors, f"{name} does not validate: {errors[:1]}")
    check(streamed == saved, "--json and report.json differ")
    records = saved["records"]
    with open(os.path.join(result, "transplant_result_file", "change_list.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    listed = [r for r in records if r["operation"] not in ("PRECISION", "PERFORMANCE", "AFFINITY")]
    check(len(rows) == len(listed), f"{len(rows)} change-list rows but {len(listed)} JSON records")
    for row, rec in zip(rows, listed):
        check(row["File"] == rec["file"] and int(row["Start Line"]) == rec["start"]["line"] and row["Operation Type"] == rec["operation"],
              f"row {row} does not match record {rec}")
    s = saved["summary"]
    check(s["edits"] == sum(r["kind"] == "edit" for r in records), "summary edits")
    check(s["unsupported"] == sum(r["operation"] == "UNSUPPORTED" for r in records), "summary unsupported")
    check(s["performance_advice"] == sum(r["operation"] == "PERFORMANCE" for r in records) > 0, "summary performance advice")
    for path in sorted({r["file"] for r in records}):
        with open(os.path.join(src, path), "rb") as f:
            source = f.read()
        with open(os.path.join(result, path), "rb") as f:
            converted = f.read()
        check(apply(source, records, path) == converted, f"{path}: the JSON edits do not give the converted file")
    with open(sarif_path, encoding="utf-8") as f:
        sarif = json.load(f)
    check(sarif.get("version") == "2.1.0" and "sarif-2.1.0" in sarif.get("$schema", ""), "SARIF version/$schema")
    run = sarif["runs"][0]
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    check(run["tool"]["driver"]["name"] == "transplt", "SARIF driver name")
    check(len(run["results"]) == len(records), "SARIF result count")
    for res in run["results"]:
        check(res["ruleId"] in rule_ids, f"SARIF ruleId {res['ruleId']} not declared")
        check(res["level"] in ("error", "warning", "note"), f"SARIF level {res['level']}")
        loc = res["locations"][0]["physicalLocation"]
        check(loc["artifactLocation"]["uri"] and loc["region"]["startLine"] >= 1, "SARIF location")
        check(res["message"]["text"], "SARIF message")


def check_editor(binary, root):
    env = dict(os.environ, TRANSPLT=binary)
    tool = os.path.join(root, "reports", "apply_edits.py")
    n = 0
    for expected in sorted(glob.glob(os.path.join(root, "tests", "cases", "*", "*", "expected.py"))):
        case = os.path.dirname(expected)
        if os.path.exists(os.path.join(case, "args")) or os.path.exists(os.path.join(case, "expected-exit")):
            continue
        extra = ["--", "-r", os.path.join(case, "rules.json")] if os.path.exists(os.path.join(case, "rules.json")) else []
        proc = subprocess.run([sys.executable, tool, os.path.join(case, "input.py"), *extra], capture_output=True, env=env)
        with open(expected, "rb") as f:
            want = f.read()
        check(proc.returncode == 0 and proc.stdout == want, f"{case}: apply_edits.py does not give expected.py ({proc.stderr[-200:]!r})")
        n += 1
    print(f"editor mode: {n} golden cases")


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(root, "reports", "report.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    with tempfile.TemporaryDirectory() as work:
        check_run(binary, root, schema, work)
    check_editor(binary, root)
    for f in failures[:40]:
        print("FAIL", f)
    if failures:
        sys.exit(f"{len(failures)} failures")
    print("json ok")


if __name__ == "__main__":
    main()
