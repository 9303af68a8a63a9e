import argparse
from dataclasses import dataclass
import torch
import torch_npu
import torch.nn as nn
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

parser = argparse.ArgumentParser()
parser.add_argument("--device", default=f'npu:{npu_device_id}')
parser.add_argument("--gpu_id", type=int, default=0)
parser.add_argument("--choices", choices=["npu:0", "npu:1", "cpu"], default="cpu")
args = parser.parse_args()


@dataclass
class Config:
    device: str = f'npu:{npu_device_id}'


cfg = {"device": f'npu:{npu_device_id}', "lr": 0.1}
ckpt_map = {"npu:0": "cpu"}
args.eval_device = f'npu:{npu_device_id}'


def describe(t):
    return "npu:" + str(t.device.index)  # names a tensor's device: stays


def build(device=f'npu:{npu_device_id}'):
    return nn.Linear(4, 1).to(device)


model = build()
optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
for epoch in range(2):
    x = torch.randn(8, 4).to(args.device)
    y = torch.randn(8, 1).to(cfg["device"])
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if args.device == f'npu:{npu_device_id}':
        print(describe(x), f"{'npu:0'}")


def pick(device):
    match device:
        case "npu:0" | "cpu":  # a case pattern takes literals only
            return torch.zeros(1, device=device)
