import torch

model = torch.nn.Linear(8, 2).to(0)
x = torch.randn(4, 8).to(0, non_blocking=True)
y = torch.zeros(4, dtype=torch.long).to(1)
print(model(x).argmax(1) == y)
