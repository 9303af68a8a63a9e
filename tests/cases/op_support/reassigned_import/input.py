import torch
import torch.optim as optim

model = torch.nn.Linear(2, 2).cuda()
# The module name now holds an optimizer: its methods are no torch.optim API.
optim = optim.SGD(model.parameters(), lr=0.1)


def step():
    optim.step()
    optim.zero_grad()
