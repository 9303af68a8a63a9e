import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(ds, batch_size=4, shuffle=True)

def train_model(model, optimizer, num_epochs):
    for epoch in range(num_epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
            loss.backward()
            optimizer.step()
    return model

model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = train_model(model, optimizer, num_epochs=2)
torch.save(model.state_dict(), "model.pth")
