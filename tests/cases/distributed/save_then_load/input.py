import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def main():
    model = nn.Linear(4, 1).cuda()
    dataset = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
    loader = DataLoader(dataset, batch_size=4, shuffle=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best = float("inf")
    for epoch in range(2):
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()
        if loss.item() < best:
            best = loss.item()
            torch.save(model.state_dict(), "best.pt")
    # every rank reloads the best weights that rank 0 saved
    model.load_state_dict(torch.load("best.pt"))


if __name__ == "__main__":
    main()
