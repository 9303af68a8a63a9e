# deep-text-recognition-benchmark's train.py in brief: the training batches
# come from another file's loader (get_batch()); MAIN builds only the
# validation loader.
import torch
import torch_npu
import torch.nn as nn
from dataset import BatchSource
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

train_dataset = BatchSource()
valid_dataset = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
valid_loader = torch.utils.data.DataLoader(valid_dataset, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(valid_dataset, shuffle=False))
model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(16):
    x, y = train_dataset.get_batch()
    loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
