import torch
from torch.utils.data import DataLoader, TensorDataset

# pytorch/examples' VAE: the epoch's average loss divides a rank's sum by the whole dataset.
train_loader = DataLoader(TensorDataset(torch.randn(64, 4)), batch_size=8, shuffle=True)
model = torch.nn.Linear(4, 4).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    train_loss = 0
    for (x,) in train_loader:
        optimizer.zero_grad()
        loss = model(x.cuda()).pow(2).sum()
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
    print('Average loss: {:.4f}'.format(train_loss / len(train_loader.dataset)))
    train_loss /= len(train_loader.dataset)
    batches = len(train_loader.dataset) // 8  # no average of a sum: no warning
