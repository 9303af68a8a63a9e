"""A GAN step as rosinality's loops write it: requires_grad(G, False) after G's step. With --wrap both
models are DDP-wrapped; without it, G is not, and each rank trains its own G."""
import os
import sys

import torch
import torch_npu  # noqa: F401
from torch import nn, optim

torch.distributed.init_process_group(backend="hccl", rank=int(os.environ["RANK"]), world_size=int(os.environ["WORLD_SIZE"]))
torch.manual_seed(int(os.environ["RANK"]))  # ranks start apart: only DDP's broadcast brings them together


def requires_grad(model, flag):
    for p in model.parameters():
        p.requires_grad = flag


G = nn.Linear(4, 8).npu()
D = torch.nn.parallel.DistributedDataParallel(nn.Linear(8, 1).npu())
if "--wrap" in sys.argv:
    G = torch.nn.parallel.DistributedDataParallel(G)
g_opt = optim.Adam(G.parameters(), lr=1e-2)
d_opt = optim.Adam(D.parameters(), lr=1e-2)
for step in range(3):
    requires_grad(G, False)
    requires_grad(D, True)
    D.zero_grad()
    (D(G(torch.randn(8, 4).npu())).mean() - D(torch.randn(8, 8).npu()).mean()).backward()
    d_opt.step()
    requires_grad(G, True)
    requires_grad(D, False)
    G.zero_grad()
    D(G(torch.randn(8, 4).npu())).mean().neg().backward()
    g_opt.step()
    requires_grad(G, False)
    requires_grad(D, True)
