import torch
import torch_npu

RAW = b"cuda"
RAW_BACKEND = b'nccl'
JOINED = "cu" "da"
PARTS = ("cuda"
         ":0")
LABEL = ("cuda" "")
DEV = "npu"
print(torch.device(DEV), RAW, RAW_BACKEND, JOINED, PARTS, LABEL)
