# DataParallel of the entries of a dict of models (StyleTTS2's model[key]) stays,
# with a WARNING: distributed mode wraps models that have a name of their own.
import torch
import torch_npu
from torch import nn


class MyDataParallel(nn.DataParallel):
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


def main():
    model = {"enc": nn.Linear(4, 4).npu(), "dec": nn.Linear(4, 1).npu()}
    for key in model:
        model[key] = MyDataParallel(model[key])
    optimizer = torch.optim.SGD([p for m in model.values() for p in m.parameters()], lr=0.1)
    for step in range(3):
        x = torch.randn(8, 4).npu()
        loss = model["dec"](model["enc"](x)).pow(2).mean()
        optimizer.zero_grad(); loss.backward(); optimizer.step()
    if npu_rank == 0: torch.save({k: v.module.state_dict() for k, v in model.items()}, "m.pt")
    print("saved")


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
