# A default argument picks a device when the function is defined, at import:
# the process group goes at the top, not into the __main__ block.
import torch
from torch import nn


def train(model, loader, device="cuda:0", dev2=torch.device("cuda")):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        x = x.to(device)
        loss = ((model(x) - y.to(device)) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    loader = torch.utils.data.DataLoader(data, batch_size=8, shuffle=True)
    model = nn.Linear(4, 1).cuda()
    train(model, loader)
