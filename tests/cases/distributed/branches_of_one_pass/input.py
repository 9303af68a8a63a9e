import torch
from torch.utils.data import DataLoader, TensorDataset

# word_language_model's shape: one pass calls the model in one branch or the other, so DDP's
# buffer broadcast (BatchNorm's running statistics) stays on.
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.BatchNorm1d(4)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(64, 4)), batch_size=8, shuffle=True)
use_half = False
for epoch in range(2):
    for (x,) in loader:
        if use_half:
            out = model(x.cuda().half())
        else:
            out = model(x.cuda())
        loss = out.pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
