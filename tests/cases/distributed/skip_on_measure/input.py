# A rank that skips a step on what it computed leaves the others waiting in
# the backward's all-reduce: a WARNING. A skip on the step count is alike on
# every rank: none.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=8, shuffle=True)
model = nn.Linear(4, 2).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for step, (x, y) in enumerate(loader):
        if step % 100 == 99:
            continue
        loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        if torch.isnan(loss):
            continue
        opt.zero_grad()
        loss.backward()
        opt.step()
