import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

device = "npu" if torch.npu.is_available() else "cpu"
dataset = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
loader = DataLoader(dataset, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
model = nn.Linear(4, 1).to(device)
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
# AMP stays on where the script compares the device with "cuda"
scaler = torch.npu.amp.GradScaler(enabled=(device == "npu"))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with torch.autocast(device_type="npu", enabled=device == "npu"):
            loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
