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
