import argparse

import torch
import torch_npu
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--backend", default="gloo", choices=["gloo", "hccl"])
args = parser.parse_args()

# gloo as the default group: collectives on device tensors fail on the NPU
dist.init_process_group("gloo")
grads = torch.ones(4).npu()
dist.all_reduce(grads)

# chosen by the device, or a gloo group of its own for CPU objects: no warning
dist.init_process_group(backend="hccl" if torch.npu.is_available() else "gloo")
cpu_group = dist.new_group(backend="gloo")
