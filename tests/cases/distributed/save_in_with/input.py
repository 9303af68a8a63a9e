import os
import tempfile

import torch

model = torch.nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# Only the save goes under the rank-0 guard: the training in the block runs on every rank.
with torch.autograd.set_detect_anomaly(True):
    for epoch in range(3):
        loss = model(torch.randn(8, 4).cuda()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    torch.save(model.state_dict(), "last.pt")
with torch.no_grad():
    val = model(torch.randn(8, 4).cuda()).mean().item()
    torch.save(model.state_dict(), "eval.pt")
print(val)
# Each rank has its own temporary directory: each saves and reloads its own file.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "best.pt")
    torch.save(model.state_dict(), path)
    model.load_state_dict(torch.load(path))
