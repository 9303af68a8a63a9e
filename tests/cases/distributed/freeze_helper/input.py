# A loop in a function that MAIN defines on the way (EfficientDet's
# freeze_backbone) runs when the function is called, not there: the model is
# wrapped after it is frozen and moved, not before.
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train(opt):
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1))
    if opt.head_only:
        def freeze(m):
            if isinstance(m, nn.Linear) and m.out_features == 4:
                for p in m.parameters():
                    p.requires_grad = False
        model.apply(freeze)
    model = model.cuda()
    optimizer = torch.optim.SGD(model.parameters(), 0.1)
    loader = DataLoader(TensorDataset(torch.randn(64, 4)), batch_size=2, shuffle=True)
    for epoch in range(2):
        for (x,) in loader:
            optimizer.zero_grad()
            loss = model(x.cuda()).pow(2).mean()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--head_only", action="store_true")
    train(p.parse_args())
