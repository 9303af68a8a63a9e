import copy

import torch
import torch.nn as nn


class Net(nn.Linear):
    def describe(self):
        return f"Net({self.in_features}, {self.out_features})"


model = Net(4, 1).cuda()
model_without_ddp = model  # the optimizer is built from the alias: the called model is wrapped
ema = copy.deepcopy(model)  # a copy of the module, not of the wrapper
optimizer = torch.optim.SGD(model_without_ddp.parameters(), lr=0.1)
for step in range(3):
    loss = model(torch.randn(8, 4).cuda()).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        for e, p in zip(ema.parameters(), model.parameters()):
            e.mul_(0.9).add_(p, alpha=0.1)
print(model_without_ddp.describe())
torch.save(model_without_ddp.state_dict(), "model.pt")
torch.save(ema.state_dict(), "ema.pt")
