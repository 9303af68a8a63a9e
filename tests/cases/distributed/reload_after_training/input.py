import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
loader = DataLoader(dataset, batch_size=4, shuffle=True)
model = nn.Linear(4, 1).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def train():
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
        opt.step()


try:
    for epoch in range(2):
        train()
        torch.save(model.state_dict(), "best.pt")
except KeyboardInterrupt:
    pass

model = nn.Linear(4, 1)
model.load_state_dict(torch.load("best.pt"))
model.cuda()
