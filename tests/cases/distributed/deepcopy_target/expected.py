import copy

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
policy_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
# copies of the module, not of the wrapper, though MAIN calls them
target_net = copy.deepcopy(policy_net).to(device).eval()
frozen = copy.deepcopy(policy_net).requires_grad_(False)
policy_net = torch.nn.parallel.DistributedDataParallel(policy_net.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(policy_net.parameters(), lr=1e-3)

for step in range(6):
    s = torch.randn(8, 4, device=device)
    q = policy_net(s).max(1)[0]
    with torch.no_grad():
        tq = target_net(torch.randn(8, 4, device=device)).max(1)[0] + frozen(s).max(1)[0]
    loss = nn.functional.smooth_l1_loss(q, tq)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 2 == 0:
        target_net.load_state_dict(policy_net.module.state_dict())
if npu_rank == 0: torch.save(policy_net.module.state_dict(), "policy.pt")
