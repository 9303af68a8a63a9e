import os

import torch
import torch_npu
import torch.nn as nn

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

device = 'npu' if torch.npu.is_available() else 'cpu'
net = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
net.fc = nn.Linear(4, 10)
net = net.to(device)
if device == 'npu':
    pass
# Until the DDP wrap below, net is the plain module: no .module
if os.path.exists('ckpt.pth'):
    checkpoint = torch.load('ckpt.pth')
    net.load_state_dict(checkpoint['net'])  # saved from net.module: no prefix to strip
net.fc = nn.Linear(net.fc.in_features, 3).to(device)  # a new head
net = torch.nn.parallel.DistributedDataParallel(net.npu(), device_ids=[npu_local_rank])
# Parameter groups through names: the model is still found without -t
head = list(net.module.fc.parameters())
body = [p for n, p in net.named_parameters() if not n.startswith("module.fc")]
optimizer = torch.optim.SGD([{"params": body, "lr": 0.01}, {"params": head, "lr": 0.1}])
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 3, (16,)))
loader = torch.utils.data.DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x.to(device)), y.to(device)).backward()
        optimizer.step()
if npu_rank == 0: torch.save({'net': net.module.state_dict()}, 'fine_tuned.pth')
