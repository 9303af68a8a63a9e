# the training step is a method of the model: it runs around DDP, a WARNING says so
import torch
from torch.utils.data import DataLoader, TensorDataset


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x)

    def train_step(self, x, opt):
        opt.zero_grad()
        self(x).pow(2).mean().backward()
        opt.step()


loader = DataLoader(TensorDataset(torch.randn(32, 4)), batch_size=8, shuffle=True)
model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    for (x,) in loader:
        model.train_step(x.cuda(), optimizer)
