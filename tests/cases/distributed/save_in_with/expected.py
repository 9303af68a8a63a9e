import os
import tempfile

import torch
import torch_npu

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = torch.nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# Only the save goes under the rank-0 guard: the training in the block runs on every rank.
with torch.autograd.set_detect_anomaly(True):
    for epoch in range(3):
        loss = model(torch.randn(8, 4).npu()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if npu_rank == 0: torch.save(model.module.state_dict(), "last.pt")
with torch.no_grad():
    val = model(torch.randn(8, 4).npu()).mean().item()
    if npu_rank == 0: torch.save(model.module.state_dict(), "eval.pt")
print(val)
# Each rank has its own temporary directory: each saves and reloads its own file.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "best.pt")
    torch.save(model.module.state_dict(), path)
    model.module.load_state_dict(torch.load(path))
