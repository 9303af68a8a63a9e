import argparse
from dataclasses import dataclass
import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda:0")
parser.add_argument("--gpu_id", type=int, default=0)
parser.add_argument("--choices", choices=["cuda:0", "cuda:1", "cpu"], default="cpu")
args = parser.parse_args()


@dataclass
class Config:
    device: str = "cuda:0"


cfg = {"device": "cuda:0", "lr": 0.1}
ckpt_map = {"cuda:0": "cpu"}
args.eval_device = "cuda:%d" % args.gpu_id


def describe(t):
    return "cuda:" + str(t.device.index)  # names a tensor's device: stays


def build(device="cuda:0"):
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
    if args.device == "cuda:0":
        print(describe(x), f"{'cuda:0'}")


def pick(device):
    match device:
        case "cuda:0" | "cpu":  # a case pattern takes literals only
            return torch.zeros(1, device=device)
