# savers whose names say only "save" (DARTS' utils.save(model, path)): a
# function of the repository or of MAIN runs on rank 0 with the plain
# module; an object's own save (an image) is no checkpoint saver
import torch
import torch_npu
from PIL import Image

import utils
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def snapshot(net, path):
    torch.save(getattr(net, 'module', net).state_dict(), path)


model = torch.nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.randn(8, 4).npu()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if npu_rank == 0: utils.save(model.module, "weights.pt")
    if npu_rank == 0: snapshot(model.module, "snapshot.pt")
    Image.new("RGB", (4, 4)).save("sample.png")
