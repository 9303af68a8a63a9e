import os

import torch

cfg = {"gpu": 0, "ranks": [0, 1]}
dev = torch.device(f"cuda:{cfg['gpu']}")
env_dev = f'cuda:{os.environ["LOCAL_RANK"]}'
first = f"cuda:{cfg['ranks'][0]}"
print(dev, env_dev, first)
