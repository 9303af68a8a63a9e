import shutil

import torch
import torch_npu
import torch.nn as nn

import utils
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def save_checkpoint(state, is_best, filename="checkpoint.pth.tar"):
    # the copy of the best one must run where the save did: the calls are guarded
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, "model_best.pth.tar")


model = nn.Linear(4, 4).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(3):
    loss = model(torch.randn(2, 4).npu()).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if npu_rank == 0: save_checkpoint({"epoch": epoch, "state_dict": model.module.state_dict()}, epoch == 2)
    if npu_rank == 0: utils.save_model(model.module.state_dict(), "last.pt")  # a saver of another file
    if npu_rank == 0:
        with open("m.pt", "wb") as f:  # every rank would empty the file: the block is guarded
            torch.save(model.module.state_dict(), f)
            f.write(b"""
end""")
if npu_rank == 0: tokenizer.save_pretrained("out")  # a Hugging Face saver
