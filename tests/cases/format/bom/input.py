import torch

x = torch.ones(4).cuda()
print(x.device, torch.cuda.current_device())
