# A header whose body is not indented: the grammar makes an empty block of
# it; Python rejects the file (expected an indented block).
import torch

model = torch.nn.Linear(2, 2).cuda()


def train(model):
    # moves it
model.cuda()


def evaluate(model):
    model.cuda()
