"""A converted script with CUDA uses left in it; each one carries a TRIP marker naming what the tripwire reports."""
import socket

import torch
import torch_npu
import torch.distributed as dist
import torch.nn as nn
from torch.cuda.amp import autocast  # TRIP import torch.cuda.amp
from torch.utils.data import DataLoader, TensorDataset

import leftover_helper

# Not device uses: the tripwire must stay quiet on these.
torch.backends.cudnn.benchmark = True
print("a string that mentions cuda")
torch.manual_seed(0)
npu_device = torch.device("npu:0")
model = nn.Linear(4, 2).npu()

device = torch.device("cuda")  # TRIP torch.device('cuda')
model.cuda()  # TRIP Module.cuda()
x = torch.randn(8, 4).cuda()  # TRIP Tensor.cuda()
if x.is_cuda:  # TRIP Tensor.is_cuda
    y = torch.zeros(2, device="cuda:0")  # TRIP device 'cuda:0'
z = x.to("cuda")  # TRIP device 'cuda'
torch.cuda.synchronize()  # TRIP torch.cuda.synchronize
count = torch.cuda.device_count()  # TRIP torch.cuda.device_count
leftover_helper.free_memory()

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{port}", world_size=1, rank=0)  # TRIP backend 'nccl'
dist.destroy_process_group()

loader = DataLoader(TensorDataset(x), batch_size=4, pin_memory=True)
for (batch,) in loader:
    with autocast():
        loss = model(batch.to(npu_device)).sum()
    loss.backward()
w = x.to(0)  # WARN bare int device
