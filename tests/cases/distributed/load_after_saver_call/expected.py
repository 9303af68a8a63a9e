# rank 0 alone runs the saver function (its call is guarded): every rank
# waits for the save before it loads the file the function writes (rtdl)
import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = nn.Linear(2, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
checkpoint_path = 'ck.pt'


def save_checkpoint():
    torch.save({'model': model.module.state_dict()}, checkpoint_path)


for epoch in range(2):
    loss = model(torch.randn(4, 2).npu()).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if npu_rank == 0: save_checkpoint()
torch.distributed.barrier()
model.module.load_state_dict(torch.load(checkpoint_path)['model'])
