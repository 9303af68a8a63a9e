"""The `run` command: runs a converted script on the npu shim as N gloo ranks and checks that they end in sync."""
import os
import socket
import subprocess
import sys
import tempfile
import time

from . import spawn


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _record_paths(record, nproc, tmp):
    base = record or os.path.join(tmp, "record.json")
    if nproc == 1:
        return [base]
    root, ext = os.path.splitext(base)
    return [f"{root}.rank{rank}{ext or '.json'}" for rank in range(nproc)]


def _wait_all(processes, done_files, hang_after):
    """Wait for every rank; when one fails, stop the others, which would wait for it forever.
    A rank that has not finished its script hang_after seconds after another did (its done
    file) waits in a collective that the finished one never joins: all are stopped then.

    Returns each rank's exit code, None for a rank stopped, and the ranks stopped as hung.
    """
    codes = [None] * len(processes)
    running = set(range(len(processes)))
    first_done = None
    hung = []
    while running:
        for rank in sorted(running):
            code = processes[rank].poll()
            if code is not None:
                codes[rank] = code
                running.discard(rank)
        if first_done is None and (any(code == 0 for code in codes) or any(map(os.path.exists, done_files))):
            first_done = time.monotonic()
        failed = any(code not in (None, 0) for code in codes)
        if running and (failed or (first_done is not None and time.monotonic() - first_done > hang_after)):
            hung = [] if failed else [rank for rank in sorted(running) if not os.path.exists(done_files[rank])]
            for rank in running:
                processes[rank].terminate()
                processes[rank].wait()
            break
        time.sleep(0.05)
    return codes, hung


def run(script, script_args=(), nproc=1, max_steps=None, record=None, seed=0, op_version=None, hang_after=60.0):
    """Returns 0 when every rank succeeds and, with several ranks, their parameters agree."""
    with tempfile.TemporaryDirectory(prefix="transplt-run-") as tmp:
        paths = _record_paths(record, nproc, tmp)
        port = str(_free_port())
        processes = []
        done_files = [os.path.join(tmp, f"done.rank{rank}") for rank in range(nproc)]
        for rank in range(nproc):
            env = spawn.child_env(RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc),
                                  LOCAL_WORLD_SIZE=str(nproc), MASTER_ADDR="127.0.0.1", MASTER_PORT=port,
                                  TRANSPLT_DONE_FILE=done_files[rank])
            env.setdefault("TRANSPLT_DEVICE_COUNT", str(nproc))
            # Each rank its own seed, as separate processes have their own randomness: what DDP
            # does not broadcast or synchronise (a model left unwrapped) then ends out of sync.
            command = spawn.exec_command("npu", script, paths[rank], script_args, seed=seed + rank,
                                         max_steps=max_steps, op_version=op_version)
            processes.append(subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL))
        codes, hung = _wait_all(processes, done_files, hang_after)
        records = [spawn.read_record(path) for path in paths]

    failed = False
    for rank, (code, rec) in enumerate(zip(codes, records)):
        if rank in hung:
            failed = True
            print(f"rank {rank}: still training {hang_after:g} s after another rank finished, so stopped: it waits in a "
                  "collective (a DDP step, an all_reduce) that the finished rank never joins, as when the ranks run "
                  "different numbers of steps (data or episode lengths per rank, a break or early stop on one rank); "
                  "or its own work at the end takes longer: then give --hang-after more seconds",
                  file=sys.stderr)
            continue
        if code is None:
            failed = True
            print(f"rank {rank}: stopped after another rank " + ("hung" if hung else "failed"), file=sys.stderr)
            continue
        if code != 0 or rec is None:
            failed = True
            print(f"rank {rank}: failed (exit {code})", file=sys.stderr)
            continue
        batches = "; ".join(f"{loader} batches per epoch: {', '.join(map(str, epochs))}"
                            for loader, epochs in rec["loader_batches"].items())
        print(f"rank {rank}: {rec['steps']} optimizer steps" + (f"; {batches}" if batches else ""))
    if nproc > 1 and not failed:
        sync = records[0]["sync"]
        if sync is None:
            print("ranks not compared: the script never initialised torch.distributed")
        elif not sync["in_sync"]:
            failed = True
    return 1 if failed else 0
