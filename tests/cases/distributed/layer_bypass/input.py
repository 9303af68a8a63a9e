# training calls the layers of an nn.Sequential one by one, not the model:
# DDP averages no gradient there, so the backward after them averages by hand
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    x = torch.randn(16, 4).cuda()
    features = model[0](x)
    loss = model[2](model[1](features)).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        # no gradient here: nothing to average
        check = model[0](x).mean()
torch.save(model.state_dict(), "model.pt")
