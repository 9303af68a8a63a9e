"""Helpers shared by the runtime tests: run the runtime's command line in a subprocess and read its records."""
import hashlib
import json
import os
import re
import subprocess
import sys

import torch
import torch.nn.functional as F

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(TESTS_DIR, "data")
RUNTIME_DIR = os.path.dirname(TESTS_DIR)
REPO = os.path.dirname(RUNTIME_DIR)


def data(name):
    return os.path.join(DATA, name)


def cli(*args, cwd=None, env=None, timeout=180):
    """Run `python -m transplt_runtime ARGS` and return the CompletedProcess (text output)."""
    full_env = dict(os.environ, PYTHONPATH=RUNTIME_DIR)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "transplt_runtime", *args], cwd=cwd or TESTS_DIR,
                          env=full_env, capture_output=True, text=True, timeout=timeout)


def exec_script(tmp_path, device, script, *script_args, options=(), cwd=None, env=None):
    """Run `exec` on `script`; returns (CompletedProcess, record)."""
    record = tmp_path / f"record-{device}.json"
    result = cli("exec", "--device", device, "--record", str(record), *options, script, "--", *script_args,
                 cwd=cwd, env=env)
    with open(record, encoding="utf-8") as f:
        return result, json.load(f)


def last_json_line(text):
    return json.loads(text.strip().splitlines()[-1])


def markers(path, tag):
    """{line number: text after "# TAG "} for every line of `path` carrying such a marker."""
    found = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if f"# {tag} " in line:
                found[number] = line.split(f"# {tag} ", 1)[1].strip()
    return found


def linreg_reference(epochs, lr=0.1):
    """linreg.py's losses and final parameter digests, computed here with plain torch."""
    x = torch.linspace(-1, 1, 16).unsqueeze(1)
    y = 2 * x + 1
    model = torch.nn.Linear(1, 1)
    with torch.no_grad():
        model.weight.fill_(0.5)
        model.bias.fill_(-0.25)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(epochs):
        for start in range(0, 16, 4):
            optimizer.zero_grad()
            loss = F.mse_loss(model(x[start:start + 4]), y[start:start + 4])
            loss.backward()
            optimizer.step()
            losses.append(float(loss))
    digests = {name: hashlib.sha256(p.detach().double().numpy().tobytes()).hexdigest()
               for name, p in model.named_parameters()}
    return losses, digests


def convert_like_transplt(source):
    """The built-in conversion rules of design.md §3 that the fixtures need, applied with regexes.

    A stand-in for the C converter so that the runtime's tests do not depend on it being built.
    """
    converted = re.sub(r"^(import torch)$", r"\1\nimport torch_npu", source, count=1, flags=re.M)
    converted = converted.replace("torch.cuda", "torch.npu")
    converted = re.sub(r"\.cuda\(", ".npu(", converted)
    converted = converted.replace(".is_cuda", ".is_npu")
    converted = re.sub(r"([\"'])cuda(:\d+)?\1", r"\1npu\2\1", converted)
    return converted.replace('"nccl"', '"hccl"')
