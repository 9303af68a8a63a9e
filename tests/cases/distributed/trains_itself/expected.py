# the training runs in the model object's own methods: nothing to wrap in MAIN, a WARNING says so
import torch
import torch_npu
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


class Pix2PixModel:
    def __init__(self):
        self.netG = torch.nn.Linear(4, 1).npu()
        self.optimizer_G = torch.optim.SGD(self.netG.parameters(), lr=0.1)

    def optimize_parameters(self, x):
        self.optimizer_G.zero_grad()
        self.netG(x).pow(2).mean().backward()
        self.optimizer_G.step()


model = Pix2PixModel()
for epoch in range(3):
    model.optimize_parameters(torch.randn(8, 4).npu())
