import torch
import torch_npu

MAGIC = b"cuda"
BACKEND = b"nccl"
NAME = "cu" "da"
DEV = ("cuda"
       ":0")
print(torch.zeros(1), MAGIC, BACKEND, NAME, DEV)
