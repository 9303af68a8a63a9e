import torch

model = torch.nn.Linear(4, 2).cuda()
torch.cuda.synchronize()
