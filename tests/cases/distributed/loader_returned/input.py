"""ProGAN's train.py (Machine-Learning-Collection): get_loader() builds the loader
and returns it with its dataset; the epoch loop of its caller sets the
sampler's epoch."""
import torch
import torch.nn as nn


def get_loader(n):
    ds = torch.utils.data.TensorDataset(torch.randn(n, 4), torch.randn(n, 2))
    loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True)
    return loader, ds


def main():
    model = nn.Linear(4, 2).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader, dataset = get_loader(16)
    for epoch in range(2):
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
