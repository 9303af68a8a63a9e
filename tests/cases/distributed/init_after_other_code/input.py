import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, 0.0, 0.02)

model = nn.Linear(4, 1)
criterion = nn.MSELoss()          # code that leaves the model alone
model.cuda()
model.apply(init_weights)          # initialisation comes before the wrap: DDP copies rank 0's weights

ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(ds, batch_size=4, shuffle=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
