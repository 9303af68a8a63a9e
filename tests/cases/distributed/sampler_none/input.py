# SupContrast's main_supcon.py in brief: the DataLoader takes a sampler name that
# holds None (and shuffles when it is None): the name gets the
# DistributedSampler, which shuffles.
import torch
from torch.utils.data import DataLoader, TensorDataset


def main():
    train_dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    train_sampler = None
    train_loader = DataLoader(train_dataset, batch_size=4, shuffle=(train_sampler is None), num_workers=0, sampler=train_sampler)
    model = torch.nn.Linear(4, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        for x, y in train_loader:
            loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
