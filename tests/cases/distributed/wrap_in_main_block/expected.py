import torch
import torch_npu
import torch.nn as nn


class Trainer:
    """Moves the model to the device and trains it, as minGPT's Trainer does."""

    def __init__(self, model, data):
        self.device = "npu" if torch.npu.is_available() else "cpu"
        self.model = model.to(self.device)
        self.data = data

    def run(self, steps=3):
        opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        for x, y in self.data[:steps]:
            loss = ((self.model(x.to(self.device)) - y.to(self.device)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    if torch.npu.device_count() > 1:
        model = model.npu()
    else:
        model = model.to("npu")
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    trainer = Trainer(model, data)
    trainer.run()
    # the model's own attributes are reached through .module once it is wrapped
    print("weight", model.module.weight.detach().cpu().flatten().tolist())
    model.eval()
    if npu_rank == 0: torch.save(model.module.state_dict(), "model.pt")
