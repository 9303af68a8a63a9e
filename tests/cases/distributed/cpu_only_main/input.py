# A MAIN that trains on the CPU (x-transformers' train_copy.py) moves no batch
# to a device: the wrap puts the model on the NPU, and a WARNING says to move
# the batches too.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = F.mse_loss(model(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
