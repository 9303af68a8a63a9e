import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, Subset

encoder = nn.Linear(4, 2).cuda()
decoder = nn.Linear(2, 4).cuda()
params = list(encoder.parameters()) + list(decoder.parameters())
optimizer = torch.optim.SGD(params, lr=0.1)

# The dataset is built in the call: it gets a name for the sampler.
train_loader = torch.utils.data.DataLoader(
    TensorDataset(torch.randn(64, 4)),
    batch_size=8, shuffle=True)
test_loader = DataLoader(dataset=Subset(TensorDataset(torch.randn(16, 4)), range(8)), batch_size=8)
val_loader = DataLoader(dataset=train_loader.dataset, batch_size=8)  # by name, no shuffle
folds = [DataLoader(Subset(train_loader.dataset, range(k, 64, 4)), batch_size=8) for k in range(4)]

for epoch in range(2):
    for (x,) in train_loader:
        x = x.cuda()
        loss = ((decoder(encoder(x)) - x) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        for (x,) in test_loader:
            x = x.cuda()
            print(((decoder(encoder(x)) - x) ** 2).mean().item())
