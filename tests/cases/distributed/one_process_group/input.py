"""Early YOLOv5's train.py: a process group of one process (world_size=1) for
DDP over the cards of that process: distributed mode adds nothing, and says why."""
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset

model = torch.nn.Linear(4, 1).cuda()
if torch.cuda.device_count() > 1:
    dist.init_process_group(backend='nccl', init_method='tcp://127.0.0.1:9999', world_size=1, rank=0)
    model = torch.nn.parallel.DistributedDataParallel(model)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
