import torch
import torch_npu
from sklearn.model_selection import train_test_split
from torch.utils.data import DataLoader, RandomSampler, SequentialSampler, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

# BERT's fine-tuning pattern: a RandomSampler (also through a name) becomes
# a DistributedSampler, a SequentialSampler one that reads in order; one
# with num_samples says something no DistributedSampler does, and stays.
# An unseeded train_test_split draws another split on each rank.
data = TensorDataset(torch.randn(80, 4), torch.randint(0, 2, (80,)))
train_dataset, rest = train_test_split(data, test_size=0.2)
eval_dataset = TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
train_sampler = torch.utils.data.distributed.DistributedSampler(train_dataset)
train_loader = DataLoader(train_dataset, sampler=train_sampler, batch_size=8)
eval_loader = DataLoader(eval_dataset, sampler=torch.utils.data.distributed.DistributedSampler(eval_dataset, shuffle=False), batch_size=8)
extra_loader = DataLoader(train_dataset, sampler=RandomSampler(train_dataset, num_samples=8), batch_size=8)

model = torch.nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    train_loader.sampler.set_epoch(epoch)
    for x, y in train_loader:
        loss = torch.nn.functional.cross_entropy(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
