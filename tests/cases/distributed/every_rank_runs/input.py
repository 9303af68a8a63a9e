import os
from os import mkdir
from pathlib import Path

import torch
import torch.nn as nn

# Every rank runs these: the second to get there finds the folder made.
if not os.path.exists("runs"):
    os.makedirs("runs")
if not os.path.exists("logs"):
    os.mkdir("logs")
mkdir("plots", 0o755)
os.makedirs("ckpt", exist_ok=True)
os.makedirs(*["cache"])
Path("samples").mkdir()
out_dir = Path("out") / "run1"
out_dir.mkdir(parents=True)
# An except clause that catches FileExistsError already lets the second rank on.
try:
    os.mkdir("checkpoints")
except OSError:
    pass
try:
    os.makedirs("tb")
except FileNotFoundError:
    os.makedirs("tb2")

model = nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    x = torch.randn(8, 4).cuda()
    loss = model(x).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    # the statement after the semicolon still runs on every rank
    torch.save(model.state_dict(), "ckpt/last.pt"); epoch_done = epoch
    # the file operations after it belong to rank 0's save
    torch.save(model.state_dict(), "ckpt/tmp.pt"); os.replace("ckpt/tmp.pt", "ckpt/best.pt")
print(epoch_done)
