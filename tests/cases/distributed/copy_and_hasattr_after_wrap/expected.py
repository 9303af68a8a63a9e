# After the wrap (a2c-ppo-acktr's main.py), the model's own attributes that
# hasattr/getattr name are looked at in .module, and a copy of the model is a
# copy of the plain module, so that it loads the model's state_dict().
import copy
from copy import deepcopy

import torch
import torch_npu
from torch import nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.obs_filter = None

    def forward(self, x):
        return self.fc(x)


algo = "ppo"
actor_critic = Policy()
actor_critic.obs_filter = []
actor_critic.npu()
actor_critic = torch.nn.parallel.DistributedDataParallel(actor_critic.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(actor_critic.parameters(), lr=0.01)
if algo == "ppo":
    old_model = copy.deepcopy(actor_critic.module)
for update in range(3):
    x = torch.randn(8, 4).npu()
    old_model.load_state_dict(actor_critic.module.state_dict())
    loss = -torch.exp(actor_critic(x) - old_model(x).detach()).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if hasattr(actor_critic.module, "obs_filter"):
        actor_critic.module.obs_filter.append(update)
    if getattr(actor_critic, "training", False) and hasattr(actor_critic.module, "fc"):
        best = deepcopy(actor_critic.module)
print(len(actor_critic.module.obs_filter), type(best).__name__)
