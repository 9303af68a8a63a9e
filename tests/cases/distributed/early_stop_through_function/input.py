import torch
from torch.utils.data import DataLoader, TensorDataset

model = torch.nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_loader = DataLoader(TensorDataset(torch.randn(64, 4)), batch_size=8, shuffle=True)
valid_loader = DataLoader(TensorDataset(torch.randn(64, 4)), batch_size=8)


def train():
    for (x,) in train_loader:
        loss = model(x.cuda()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(loader):
    with torch.no_grad():
        return sum(model(x.cuda()).pow(2).mean().item() for (x,) in loader)


# pytorch-flows: the epoch loop trains through a function, and stops on what this rank validated
best_loss, best_epoch = float("inf"), 0
for epoch in range(100):
    train()
    val = validate(valid_loader)
    if epoch - best_epoch >= 3:
        break
    if val < best_loss:
        best_loss, best_epoch = val, epoch
