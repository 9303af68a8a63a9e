import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, random_split

full = TensorDataset(torch.randn(80, 4), torch.randn(80, 1))
train_set, val_set = random_split(full, [64, 16])  # unseeded: each rank would split apart
train_loader = DataLoader(train_set, batch_size=8, shuffle=True)
val_loader = DataLoader(val_set, batch_size=8, shuffle=True)
model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
best, bad = float("inf"), 0
for epoch in range(20):
    if epoch == 10:  # the same on every rank: no warning
        break
    for x, y in train_loader:
        loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        val = sum(((model(x.cuda()) - y.cuda()) ** 2).mean().item() for x, y in val_loader)
    if val < best - 1e-3:
        best, bad = val, 0
    else:
        bad += 1
        if bad >= 2:  # measured on this rank's share of the data
            break

# A step counter stops every rank alike: no warning.
iter_num = 0
while True:
    for micro_step in range(2):
        loss = model(torch.randn(8, 4).cuda()).sum()
        loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    iter_num += 1
    if iter_num > 10:
        break
