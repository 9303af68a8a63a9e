# A default argument picks a device when the function is defined, at import:
# the process group goes at the top, not into the __main__ block.
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


def train(model, loader, device=f'npu:{npu_local_rank}', dev2=torch.device("npu")):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        x = x.to(device)
        loss = ((model(x) - y.to(device)) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    loader = torch.utils.data.DataLoader(data, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(data))
    model = nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    train(model, loader)
