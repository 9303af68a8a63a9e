import torch
from fairscale.optim.grad_scaler import ShardedGradScaler

scaler = ShardedGradScaler()
model = torch.nn.Linear(2, 2).cuda()
