"""EasyOCR's trainer/train.py: the freeze loop sits in a try whose except passes;
the wrap goes after it, as after a bare one, or DDP waits for gradients of
parameters frozen after the wrap."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device('cuda')


def train(freeze=True):
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
    model = model.to(device)
    model.train()
    criterion = nn.MSELoss().to(device)

    # freeze some layers
    try:
        if freeze:
            for param in model[0].parameters():
                param.requires_grad = False
    except:
        pass

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.SGD(params, lr=0.1)
    loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 2)), batch_size=4, shuffle=True)
    for epoch in range(2):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    train()
