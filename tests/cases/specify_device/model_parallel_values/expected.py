import torch
import torch_npu
import torch.nn as nn


class TwoCards(nn.Module):
    # Model parallel: the two halves live on two numbered devices, which -s
    # must not fold into one.
    def __init__(self, device1="npu:0", device2="npu:1"):
        super().__init__()
        self.a = nn.Linear(4, 4).to(device1)
        self.b = nn.Linear(4, 1).to(device2)
        self.devices = {"first": device1, "second": device2}

    def forward(self, x):
        return self.b(self.a(x.to(self.devices["first"])).to(self.devices["second"]))
