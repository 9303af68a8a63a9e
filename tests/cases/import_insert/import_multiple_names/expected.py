import os, torch
import torch_npu

os.environ.setdefault("ASCEND_RT_VISIBLE_DEVICES", "0")
print("visible devices:", torch.npu.device_count())
