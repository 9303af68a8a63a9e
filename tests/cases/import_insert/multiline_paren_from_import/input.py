import os
import sys
from torch.nn import (
    BatchNorm2d,
    Conv2d,
    Module,
    ReLU,
)


class ConvBlock(Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = BatchNorm2d(cout)
        self.act = ReLU(inplace=True)

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


if __name__ == "__main__":
    print(ConvBlock(3, 8).cuda(), os.getpid(), sys.argv)
