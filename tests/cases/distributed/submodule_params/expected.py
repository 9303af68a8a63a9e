import torch
import torch_npu
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

device = torch.device(f'npu:{npu_local_rank}' if torch.npu.is_available() else "cpu")
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))


def train_model(model, criterion, optimizer, num_epochs=2):
    for epoch in range(num_epochs):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
    return model


# Fine-tuning the head only: the model trains through its part's parameters.
model_conv = nn.Sequential()
model_conv.add_module("body", nn.Linear(4, 4))
model_conv.add_module("fc", nn.Linear(4, 2))
for param in model_conv.body.parameters():
    param.requires_grad = False
model_conv = model_conv.to(device)
model_conv = torch.nn.parallel.DistributedDataParallel(model_conv.npu(), device_ids=[npu_local_rank], find_unused_parameters=True)
optimizer_conv = optim.SGD(model_conv.module.fc.parameters(), lr=0.001, momentum=0.9)
model_conv = train_model(model_conv, nn.CrossEntropyLoss(), optimizer_conv)

# The parameters to train, gathered in a list first.
model_ft = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2)).to(device)
model_ft = torch.nn.parallel.DistributedDataParallel(model_ft.npu(), device_ids=[npu_local_rank])
params_to_update = model_ft.parameters()
if True:
    params_to_update = [p for p in model_ft.parameters() if p.requires_grad]
optimizer_ft = optim.SGD(params_to_update, lr=0.001)
model_ft = train_model(model_ft, nn.CrossEntropyLoss(), optimizer_ft)
