# A loader built again inside the epoch loop (AlphaPose's milestones) keeps
# the set_epoch at the loop's top, with no WARNING; one built only inside the
# loop has no loader at that point, so it gets the WARNING
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(dataset, batch_size=4, shuffle=True)
for epoch in range(3):
    for x, y in loader:
        loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if epoch == 1:
        loader = DataLoader(dataset, batch_size=8, shuffle=True)
for epoch in range(2):
    fresh = DataLoader(dataset, batch_size=4, shuffle=True)
    for x, y in fresh:
        loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
