# the model's method runs in a helper with no backward of its own, and the
# backward shares its line: a WARNING says to average the gradients by hand
import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Linear(4, 1)

    def get_value(self, x):
        return self.critic(x)


def value_loss(net, x):
    return getattr(net, 'module', net).get_value(x).pow(2).mean()


agent = Agent().npu()
agent = torch.nn.parallel.DistributedDataParallel(agent.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(agent.parameters(), lr=0.1)
for step in range(3):
    x = torch.randn(8, 4).npu()
    loss = value_loss(agent, x)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    loss = agent.module.get_value(x).mean()
    optimizer.zero_grad(); loss.backward(); optimizer.step()
