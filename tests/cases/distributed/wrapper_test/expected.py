# model.module under a hasattr test: the script handles both forms, so the
# model is MAIN's to wrap, not a wrapper from elsewhere.
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

model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 1)).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader((npu_dataset := torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for x, y in loader:
    loss = ((model(x.npu()) - y.npu()) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
net = model.module if hasattr(model, "module") else model
if npu_rank == 0: torch.save(net.state_dict(), "ck.pt")
