import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x)

    def predict(self, x):
        return self.forward(x).sigmoid()


class Trainer:
    """Keeps the model it is given, moved (pytorch/examples' ddp-tutorial-series)."""

    def __init__(self, model, loader, optimizer):
        self.model = model.to(f'npu:{npu_local_rank}')
        self.loader = loader
        self.optimizer = optimizer

    def train(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x.to(f'npu:{npu_local_rank}')), y.to(f'npu:{npu_local_rank}'))
                loss.backward()
                self.optimizer.step()
        if npu_rank == 0: torch.save(self.model.state_dict(), "ckpt.pt")
        return self.model.predict(x.to(f'npu:{npu_local_rank}'))


def main():
    ds = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
    model = Net()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
    Trainer(model, loader, optimizer).train(2)


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
