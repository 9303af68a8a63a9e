#!/usr/bin/env python3
"""Sample editor integration: converts one file through `transplt -i - --json`
and applies the returned edits to the editor's buffer by byte offset, back to
front. Prints the findings as FILE:LINE:COL: SEVERITY: API: MESSAGE lines on
stderr, as an editor's problem list would show them.

usage: apply_edits.py FILE [--in-place] [--transplt PATH] [-- TRANSPLT_ARGS...]
Without --in-place the converted text goes to stdout and FILE is untouched.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--in-place", action="store_true")
    ap.add_argument("--transplt", default=os.environ.get("TRANSPLT", "transplt"))
    args = ap.parse_args(argv)
    with open(args.file, "rb") as f:
        source = f.read()
    proc = subprocess.run([args.transplt, "-i", "-", "--json", *extra], input=source, capture_output=True)
    if proc.returncode not in (0, 1):
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        return proc.returncode
    report = json.loads(proc.stdout)
    edits = [r for r in report["records"] if r["kind"] == "edit"]
    for r in report["records"]:
        if r["kind"] == "finding":
            what = f"{r['api']}: {r['message']}" if r["api"] else r["message"]
            print(f"{args.file}:{r['start']['line']}:{r['start']['column']}: {r['severity']}: {what}", file=sys.stderr)
    out = bytearray(source)
    # Back to front, so earlier offsets stay valid; insertions at one offset
    # keep their order.
    for r in sorted(edits, key=lambda r: (r["start"]["byte"], r["end"]["byte"]), reverse=True):
        out[r["start"]["byte"]:r["end"]["byte"]] = r["replacement"].encode("utf-8")
    if args.in_place:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(args.file)))
        with os.fdopen(fd, "wb") as f:
            f.write(out)
        os.replace(tmp, args.file)
    else:
        sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
