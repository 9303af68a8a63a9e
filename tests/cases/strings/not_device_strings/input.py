import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"], help="cuda or cpu")
parser.add_argument("--no-cuda", action="store_true", help="disable CUDA")
args = parser.parse_args()

print("using cuda" if torch.cuda.is_available() else "using cpu")
print("CUDA", "Cuda", "cuda device", "cudnn", "cuda ", " cuda", "cuda_graphs", "cuda:x", "cuda:0:1")
print("NCCL", "nccl_debug", "NCCL_DEBUG", "cuda_visible_devices", "CUDA_VISIBLE_DEVICES=0")
