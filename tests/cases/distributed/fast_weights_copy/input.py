# A copy of the model that trains (fast weights) is a model of its own: it is
# copied from the plain module and wrapped right after the copy, before its
# forward and backward.
import copy
import torch
from torch import nn
model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
for epoch in range(2):
    for x in loader:
        fast = copy.deepcopy(model)
        fast_opt = torch.optim.SGD(fast.parameters(), lr=0.1)
        fast(x.cuda()).sum().backward()
        fast_opt.step()
        model.load_state_dict(fast.state_dict())
        optimizer.zero_grad()
        model(x.cuda()).sum().backward()
        optimizer.step()
