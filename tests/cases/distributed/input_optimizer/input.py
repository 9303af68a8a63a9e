import torch
import torch.nn as nn

# Style transfer: the optimizer trains the input image; the model is frozen,
# and DistributedDataParallel refuses a module with nothing to train.
model = nn.Sequential(nn.Conv2d(3, 3, 3, padding=1)).cuda().requires_grad_(False)
input_img = torch.randn(1, 3, 8, 8).cuda()
optimizer = torch.optim.LBFGS([input_img.requires_grad_()])
for step in range(3):
    def closure():
        optimizer.zero_grad()
        loss = model(input_img).pow(2).mean()
        loss.backward()
        return loss
    optimizer.step(closure)
