import shutil

import torch
import torch.nn as nn

import utils


def save_checkpoint(state, is_best, filename="checkpoint.pth.tar"):
    # the copy of the best one must run where the save did: the calls are guarded
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, "model_best.pth.tar")


model = nn.Linear(4, 4).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(3):
    loss = model(torch.randn(2, 4).cuda()).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    save_checkpoint({"epoch": epoch, "state_dict": model.state_dict()}, epoch == 2)
    utils.save_model(model.state_dict(), "last.pt")  # a saver of another file
    with open("m.pt", "wb") as f:  # every rank would empty the file: the block is guarded
        torch.save(model.state_dict(), f)
        f.write(b"""
end""")
tokenizer.save_pretrained("out")  # a Hugging Face saver
