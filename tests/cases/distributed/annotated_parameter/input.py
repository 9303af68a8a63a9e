# A training function whose model parameter carries a type (WaveRNN's
# `model: WaveRNN`), given the model under another name: the model's own
# methods there go through getattr(model, 'module', model).
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.step = 0

    def forward(self, x):
        return self.fc(x)

    def get_step(self):
        return self.step


def train_loop(model: Net, optimizer: torch.optim.Optimizer, loader):
    for epoch in range(model.get_step(), 2):
        for x, y in loader:
            loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def main():
    net = Net().cuda()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4, shuffle=True)
    train_loop(net, optimizer, loader)


if __name__ == "__main__":
    main()
