# savers whose names say only "save" (DARTS' utils.save(model, path)): a
# function of the repository or of MAIN runs on rank 0 with the plain
# module; an object's own save (an image) is no checkpoint saver
import torch
from PIL import Image

import utils


def snapshot(net, path):
    torch.save(net.state_dict(), path)


model = torch.nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.randn(8, 4).cuda()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    utils.save(model, "weights.pt")
    snapshot(model, "snapshot.pt")
    Image.new("RGB", (4, 4)).save("sample.png")
