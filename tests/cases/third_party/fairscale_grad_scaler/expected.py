import torch
import torch_npu
from fairscale.optim.grad_scaler import ShardedGradScaler

scaler = ShardedGradScaler()
model = torch.nn.Linear(2, 2).npu()
