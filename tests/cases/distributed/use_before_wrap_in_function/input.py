# Uses of main()'s model before the wrap keep the plain module: model.backbone
# stays (the wrap comes after the statements that prepare the model).
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        return self.head(self.backbone(x))


def main():
    model = Net()
    model.backbone.weight.data.mul_(0.5)
    model = model.cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        loss = model(torch.randn(8, 4).cuda()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    main()
