# SimSwap's train.py in brief: create_model (another file) returns the model
# inside a DataParallel, which MAIN reaches through model.module; MAIN wraps
# nothing itself, so distributed mode does not wrap it again.
import torch
from models.models import create_model

model = create_model()
optimizer_G = model.module.optimizer_G
loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
for epoch in range(2):
    for x in loader:
        losses = model(x.cuda())
        loss = sum(losses)
        optimizer_G.zero_grad()
        loss.backward()
        optimizer_G.step()
    model.module.save(epoch)
