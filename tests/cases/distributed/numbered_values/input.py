import torch
import torch.nn as nn

# Two device numbers in values no call chose: model parallel, they stay.
placement = {"encoder": "cuda:0", "decoder": "cuda:1"}
model = nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.zeros(2)).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
