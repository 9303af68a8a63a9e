import os
import sys
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset



def describe():
    print(model.weight.shape)  # runs before the wrap: the model is not wrapped yet


model = nn.Linear(4, 1).cuda()
describe()
if os.path.exists("ckpt.pth"):  # resume: the checkpoint that save() below writes
    model.load_state_dict(torch.load("ckpt.pth"))

ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(ds, batch_size=4, shuffle=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

def save():
    torch.save(model.state_dict(), "ckpt.pth")

for epoch in range(2):
    for x, y in loader:
        optimizer.zero_grad()
        loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
        loss.backward()
        optimizer.step()
    save()
torch.save(model, "full.pth")  # the whole model: saved without its DDP wrapper
