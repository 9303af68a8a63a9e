# `model = model.train()` in the loop (pointnet.pytorch) keeps the wrapper: the
# saves after it still go through .module.
import torch
import torch.nn as nn
import torch.nn.functional as F

ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.cuda()
for epoch in range(2):
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        optimizer.zero_grad()
        model = model.train()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
torch.save(model.state_dict(), "m.pth")
