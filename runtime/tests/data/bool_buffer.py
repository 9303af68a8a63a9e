"""A converted DDP script whose model holds a bool buffer (PaLM's causal mask), set apart on rank 1:
DDP's wrap broadcasts rank 0's, as hccl does, and each rank prints what it holds then."""
import os

import torch
import torch_npu
import torch.distributed as dist


class Net(torch.nn.Module):
    def __init__(self, rank):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)
        self.register_buffer("mask", torch.tensor([True, True, rank == 0, True]))

    def forward(self, x):
        return self.fc(x).masked_fill(~self.mask, 0.0)


local_rank = int(os.environ["LOCAL_RANK"])
torch.npu.set_device(local_rank)
dist.init_process_group(backend="hccl")
torch.manual_seed(0)
model = torch.nn.parallel.DistributedDataParallel(Net(dist.get_rank()).npu(), device_ids=[local_rank])
print(f"rank {dist.get_rank()} mask {model.module.mask.tolist()} {model.module.mask.dtype}")
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    model(torch.randn(2, 4).npu()).sum().backward()
    opt.step()
    opt.zero_grad()
