# DeepLabV3Plus-Pytorch's main.py in brief: save_ckpt is a closure of main() that
# saves main()'s model; like the load, it goes through .module.
import os
import torch
import torch.nn as nn


def main():
    model = nn.Linear(4, 2).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def save_ckpt(path):
        torch.save({"model_state": model.state_dict()}, path)

    if os.path.isfile("ckpt.pth"):
        ckpt = torch.load("ckpt.pth")
        model.load_state_dict(ckpt["model_state"])

    data = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
    for epoch in range(1):
        for x in data:
            loss = model(x.cuda()).sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        save_ckpt("ckpt.pth")


if __name__ == "__main__":
    main()
