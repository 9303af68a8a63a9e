# pytorch-deeplab-xception's Trainer in brief: DataParallel around self.model goes
# whole, and self.model.module loses its .module in every method of the class.
import torch
import torch_npu
import torch.nn as nn


class Trainer(object):
    def __init__(self):
        self.model = nn.Linear(4, 2)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.model = self.model.npu()

    def training(self, epoch):
        loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
        for x in loader:
            loss = self.model(x.npu()).sum()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        if npu_rank == 0: torch.save({'state_dict': self.model.state_dict()}, 'ckpt.pth')


def main():
    trainer = Trainer()
    for epoch in range(1):
        trainer.training(epoch)


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
