import os, torch

os.environ.setdefault("CUDA_VISIBLE_DEVICES", "0")
print("visible devices:", torch.cuda.device_count())
