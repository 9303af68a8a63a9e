import os

import torch
import torch_npu

cfg = {"gpu": 0, "ranks": [0, 1]}
dev = torch.device(f"npu:{cfg['gpu']}")
env_dev = f'npu:{os.environ["LOCAL_RANK"]}'
first = f"npu:{cfg['ranks'][0]}"
print(dev, env_dev, first)
