import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class RNNModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 4, batch_first=True)

    def init_hidden(self, bsz):
        return torch.zeros(1, bsz, 4)

    def forward(self, x, h):
        return self.rnn(x, h)


model = RNNModel().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(16, 3, 4)), batch_size=4, shuffle=True)


def train():
    # the module-level model: wrapped while it trains, plain after the reload
    for (x,) in loader:
        h = model.init_hidden(x.size(0)).cuda()
        out, _ = model(x.cuda(), h)
        optimizer.zero_grad()
        out.sum().backward()
        optimizer.step()


def save(model, path):
    # a parameter: whatever the caller gives
    torch.save(model.state_dict(), path)


for epoch in range(2):
    train()
    save(model, "model.pt")

model = RNNModel()
model.load_state_dict(torch.load("model.pt"))
h = model.init_hidden(1)
