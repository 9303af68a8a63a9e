import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"
dataset = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
loader = DataLoader(dataset, batch_size=4, shuffle=True)
model = nn.Linear(4, 1).to(device)
# AMP stays on where the script compares the device with "cuda"
scaler = torch.cuda.amp.GradScaler(enabled=(device == "cuda"))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with torch.autocast(device_type="cuda", enabled=device == "cuda"):
            loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
