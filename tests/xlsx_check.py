#!/usr/bin/python3
"""Checks unsupported_op.xlsx against the CSV reports of the same run.

usage: xlsx_check.py XLSX CHANGE_LIST_CSV UNSUPPORTED_CSV UNKNOWN_CSV

Reads the workbook back with openpyxl (Debian's python3-openpyxl) and checks
the sheet names; bold, frozen headers and an autofilter on every data sheet;
every row of Unsupported, Unknown and Changes against the CSV rows, cell by
cell, line numbers as numbers; the Summary totals and per-API table and the
Files sheet against counts taken from the CSVs; and a chart iff there are
unsupported rows. Exits 1 listing every mismatch.
"""
import collections
import csv
import os
import re
import sys

import openpyxl

SHEETS = ["Summary", "Files", "Unsupported", "Unknown", "Changes", "Advice"]
FILES_HEADER = ["File", "Changes", "Unsupported", "Unknown", "Warnings"]
ADVICE_HEADER = ["File", "Start Line", "End Line", "Kind", "API", "Advice"]
OP_HEADER = ["File", "Start Line", "End Line", "OP", "Tips"]
CHANGE_HEADER = ["File", "Start Line", "End Line", "Operation Type", "Message"]
CHANGE_OPS = {"INSERT", "MODIFY", "DELETE", "WARNING"}
EDIT_OPS = {"INSERT", "MODIFY", "DELETE"}
# Leading characters the CSV writer defuses with a "'" (see tp_csv_cell).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CHART_BARS = 10
LITERAL_ESCAPE = re.compile(r"_(?=x[0-9A-Fa-f]{4}_)")
CONTROL = re.compile(r"[\x01-\x08\x0b-\x1f]")

errors = []


def fail(msg):
    errors.append(msg)


def read_csv(path):
    # Paths may hold bytes that are not UTF-8: the workbook shows each
    # invalid sequence as U+FFFD, as errors="replace" does.
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        rows = list(csv.reader(f))
    if not rows:
        sys.exit(f"xlsx_check: {path}: empty, no header row")
    return rows[0], rows[1:]


def undefuse(cell):
    """The text a CSV cell stands for, without its formula guard."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_START):
        return cell[1:]
    return cell


def stored_text(text):
    """text as the cell stores it: the writer escapes a literal "_xHHHH_" as
    "_x005F_xHHHH_" (else Excel would decode it) and control characters but
    tab and newline as "_xHHHH_"."""
    text = LITERAL_ESCAPE.sub("_x005F_", text)
    return CONTROL.sub(lambda m: "_x%04X_" % ord(m.group(0)), text)


def same_text(got, want_csv):
    got = "" if got is None else got
    want = undefuse(want_csv)
    # A reader that decodes the escapes returns the text itself; openpyxl
    # 3.0.9 returns a shared string with "x005F_" stripped and the other
    # escapes as they are, and an inline string as stored.
    stored = stored_text(want)
    return isinstance(got, str) and got in (want, stored, stored.replace("x005F_", ""))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_header(ws, row, names, where):
    for col, name in enumerate(names, 1):
        cell = ws.cell(row=row, column=col)
        if cell.value != name:
            fail(f"{where}: header {cell.coordinate} is {cell.value!r}, expected {name!r}")
        if not (cell.font and cell.font.b):
            fail(f"{where}: header {cell.coordinate} ({name!r}) is not bold")


def check_widths(ws, ncols):
    for col in range(1, ncols + 1):
        letter = openpyxl.utils.get_column_letter(col)
        dim = ws.column_dimensions.get(letter)
        width = dim.width if dim is not None else None
        # A width is stored in characters plus the padding Excel adds.
        if not width or width > 81:
            fail(f"{ws.title}: column {letter} width {width!r}, expected set and at most 80")


def check_frame(ws, header, nrows):
    """A five-column data sheet's frame: bold header, frozen pane, an
    autofilter over the header and nrows rows, column widths."""
    where = ws.title
    check_header(ws, 1, header, where)
    if ws.freeze_panes != "A2":
        fail(f"{where}: frozen pane at {ws.freeze_panes!r}, expected 'A2' (header row frozen)")
    want_ref = f"A1:E{nrows + 1}"
    if ws.auto_filter is None or ws.auto_filter.ref != want_ref:
        fail(f"{where}: autofilter {getattr(ws.auto_filter, 'ref', None)!r}, expected {want_ref!r}")
    check_widths(ws, 5)


def check_rows_sheet(ws, header, rows):
    """A data sheet: its frame, then rows as the CSV."""
    where = ws.title
    check_frame(ws, header, len(rows))
    if ws.max_row != len(rows) + 1:
        fail(f"{where}: {ws.max_row - 1} data rows, the CSV has {len(rows)}")
    for i, want in enumerate(rows):
        r = i + 2
        got = [ws.cell(row=r, column=c).value for c in range(1, 6)]
        for c, (g, w) in enumerate(zip(got, want)):
            if c in (1, 2):
                ok = is_int(g) and str(g) == w
            else:
                ok = same_text(g, w)
            if not ok:
                fail(f"{where}: row {r} column {header[c]!r} is {g!r}, CSV has {w!r}")
        if len(errors) > 50:
            return


def table_rows(ws, table):
    """The header and data rows of an Excel table, as cell values."""
    lo, hi = table.ref.split(":")
    c1, r1 = openpyxl.utils.cell.coordinate_from_string(lo)
    c2, r2 = openpyxl.utils.cell.coordinate_from_string(hi)
    cols = range(openpyxl.utils.column_index_from_string(c1), openpyxl.utils.column_index_from_string(c2) + 1)
    return r1, [[ws.cell(row=r, column=c).value for c in cols] for r in range(r1, r2 + 1)]


def check_table(ws, name, header, want):
    """A Summary table: filter, bold header, then want's rows (a blank row
    stands for an empty table, as Excel needs one data row)."""
    table = ws.tables.get(name)
    if table is None:
        fail(f"Summary: no table {name!r} (has {sorted(ws.tables.keys())})")
        return None
    if table.autoFilter is None:
        fail(f"Summary: table {name!r} has no autofilter")
    top, rows = table_rows(ws, table)
    check_header(ws, top, header, f"Summary table {name!r}")
    got = rows[1:]
    if not want and got == [[None] * len(header)]:
        return top
    if got != want:
        fail(f"Summary: table {name!r} rows\n  {got!r}\nexpected\n  {want!r}")
    return top


def per_file_counts(changes):
    """File -> [changes, unsupported, unknown, warnings] from the change list, in its order."""
    per_file = collections.OrderedDict()
    for r in changes:
        c = per_file.setdefault(undefuse(r[0]), [0, 0, 0, 0])
        op = r[3]
        if op in EDIT_OPS:
            c[0] += 1
        elif op == "UNSUPPORTED":
            c[1] += 1
        elif op == "UNKNOWN":
            c[2] += 1
        elif op == "WARNING":
            c[3] += 1
    return per_file


def check_files_sheet(ws, changes):
    """The Files sheet: its frame, then a row per file with its counts."""
    want = [[f] + c for f, c in per_file_counts(changes).items()]
    check_frame(ws, FILES_HEADER, len(want))
    got = [[ws.cell(row=r, column=c).value for c in range(1, 6)] for r in range(2, ws.max_row + 1)]
    if len(got) != len(want) or any(not same_text(g[0], w[0]) or g[1:] != w[1:] for g, w in zip(got, want)):
        fail(f"Files: rows\n  {got!r}\nexpected\n  {want!r}")


def check_summary(ws, changes, unsupported, unknown):
    ops = [r[3] for r in changes]
    counts = collections.Counter(ops)
    if counts["UNSUPPORTED"] != len(unsupported) or counts["UNKNOWN"] != len(unknown):
        fail(f"CSV inputs disagree: change list has {counts['UNSUPPORTED']} UNSUPPORTED / "
             f"{counts['UNKNOWN']} UNKNOWN rows, the op CSVs {len(unsupported)} / {len(unknown)}")
    per_file = per_file_counts(changes)
    totals = {
        "Files with rows": len(per_file),
        "Changes": sum(counts[o] for o in EDIT_OPS),
        "Unsupported": len(unsupported),
        "Unknown": len(unknown),
        "Warnings": counts["WARNING"],
    }
    labels = {}
    for r in range(1, ws.max_row + 1):
        v = ws.cell(row=r, column=1).value
        if isinstance(v, str) and v in totals and v not in labels:
            labels[v] = ws.cell(row=r, column=2).value
    for label, want in totals.items():
        got = labels.get(label)
        if not is_int(got) or got != want:
            fail(f"Summary: total {label!r} is {got!r}, expected {want} from the CSVs")


    api_counts = collections.Counter(undefuse(r[3]) for r in unsupported)
    apis = sorted(api_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    want_apis = [[name if name else None, n] for name, n in apis]
    charts = getattr(ws, "_charts", [])
    if apis:
        top = check_table(ws, "UnsupportedAPIs", ["API", "Count"], want_apis)
        if len(charts) != 1:
            fail(f"Summary: {len(charts)} charts, expected 1 (there are unsupported rows)")
        elif top is not None:
            bars = min(CHART_BARS, len(apis))
            # One bar: Excel writes the one cell, not a range.
            want_cat = f"Summary!$A${top + 1}" + (f":$A${top + bars}" if bars > 1 else "")
            want_val = f"Summary!$B${top + 1}" + (f":$B${top + bars}" if bars > 1 else "")
            series = charts[0].series
            got_cat = series[0].cat.strRef.f if series and series[0].cat and series[0].cat.strRef else None
            got_val = series[0].val.numRef.f if series and series[0].val and series[0].val.numRef else None
            if len(series) != 1 or got_cat != want_cat or got_val != want_val:
                fail(f"Summary: chart plots {got_cat!r} / {got_val!r}, expected the top {bars} "
                     f"APIs {want_cat!r} / {want_val!r}")
    else:
        if "UnsupportedAPIs" in ws.tables:
            fail("Summary: table 'UnsupportedAPIs' present without unsupported rows")
        if charts:
            fail(f"Summary: {len(charts)} charts, expected none (no unsupported rows)")
    check_widths(ws, 2)


def main(argv):
    if len(argv) != 5:
        sys.exit(__doc__.split("\n\n")[1])
    xlsx, change_csv, unsupported_csv, unknown_csv = argv[1:]
    head, changes = read_csv(change_csv)
    if head != CHANGE_HEADER:
        sys.exit(f"xlsx_check: {change_csv}: header {head!r}")
    _, unsupported = read_csv(unsupported_csv)
    _, unknown = read_csv(unknown_csv)
    try:
        wb = openpyxl.load_workbook(xlsx)
    except Exception as e:  # a corrupt workbook is the finding
        print(f"xlsx_check: {xlsx}: cannot read: {e}", file=sys.stderr)
        return 1
    if wb.sheetnames != SHEETS:
        print(f"xlsx_check: {xlsx}: sheets {wb.sheetnames!r}, expected {SHEETS!r}", file=sys.stderr)
        return 1
    check_summary(wb["Summary"], changes, unsupported, unknown)
    check_files_sheet(wb["Files"], changes)
    check_rows_sheet(wb["Unsupported"], OP_HEADER, unsupported)
    check_rows_sheet(wb["Unknown"], OP_HEADER, unknown)
    check_rows_sheet(wb["Changes"], CHANGE_HEADER, [r for r in changes if r[3] in CHANGE_OPS])
    # The Advice sheet: the precision, performance and affinity CSVs beside the change list.
    folder = os.path.dirname(change_csv)
    advice = []
    for name, kind in (("api_precision_advice.csv", "precision"), ("api_performance_advice.csv", "performance")):
        advice += [[r[0], r[1], r[2], kind, r[3], r[4]] for r in read_csv(os.path.join(folder, name))[1]]
    advice += [[r[0], r[1], r[2], f"NPU-affine ({r[3]})", r[4], r[5]] for r in read_csv(os.path.join(folder, "affinity_api_call.csv"))[1]]
    # Both sides in one total order (rows of one line differ in kind and API).
    def order(r):
        return (r[0], int(r[1]), int(r[2]), r[3] or "", r[4] or "")
    advice.sort(key=order)
    got = wb["Advice"]
    got_rows = sorted(([c.value for c in row] for row in got.iter_rows(min_row=2)), key=order)
    want_rows = [[r[0], int(r[1]), int(r[2])] + r[3:] for r in advice]
    if [r[:4] + [r[4]] for r in got_rows] != [r[:5] for r in want_rows]:
        errors.append(f"Advice: rows {got_rows!r} do not match the advice CSVs {want_rows!r}")
    if errors:
        print(f"xlsx_check: {xlsx}: {len(errors)} mismatches with the CSVs:", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
