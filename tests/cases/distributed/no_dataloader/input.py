import torch
import torch.nn as nn

model = nn.Linear(10, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(100, 10).cuda()
y = torch.randn(100, 1).cuda()
for step in range(10):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
if step == 9:
    torch.save(model.state_dict(), "model.pth")
