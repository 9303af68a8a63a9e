# apex: the DDP wrap goes after amp.initialize, which refuses a wrapped model
import torch
import torch.nn as nn
from apex import amp
model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
for epoch in range(2):
    optimizer.zero_grad()
    loss = model(torch.ones(2, 4).cuda()).sum()
    with amp.scale_loss(loss, optimizer) as scaled_loss:
        scaled_loss.backward()
    optimizer.step()
