import torch
import torch.nn as nn


# train() gets the wrapped model as net: its checkpoint goes through .module
# too, or it would hold "module." keys.
def train(net, optimizer, steps):
    for _ in range(steps):
        loss = net(torch.randn(8, 4).cuda()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    torch.save(net.state_dict(), "ck.pt")


def evaluate(network=None):
    # a keyword argument names it too
    return network.weight.sum().item()


def unrelated(net):
    return net.state_dict()


model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train(model, optimizer, 3)
print(evaluate(network=model))
print(unrelated(nn.Linear(2, 2)))
