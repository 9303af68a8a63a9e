# rank 0 alone runs the saver function (its call is guarded): every rank
# waits for the save before it loads the file the function writes (rtdl)
import torch
import torch.nn as nn

model = nn.Linear(2, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
checkpoint_path = 'ck.pt'


def save_checkpoint():
    torch.save({'model': model.state_dict()}, checkpoint_path)


for epoch in range(2):
    loss = model(torch.randn(4, 2).cuda()).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    save_checkpoint()
model.load_state_dict(torch.load(checkpoint_path)['model'])
