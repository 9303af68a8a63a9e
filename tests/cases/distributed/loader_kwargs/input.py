import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def weights_init(m):
    if isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, 0.0, 0.02)


def main(epochs=2):
    train_set = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    test_set = TensorDataset(torch.randn(8, 4), torch.randn(8, 1))
    train_kwargs = {"batch_size": 4, "shuffle": True}
    loader_kwargs = {"num_workers": 0, "pin_memory": True}
    # shuffle may be in train_kwargs: the sampler is left to the user
    train_loader = DataLoader(train_set, **train_kwargs)
    # shuffle is named, so loader_kwargs cannot hold it
    test_loader = DataLoader(test_set, shuffle=False, **loader_kwargs)
    model = nn.Linear(4, 1)
    model.apply(weights_init)
    model.cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in train_loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
            opt.step()
    return test_loader
