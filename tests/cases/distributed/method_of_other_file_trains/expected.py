# CloserLookFewShot's train.py in brief: a method of another file's class that
# gets the optimizer trains inside (a WARNING); its test_loop does not.
import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset
from helpers import Net
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
model = Net().npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    model.module.train_loop(loader, opt)
    acc = model.module.test_loop(loader)
