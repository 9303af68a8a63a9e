import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def build_model(num_classes):
    model = nn.Linear(32, num_classes)
    model = model.cuda()
    return model


def run(dataset, epochs):
    model = build_model(10)
    loader = DataLoader(dataset, batch_size=16, shuffle=True)
    opt = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(model(x.cuda()), y.cuda()).backward()
            opt.step()
    state = {"model": model.state_dict(), "epoch": epochs}
    torch.save(state, "last.pth")
