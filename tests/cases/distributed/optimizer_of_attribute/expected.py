# A trainer class in the shape of a ChatGLM LoRA fine-tuning script: a local
# model goes into self.model, and the optimizer trains self.model's
# parameters. Nothing names the model plainly, so nothing is wrapped, and
# the WARNING says why.
import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset


class Trainer:
    def __init__(self):
        ds = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
        self.loader = DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
        model = torch.nn.Linear(4, 1)
        self.model = model.npu()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def train(self):
        for epoch in range(2):
            for x, y in self.loader:
                loss = torch.nn.functional.mse_loss(self.model(x.npu()), y.npu())
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    Trainer().train()
