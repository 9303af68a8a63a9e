# an early stopper of another file saves the best model for MAIN to load
# back: it gets the module itself, so that checkpoint has no 'module.' keys
# and fits MAIN's load into model.module; a WARNING says that it saves on
# every rank
import torch
import torch_npu
import torch.nn as nn
from utils import EarlyStopping
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
stopper = EarlyStopping(patience=5)
for epoch in range(3):
    loss = model(torch.randn(16, 4).npu()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if stopper.step(-loss.item(), model.module):
        break
model.module.load_state_dict(torch.load("es_checkpoint.pt"))
