# A training function whose model parameter carries a type (WaveRNN's
# `model: WaveRNN`), given the model under another name: the model's own
# methods there go through getattr(model, 'module', model).
import torch
import torch_npu
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.step = 0

    def forward(self, x):
        return self.fc(x)

    def get_step(self):
        return self.step


def train_loop(model: Net, optimizer: torch.optim.Optimizer, loader):
    for epoch in range(getattr(model, 'module', model).get_step(), 2):
        for x, y in loader:
            loss = ((model(x.npu()) - y.npu()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def main():
    net = Net().npu()
    net = torch.nn.parallel.DistributedDataParallel(net.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randn(16, 1))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    train_loop(net, optimizer, loader)


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main()
