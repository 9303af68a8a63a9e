import torch
from torch.utils.data import DataLoader, TensorDataset

loader = DataLoader(TensorDataset(torch.randn(16, 4)), batch_size=4, shuffle=True)
model = torch.nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
epochs = range(3)  # the epoch loop runs over a name that holds the range
for epoch in epochs:
    for (x,) in loader:
        optimizer.zero_grad()
        model(x.cuda()).sum().backward()
        optimizer.step()
