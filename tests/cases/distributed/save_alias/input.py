# a2c-ppo-acktr's save: an alias of the model, or a CPU copy of it, is what
# torch.save gets. Either way the checkpoint holds the plain module.
import copy

import torch
import torch.nn as nn

use_cuda = True
model = nn.Linear(4, 2)
model.cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    loss = model(torch.randn(8, 4).cuda()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    save_model = model
    if use_cuda:
        save_model = copy.deepcopy(model).cpu()
    torch.save(save_model, "policy.pt")
