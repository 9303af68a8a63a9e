# SegFormer's tools/train.py in brief: mmcv's init_dist sets up the process group
# (and the framework wraps the model): distributed mode adds nothing.
import argparse
import torch
from mmcv.runner import init_dist

parser = argparse.ArgumentParser()
parser.add_argument('--launcher', default='none')
args = parser.parse_args()
if args.launcher == 'none':
    distributed = False
else:
    distributed = True
    init_dist(args.launcher, backend='nccl')
model = torch.nn.Linear(2, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.randn(4, 2).cuda()).sum()
    loss.backward()
    optimizer.step()
