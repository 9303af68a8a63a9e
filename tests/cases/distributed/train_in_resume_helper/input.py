import os

import torch


def fit(model, optimizer):
    optimizer.zero_grad()
    model(torch.randn(8, 4).cuda()).sum().backward()
    optimizer.step()


# Named for resuming, but it trains (through fit): the wrap comes before
# the call, not after it.
def resume_training(model, path, epochs):
    if os.path.exists(path):
        model.load_state_dict(torch.load(path))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        fit(model, optimizer)


model = torch.nn.Linear(4, 1).cuda()
resume_training(model, "ck.pt", 3)
