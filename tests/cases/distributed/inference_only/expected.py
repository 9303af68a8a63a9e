# A MAIN that only runs its model for inference: its parameters frozen and
# every call under torch.no_grad(), no optimizer, no backward (ESRGAN's
# test.py). DistributedDataParallel refuses a model with nothing to train, so
# the model is not wrapped (a WARNING says why); the loader is still shared out.
import torch
import torch_npu
import torch.nn as nn


def main():
    model = nn.Linear(4, 2)
    model.load_state_dict(torch.load("weights.pth", map_location="cpu"))
    model.eval()
    for _, v in model.named_parameters():
        v.requires_grad = False
    model = model.npu()
    loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(8, 4)), batch_size=2, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset, shuffle=False))
    with torch.no_grad():
        for x in loader:
            print(model(x.npu()).argmax(1))


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
