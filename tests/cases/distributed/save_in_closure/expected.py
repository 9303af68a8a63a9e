# DeepLabV3Plus-Pytorch's main.py in brief: save_ckpt is a closure of main() that
# saves main()'s model; like the load, it goes through .module.
import os
import torch
import torch_npu
import torch.nn as nn


def main():
    model = nn.Linear(4, 2).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def save_ckpt(path):
        if npu_rank == 0: torch.save({"model_state": model.module.state_dict()}, path)

    if os.path.isfile("ckpt.pth"):
        ckpt = torch.load("ckpt.pth")
        model.module.load_state_dict(ckpt["model_state"])

    data = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(1):
        data.sampler.set_epoch(epoch)
        for x in data:
            loss = model(x.npu()).sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if npu_rank == 0: save_ckpt("ckpt.pth")


if __name__ == "__main__":

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main()
