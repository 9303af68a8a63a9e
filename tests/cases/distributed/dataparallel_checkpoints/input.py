import argparse

import torch
import torch.nn as nn

import utils

parser = argparse.ArgumentParser()
parser.add_argument("--resume", default="")
args = parser.parse_args()

# A frozen teacher, DataParallel in the original: its checkpoint's keys
# start with "module.", and it is not wrapped in DDP (no optimizer trains it).
teacher = nn.DataParallel(nn.Linear(4, 2)).cuda()
teacher.load_state_dict(torch.load("teacher.pth"))
student = nn.Linear(4, 2)
student = torch.nn.DataParallel(student).cuda()
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
if args.resume:
    checkpoint = torch.load(args.resume)
    student.load_state_dict(checkpoint["state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer"])
if args.resume: student.load_state_dict(checkpoint["state_dict"], strict=False)
utils.load_checkpoint("teacher.pth", teacher)  # another file's code: a WARNING
for step in range(3):
    x = torch.randn(8, 4).cuda()
    with torch.no_grad():
        soft = teacher(x).softmax(1)
    optimizer.zero_grad()
    nn.functional.kl_div(student(x).log_softmax(1), soft, reduction="batchmean").backward()
    optimizer.step()
student.load_state_dict(state_dict=torch.load("best.pth"))  # after the wrap: through .module
