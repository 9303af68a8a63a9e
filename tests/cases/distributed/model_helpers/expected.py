import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset

from evaluate import eval_net
from torchrl.modules import ValueOperator
from utils import load_checkpoint, save_checkpoint
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def initialize_weights(model):
    for m in model.modules():
        if isinstance(m, torch.nn.Linear):
            torch.nn.init.normal_(m.weight, 0.0, 0.02)


def report(net, epoch):
    # net may be the wrapper or the plain module here; inside an f-string too
    print(f'epoch {epoch}: {getattr(net, "module", net).out_features} outputs, last layer {list(getattr(net, "module", net).children())[-1]}')
    # another file's code, given the wrapper from here (Pytorch-UNet's eval_net reads net.n_classes)
    print(eval_net(net, loader))


loader = DataLoader((npu_dataset := TensorDataset(torch.randn(32, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
net = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1)).npu()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
initialize_weights(net)  # before the wrap: DDP copies rank 0's weights
load_checkpoint("ck.pth", net, optimizer)  # a single-card checkpoint: before the wrap too
net = torch.nn.parallel.DistributedDataParallel(net.npu(), device_ids=[npu_local_rank])
for epoch in range(3):
    loader.sampler.set_epoch(epoch)
    for (x,) in loader:
        optimizer.zero_grad()
        net(x.npu()).sum().backward()
        optimizer.step()
    report(net, epoch)
    last = list(net.module.children())[-1]  # the layers: through .module
    if npu_rank == 0: save_checkpoint(net.module, optimizer, "ck.pth")  # saves the module's keys
    critic = ValueOperator(module=net, in_keys=["x"])  # torchrl is not torch: its code gets the wrapper
