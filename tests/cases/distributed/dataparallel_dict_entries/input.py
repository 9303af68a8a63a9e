# DataParallel of the entries of a dict of models (StyleTTS2's model[key]) stays,
# with a WARNING: distributed mode wraps models that have a name of their own.
import torch
from torch import nn


class MyDataParallel(nn.DataParallel):
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


def main():
    model = {"enc": nn.Linear(4, 4).cuda(), "dec": nn.Linear(4, 1).cuda()}
    for key in model:
        model[key] = MyDataParallel(model[key])
    optimizer = torch.optim.SGD([p for m in model.values() for p in m.parameters()], lr=0.1)
    for step in range(3):
        x = torch.randn(8, 4).cuda()
        loss = model["dec"](model["enc"](x)).pow(2).mean()
        optimizer.zero_grad(); loss.backward(); optimizer.step()
    torch.save({k: v.module.state_dict() for k, v in model.items()}, "m.pt")
    print("saved")


if __name__ == "__main__":
    main()
