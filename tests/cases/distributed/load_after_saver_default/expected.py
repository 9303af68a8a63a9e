"""Machine-Learning-Collection's pytorch_loadsave.py: the saver writes to its
parameter's default file name; the load of that file after the rank-0 call
waits for it (a barrier), or rank 1 finds no file."""
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


def save_checkpoint(state, filename="ckpt.pth"):
    torch.save(state, filename)


model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
loader = torch.utils.data.DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
        opt.zero_grad()
        loss.backward()
        opt.step()
if npu_rank == 0: save_checkpoint({"sd": model.module.state_dict()})
torch.distributed.barrier()
model.module.load_state_dict(torch.load("ckpt.pth")["sd"])
