# A DataParallel subclass of MAIN (StyleTTS2's MyDataParallel) is a DataParallel:
# it goes, and DistributedDataParallel wraps the model instead.
import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset


class MyDataParallel(torch.nn.DataParallel):
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


def main():
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randn(16, 1))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            loss = ((model(x.npu()) - y.npu()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    if npu_rank == 0: torch.save(model.module.state_dict(), "m.pt")

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
