# A batch scaled by the card count is DataParallel's convention (one batch
# split over the cards): under DDP every rank loads a batch of its own, so
# the factor gets a WARNING. A learning rate scaled so is left alone.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Linear(4, 2)
if torch.cuda.device_count() > 1:
    model = nn.DataParallel(model)
model = model.cuda()
lr = 0.1 * torch.cuda.device_count()
optimizer = torch.optim.SGD(model.parameters(), lr=lr)
batch_size = 4
batch_size *= torch.cuda.device_count()
loader = DataLoader(TensorDataset(torch.randn(32, 4)), batch_size=batch_size, shuffle=True)
val_loader = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=2 * (torch.cuda.device_count()))
# through a name (AlphaPose's num_gpu)
num_gpu = torch.cuda.device_count()
test_loader = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4 * num_gpu)
workers = 2 * num_gpu
for epoch in range(2):
    for (x,) in loader:
        loss = model(x.cuda()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
