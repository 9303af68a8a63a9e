import torch
import torch.nn as nn

# Model parallel by index only: the second number comes after -s chose the
# first, so it chooses again, leaving both; the bare .cuda() follows DEVICE_ID.


class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4).cuda(0)
        self.b = nn.Linear(4, 1).to(torch.device("cuda", 1))

    def forward(self, x):
        return self.b(self.a(x.cuda()).to(1))


model = Split()
torch.cuda.synchronize(0)
