import argparse
from typing import Literal

import torch
import torch_npu

# The NPU is one of the choices already (FastChat): "cuda" stays, or the list
# would name "npu" twice and lose the GPU entry.
parser = argparse.ArgumentParser()
parser.add_argument("--device", default="npu", choices=["cpu", "cuda", "mps", "xpu", "npu"])
accelerators = ("cuda", "npu")
args = parser.parse_args()
x = torch.zeros(2, device=args.device)
devices = ["npu", "cpu"]


# an annotation's Literal[...] that holds "npu" already (sentence-transformers)
def get_device_name() -> Literal["mps", "cuda", "npu", "cpu"]:
    return "cpu"
