# makemore: a DataLoader built in a function that runs with autograd off is
# evaluation data (no set_epoch), a model method decorated with no_grad
# records no graph (no gradient averaging), and a dataset picked with the
# builtin eval(...) is not evaluation data by its name (pytorch-vqvae)
import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torchvision import datasets
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

DATASET = 'MNIST'


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)

    @torch.no_grad()
    def predict(self, x):
        return self.fc(x).argmax(-1)


@torch.inference_mode()
def evaluate(model, dataset):
    loader = DataLoader(dataset, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
    return sum(model(x.npu()).sum().item() for x, y in loader)


ds = TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
train_loader = DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
mnist_loader = DataLoader((npu_dataset := eval('datasets.' + DATASET)('data', train=True)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
model = Net().npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    train_loader.sampler.set_epoch(epoch)
    for x, y in train_loader:
        loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(evaluate(model, ds), model.module.predict(torch.randn(2, 4).npu()))
