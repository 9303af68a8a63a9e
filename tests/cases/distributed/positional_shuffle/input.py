import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Linear(4, 1).cuda()
ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(ds, 4, True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        optimizer.zero_grad()
        loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
        loss.backward()
        optimizer.step()
