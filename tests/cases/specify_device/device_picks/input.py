import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

torch.cuda.set_device(args.gpu)
device = torch.device("cuda:0")
model = torch.nn.Linear(4, 2).cuda(args.gpu)
x = torch.randn(3, 4).to(args.gpu)
state = torch.load("ckpt.pth", map_location="cuda")
y = model(x.to(device))
