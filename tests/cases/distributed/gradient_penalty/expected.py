# A WGAN-GP step (rosinality's style-based-gan): the penalty through the wrapped
# discriminator has a backward of its own, which DDP's reducer cannot finish:
# a WARNING at the autograd.grad call.
import torch
import torch_npu
from torch import nn, optim
from torch.autograd import grad
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

G = nn.Linear(4, 8).npu()
G = torch.nn.parallel.DistributedDataParallel(G.npu(), device_ids=[npu_local_rank])
D = nn.Sequential(nn.Linear(8, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1)).npu()
D = torch.nn.parallel.DistributedDataParallel(D.npu(), device_ids=[npu_local_rank], broadcast_buffers=False)
g_opt = optim.Adam(G.parameters(), lr=1e-3)
d_opt = optim.Adam(D.parameters(), lr=1e-3)
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 8))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for (real,) in loader:
        real = real.npu()
        D.zero_grad()
        D(real).mean().neg().backward()
        fake = G(torch.randn(real.size(0), 4).npu()).detach()
        D(fake).mean().backward()
        eps = torch.rand(real.size(0), 1).npu()
        x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
        g, = grad(D(x_hat).sum(), x_hat, create_graph=True)
        ((g.norm(2, dim=1) - 1) ** 2).mean().mul(10).backward()
        d_opt.step()

        G.zero_grad()
        D(G(torch.randn(real.size(0), 4).npu())).mean().neg().backward()
        g_opt.step()
