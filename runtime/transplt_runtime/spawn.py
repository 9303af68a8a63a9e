"""Command lines, environments and records of the `exec` child processes that validate and run start."""
import json
import os
import sys

_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def exec_command(device, script, record, script_args=(), seed=0, max_steps=None, op_version=None):
    command = [sys.executable, "-m", "transplt_runtime", "exec", "--device", device,
               "--record", record, "--seed", str(seed)]
    if max_steps is not None:
        command += ["--max-steps", str(max_steps)]
    if op_version is not None:
        command += ["--op-version", op_version]
    return command + [os.path.abspath(script), "--", *script_args]


def child_env(**extra):
    """This environment, plus the package on PYTHONPATH and a fixed hash seed for equal runs."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_PARENT, env.get("PYTHONPATH")]))
    env["PYTHONHASHSEED"] = "0"
    env.update(extra)
    return env


def read_record(path):
    """The JSON record a child wrote, or None when it wrote none."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def tail(path, lines=20):
    with open(path, encoding="utf-8", errors="replace") as f:
        return "".join(f.readlines()[-lines:])
