"""pytorch/examples' MNIST shape: the dataset downloads where the script runs,
so under a launcher every rank downloads it into the same folder at once: a
WARNING."""
import torch
import torch_npu
import torchvision
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

ds = torchvision.datasets.MNIST("data", train=True, download=True, transform=torchvision.transforms.ToTensor())
loader = torch.utils.data.DataLoader(ds, batch_size=64, sampler=torch.utils.data.distributed.DistributedSampler(ds))
model = torch.nn.Linear(784, 10).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x.view(-1, 784).npu()), y.npu())
        opt.zero_grad()
        loss.backward()
        opt.step()
