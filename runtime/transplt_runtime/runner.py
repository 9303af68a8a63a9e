"""The `exec` command: installs shim, tripwire, recorder and op trace, runs a script, writes its record."""
import json
import os
import random
import runpy
import sys
import traceback

import torch

from . import distributed, opsupport, optrace, recorder, report, shim, tripwire


def seed_everything(seed):
    random.seed(seed)
    try:
        import numpy
    except ImportError:
        pass
    else:
        numpy.random.seed(seed)
    torch.manual_seed(seed)


def _exit_code(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _ops_record(trace, op_version):
    ops = {"calls": dict(sorted(trace.calls.items()))}
    try:
        support = opsupport.load_support()
    except (OSError, ValueError) as e:
        ops["error"] = f"no op-support data: {e}"
        return ops
    ops.update(opsupport.classify(trace.calls, support, op_version or support["default"]))
    return ops


def execute(device, script, script_args, record_path=None, max_steps=None, seed=0, op_version=None):
    """Run `script` on the `device` shim ("cuda" or "npu"); returns the process exit code."""
    trace = optrace.OpTrace()
    wire = tripwire.Tripwire()
    shim.install(device, wire)
    rec = recorder.Recorder(max_steps)
    rec.install()
    trace.install()
    sync = {}

    def check_sync():
        # This rank's training is over: `run` tells a rank that hangs from one waiting for it.
        done = os.environ.get("TRANSPLT_DONE_FILE")
        if done:
            open(done, "w").close()
        # One rank has nothing to compare with.
        if "result" not in sync and torch.distributed.get_world_size() > 1:
            with optrace.quiet():
                sync["result"] = distributed.check_ranks_in_sync(
                    recorder.flat_digests(rec.parameter_checksums(trainable_only=True)), rec.first_step,
                    rec.step_digests)

    distributed.before_destroy(check_sync)
    seed_everything(seed)

    path = os.path.abspath(script)
    sys.argv = [script, *script_args]
    # As `python SCRIPT` does, so that the script's sibling modules import.
    sys.path[0] = os.path.dirname(path)
    exit_code, error, stopped = 0, None, False
    try:
        with trace:
            runpy.run_path(path, run_name="__main__")
    except recorder.StopRun:
        stopped = True
    except SystemExit as e:
        exit_code = _exit_code(e.code)
    except BaseException as e:
        traceback.print_exc()
        exit_code, error = 1, f"{type(e).__name__}: {e}"
    sys.stdout.flush()

    if exit_code == 0 and distributed.is_initialized():
        check_sync()
    record = {
        "device": device, "script": path, "args": list(script_args), "seed": seed,
        "rank": int(os.environ.get("RANK", "0")), "exit_code": exit_code, "error": error,
        "stopped_early": stopped, "losses": rec.losses, "steps": rec.steps,
        "params": rec.parameter_checksums(), "loader_batches": rec.loader_batches(),
        "tripwire": wire.hits, "warnings": wire.warnings, "ops": _ops_record(trace, op_version),
        "sync": sync.get("result"),
    }
    for hit in report.by_location(wire.hits):
        print(report.format_hit(hit), file=sys.stderr)
    for warning in report.by_location(wire.warnings):
        print(report.format_warning(warning), file=sys.stderr)
    if stopped:
        print(f"transplt: stopped after {rec.steps} steps", file=sys.stderr)
    if record_path:
        with open(record_path, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1, sort_keys=True)
    return exit_code
