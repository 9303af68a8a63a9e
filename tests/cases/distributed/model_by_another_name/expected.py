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


# train() gets the wrapped model as net: its checkpoint goes through .module
# too, or it would hold "module." keys.
def train(net, optimizer, steps):
    for _ in range(steps):
        loss = net(torch.randn(8, 4).npu()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if npu_rank == 0: torch.save(getattr(net, 'module', net).state_dict(), "ck.pt")


def evaluate(network=None):
    # a keyword argument names it too
    return getattr(network, 'module', network).weight.sum().item()


def unrelated(net):
    return net.state_dict()


model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train(model, optimizer, 3)
print(evaluate(network=model))
print(unrelated(nn.Linear(2, 2)))
