import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def main(gpu):
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    torch.cuda.set_device(gpu)
    # move it to the card
    model.cuda(gpu)
    model.half()
    dataset = TensorDataset(torch.randn(8, 4))
    loader = DataLoader(dataset, batch_size=2, shuffle=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        for (x,) in loader:
            opt.zero_grad()
            model(x.cuda(gpu).half()).sum().backward()
            opt.step()


def build():
    net = nn.Linear(4, 2)
    net.cuda()
    return net


if __name__ == "__main__":
    main(0)
