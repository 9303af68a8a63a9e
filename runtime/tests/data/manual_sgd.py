"""Two ranks training with a hand-written SGD update (no torch.optim), as pytorch/examples'
word_language_model does; --wrap puts the model in DDP, which averages the gradients."""
import argparse
import os

import torch
import torch_npu  # noqa: F401

parser = argparse.ArgumentParser()
parser.add_argument("--wrap", action="store_true")
parser.add_argument("--no-train", action="store_true")
args = parser.parse_args()
torch.distributed.init_process_group("hccl")
torch.manual_seed(int(os.environ["RANK"]))
model = torch.nn.Linear(4, 1).npu()
torch.distributed.broadcast(model.weight.data, 0)
torch.distributed.broadcast(model.bias.data, 0)
net = torch.nn.parallel.DistributedDataParallel(model) if args.wrap else model
for step in range(0 if args.no_train else 3):
    x = torch.randn(8, 4).npu()
    loss = net(x).pow(2).mean()
    net.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-0.1)
torch.distributed.destroy_process_group()
