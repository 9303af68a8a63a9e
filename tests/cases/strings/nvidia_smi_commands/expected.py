"""Reads the GPUs' memory with nvidia-smi."""
import os
import subprocess

import torch
import torch_npu

ntasks = int(os.popen("nvidia-smi -L | wc -l").read())
total = subprocess.check_output("nvidia-smi --query-gpu=memory.total --format=csv".split())
subprocess.run(["nvidia-smi", "-L"], check=True)
print("see nvidia-smi for the memory in use")
x = torch.zeros(ntasks).npu()
