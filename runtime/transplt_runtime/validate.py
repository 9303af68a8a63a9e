"""The `validate` command: runs the original on the cuda shim and the conversion on the npu shim, then compares."""
import math
import os
import subprocess
import tempfile

from . import report, spawn

_ROLES = (("original", "cuda"), ("converted", "npu"))
_MAX_PARAM_LINES = 10


def validate(original, converted, script_args=(), max_steps=None, rtol=0.0, seed=0, op_version=None):
    """Print the verdict; returns 0 when the runs match, 1 when they differ, crash or trip the tripwire."""
    scripts = {"original": original, "converted": converted}
    with tempfile.TemporaryDirectory(prefix="transplt-validate-") as tmp:
        runs = {}
        for role, device in _ROLES:
            # A fresh, empty working directory each: files one run writes cannot feed the other.
            workdir = os.path.join(tmp, role)
            os.mkdir(workdir)
            record, log = os.path.join(tmp, f"{role}.json"), os.path.join(tmp, f"{role}.log")
            command = spawn.exec_command(device, scripts[role], record, script_args, seed=seed,
                                         max_steps=max_steps, op_version=op_version)
            with open(log, "wb") as output:
                process = subprocess.Popen(command, cwd=workdir, env=spawn.child_env(),
                                           stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
            runs[role] = (process, record, log)
        results = {}
        for role, (process, record, log) in runs.items():
            code = process.wait()
            results[role] = (code, spawn.read_record(record), spawn.tail(log))
    return _verdict(scripts, results, rtol)


def _verdict(scripts, results, rtol):
    crashed = False
    for role, device in _ROLES:
        code, record, output_tail = results[role]
        if code != 0 or record is None:
            crashed = True
            print(f"{role} script {scripts[role]} failed on the {device} shim (exit {code}):")
            print(output_tail.rstrip())
        else:
            stop = ", stopped by --max-steps" if record["stopped_early"] else ""
            print(f"{role}: {scripts[role]} on the {device} shim, {record['steps']} optimizer steps{stop}")
    original, converted = results["original"][1], results["converted"][1]
    hits = converted["tripwire"] if converted is not None else []
    if converted is not None:
        print(_ops_summary(converted["ops"]))
        for warning in report.by_location(converted["warnings"]):
            print(report.format_warning(warning))
        for hit in report.by_location(hits):
            print(report.format_hit(hit))
    if crashed:
        return 1
    differences = compare(original, converted, rtol)
    for line in differences:
        print(line)
    if not differences:
        params = sum(len(entry["params"]) for entry in original["params"].values())
        within = f" within rtol {rtol:g}" if rtol else ""
        print(f"EQUAL: {len(original['losses'])} losses, {original['steps']} optimizer steps, "
              f"{params} parameter checksums match{within}")
    if hits:
        print(f"FAILED: the converted script still uses CUDA in {len(hits)} place(s)")
    return 1 if differences or hits else 0


def _ops_summary(ops):
    if "error" in ops:
        return f"ops: {len(ops['calls'])} torch APIs called; {ops['error']}"
    unsupported = ops["unsupported"]
    text = (f"ops: {len(ops['calls'])} torch APIs called, {len(unsupported)} unsupported "
            f"and {len(ops['unknown'])} unknown on torch_npu {ops['version']}")
    if unsupported:
        text += ": " + ", ".join(f"{name} ({entry['count']} call{'s' if entry['count'] > 1 else ''})"
                                 for name, entry in unsupported.items())
    return text


def _close(a, b, rtol):
    if a == b or (math.isnan(a) and math.isnan(b)):
        return True
    return rtol > 0 and abs(a - b) <= rtol * max(abs(a), abs(b))


def _pair(a, b):
    """Both values with just enough digits to tell them apart."""
    for digits in range(8, 18):
        text_a, text_b = f"{a:.{digits}g}", f"{b:.{digits}g}"
        if text_a != text_b:
            break
    return text_a, text_b


def compare(original, converted, rtol=0.0):
    """Lines describing how the two records differ; empty when they match."""
    lines = []
    for number, (a, b) in enumerate(zip(original["losses"], converted["losses"]), 1):
        if not _close(a, b, rtol):
            text_a, text_b = _pair(a, b)
            lines.append(f"DIFFER at backward #{number}: original {text_a} vs converted {text_b}")
            break
    if len(original["losses"]) != len(converted["losses"]):
        lines.append(f"DIFFER: original called backward {len(original['losses'])} times, "
                     f"converted {len(converted['losses'])}")
    if original["steps"] != converted["steps"]:
        lines.append(f"DIFFER: original made {original['steps']} optimizer steps, converted {converted['steps']}")
    param_lines = _compare_params(original["params"], converted["params"], rtol)
    lines += param_lines[:_MAX_PARAM_LINES]
    if len(param_lines) > _MAX_PARAM_LINES:
        lines.append(f"... and {len(param_lines) - _MAX_PARAM_LINES} more parameter differences")
    return lines


def _compare_params(original, converted, rtol):
    lines = []
    for module in sorted(set(original) | set(converted)):
        if module not in converted or module not in original:
            role = "original" if module in original else "converted"
            lines.append(f"DIFFER: module {module} exists only in the {role} run")
            continue
        a, b = original[module]["params"], converted[module]["params"]
        for name in sorted(set(a) | set(b)):
            where = f"{module}.{name}"
            if name not in a or name not in b:
                role = "original" if name in a else "converted"
                lines.append(f"DIFFER: parameter {where} exists only in the {role} run")
            elif rtol == 0 and a[name]["sha256"] != b[name]["sha256"]:
                lines.append(f"DIFFER: parameter {where} checksum: original {a[name]['sha256'][:16]} "
                             f"vs converted {b[name]['sha256'][:16]}")
            elif rtol > 0 and not all(_close(a[name][key], b[name][key], rtol) for key in ("sum", "abs_sum")):
                text_a, text_b = _pair(a[name]["sum"], b[name]["sum"])
                lines.append(f"DIFFER: parameter {where} sum: original {text_a} vs converted {text_b}")
    return lines
