import os
import subprocess
import sys


def launch(script, gpus):
    env = dict(os.environ)
    env["ASCEND_RT_VISIBLE_DEVICES"] = ",".join(str(g) for g in gpus)
    return subprocess.run([sys.executable, script], env=env, check=True)


def visible():
    return os.environ.get('ASCEND_RT_VISIBLE_DEVICES', "")

# by keyword too
child_env = dict(os.environ, ASCEND_RT_VISIBLE_DEVICES="1", PYTORCH_NPU_ALLOC_CONF="expandable_segments:True")

# debugging and error handling switches have Ascend names too
os.environ["ASCEND_LAUNCH_BLOCKING"] = "1"
os.environ["HCCL_ASYNC_ERROR_HANDLING"] = "1"
debug_env = dict(os.environ, HCCL_ASYNC_ERROR_HANDLING="1")
