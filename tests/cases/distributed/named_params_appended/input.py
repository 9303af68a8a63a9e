# The optimizer gets groups that a loop over named_parameters() fills (no
# weight decay on biases, as BERT fine-tuning scripts do): model trains.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).cuda()
decay, no_decay = [], []
for name, param in model.named_parameters():
    if name.endswith("bias"):
        no_decay.append(param)
    else:
        decay.append(param)
optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
