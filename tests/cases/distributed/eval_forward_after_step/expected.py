# A forward after the step that no backward follows (an evaluation, as
# MorvanZhou's 502_GPU.py prints every 50 steps) is no second forward before a
# backward: the wrap keeps broadcast_buffers.
import torch
import torch_npu
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
cnn = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 2)).npu()
cnn = torch.nn.parallel.DistributedDataParallel(cnn.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(cnn.parameters(), lr=0.01)
test_x = torch.randn(16, 4).npu()
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(1):
    loader.sampler.set_epoch(epoch)
    for step, (x, y) in enumerate(loader):
        output = cnn(x.npu())
        loss = nn.functional.cross_entropy(output, y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 50 == 0:
            test_output = cnn(test_x)
            print(test_output.argmax(1)[:4])
