# A loop over the optimizer's param_groups (the learning rate set again after
# a restore, coqui TTS's train_encoder.py) does not train: the DDP wrap still
# goes after the freeze loop and the move to the GPU that follow it.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for group in optimizer.param_groups:
    group["lr"] = 0.01
for p in model[0].parameters():
    p.requires_grad = False
model = model.cuda()
loader = torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=8, shuffle=True)
for epoch in range(2):
    for x in loader:
        loss = model(x.cuda()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
