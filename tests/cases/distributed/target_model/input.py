import torch
import torch.nn as nn

net = nn.Linear(10, 1).cuda(0)
checkpoint = torch.load("init.pth", map_location="cuda:0")
net.load_state_dict(checkpoint)
net = net.train()
print(net.state_dict().keys())
