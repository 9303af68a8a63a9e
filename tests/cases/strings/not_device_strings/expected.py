import argparse

import torch
import torch_npu

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="npu", choices=["npu", "cpu"], help="cuda or cpu")
parser.add_argument("--no-cuda", action="store_true", help="disable CUDA")
args = parser.parse_args()

print("using cuda" if torch.npu.is_available() else "using cpu")
print("CUDA", "Cuda", "cuda device", "cudnn", "cuda ", " cuda", "cuda_graphs", "cuda:x", "cuda:0:1")
print("HCCL", "nccl_debug", "NCCL_DEBUG", "cuda_visible_devices", "CUDA_VISIBLE_DEVICES=0")

# attribute and module names: hasattr(torch.backends, "cuda") asks for torch.backends.cuda,
# find_spec("cuda") for the cuda-python package; getattr(torch, "cuda") is torch.cuda itself
import importlib.util

has_backend = hasattr(torch.backends, "cuda") and getattr(torch.backends, "cuda") is not None
has_cuda_python = importlib.util.find_spec("cuda") is not None
module = getattr(torch, "npu")
device = getattr(args, "device", "npu")

# a dict that has an "npu" entry already keeps its "cuda" one: renaming would override it
DTYPES = {"npu": torch.bfloat16, "cuda": torch.float16, "cpu": torch.float32}
