import torch
import torch.nn as nn

# Model parallel through calls: two device numbers, which -s keeps, as it
# keeps those of device strings elsewhere (model_parallel_values).


class GCN(nn.Module):
    def __init__(self, device1, device2):
        super().__init__()
        self.device2 = device2
        self.conv1 = nn.Linear(2, 2).to(device1)
        self.conv2 = nn.Linear(2, 2).to(device2)

    def forward(self, x):
        return self.conv2(self.conv1(x).to(self.device2))


class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4).cuda(0)
        self.b = nn.Linear(4, 1).cuda(1)


x = torch.randn(4, 2).to('cuda:0')
model = GCN(device1='cuda:0', device2='cuda:1')
out = model(x).to('cuda:0')
