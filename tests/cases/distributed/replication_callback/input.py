# Synchronized-BatchNorm-PyTorch's patch_replication_callback asserts a DataParallel:
# with the DataParallel gone, the call goes too.
import torch
import torch.nn as nn
from sync_batchnorm.replicate import patch_replication_callback

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = torch.nn.DataParallel(model, device_ids=[0])
patch_replication_callback(model)
model = model.cuda()
loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
for epoch in range(1):
    for x in loader:
        loss = model(x.cuda()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
