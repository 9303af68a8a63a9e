import os
import subprocess
import sys


def launch(script, gpus):
    env = dict(os.environ)
    env["CUDA_VISIBLE_DEVICES"] = ",".join(str(g) for g in gpus)
    return subprocess.run([sys.executable, script], env=env, check=True)


def visible():
    return os.environ.get('CUDA_VISIBLE_DEVICES', "")

# by keyword too
child_env = dict(os.environ, CUDA_VISIBLE_DEVICES="1", PYTORCH_CUDA_ALLOC_CONF="expandable_segments:True")

# debugging and error handling switches have Ascend names too
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
os.environ["NCCL_ASYNC_ERROR_HANDLING"] = "1"
debug_env = dict(os.environ, TORCH_NCCL_ASYNC_ERROR_HANDLING="1")
