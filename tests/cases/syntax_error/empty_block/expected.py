# A header whose body is not indented: the grammar makes an empty block of
# it; Python rejects the file (expected an indented block).
import torch
import torch_npu

model = torch.nn.Linear(2, 2).npu()


def train(model):
    # moves it
model.cuda()


def evaluate(model):
    model.cuda()
