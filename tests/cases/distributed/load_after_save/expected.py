# rank 0 alone saves the best weights: every rank waits for the save before
# it reloads the same file (not where the ranks may decide apart)
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

device = torch.device("npu" if torch.npu.is_available() else "cpu")
model = nn.Linear(64, 1).to(device)
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
best = 1e9
for epoch in range(2):
    x = torch.randn(8, 64).to(device)
    loss = model(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if loss.item() < best:
        best = loss.item()
        if npu_rank == 0: torch.save(model.module.state_dict(), "best_model.pt")
        if npu_rank == 0:
            with open("best_opt.pt", "wb") as f:
                torch.save(optimizer.state_dict(), f)
torch.distributed.barrier()
model.module.load_state_dict(torch.load('best_model.pt'))
if best < 0.5:
    # each rank measured its own loss: the ranks may decide apart, so no
    # barrier here, a WARNING
    model.module.load_state_dict(torch.load("best_model.pt"))
torch.distributed.barrier()
with open("best_opt.pt", "rb") as f:
    optimizer.load_state_dict(torch.load(f))
print("test loss", model(torch.randn(8, 64).to(device)).pow(2).mean().item())
