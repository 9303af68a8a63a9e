import argparse
from dataclasses import dataclass
import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

parser = argparse.ArgumentParser()
parser.add_argument("--device", default=f'npu:{npu_local_rank}')
parser.add_argument("--local_rank", type=int, default=0)
parser.add_argument("--choices", choices=["npu:0", "npu:1", "cpu"], default="cpu")
args = parser.parse_args()


@dataclass
class Config:
    device: str = f'npu:{npu_local_rank}'


cfg = {"device": f'npu:{npu_local_rank}', "lr": 0.1}
ckpt_map = {"npu:0": "cpu"}
args.eval_device = f'npu:{npu_local_rank}'


def describe(t):
    return "npu:" + str(t.device.index)  # names a tensor's device: stays


def build(device=f'npu:{npu_local_rank}'):
    return nn.Linear(4, 1).to(device)


model = build()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
for epoch in range(2):
    x = torch.randn(8, 4).to(args.device)
    y = torch.randn(8, 1).to(cfg["device"])
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if args.device == f'npu:{npu_local_rank}':
        print(describe(x), f"{'npu:0'}")
