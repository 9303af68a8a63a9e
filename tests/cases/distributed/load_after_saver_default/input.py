"""Machine-Learning-Collection's pytorch_loadsave.py: the saver writes to its
parameter's default file name; the load of that file after the rank-0 call
waits for it (a barrier), or rank 1 finds no file."""
import torch
import torch.nn as nn


def save_checkpoint(state, filename="ckpt.pth"):
    torch.save(state, filename)


model = nn.Linear(4, 2).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
save_checkpoint({"sd": model.state_dict()})
model.load_state_dict(torch.load("ckpt.pth")["sd"])
