# The wrapped model is indexed (nn.Sequential) and saved whole inside a dict:
# both go through .module.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    x = torch.randn(8, 4).cuda()
    loss = model(x).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(model[0].weight.norm().item())
torch.save({"net": model, "opt": optimizer.state_dict()}, "full.pt")
torch.save({"net": model.state_dict()}, "sd.pt")
