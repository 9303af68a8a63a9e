import torch

x = torch.randn(2, 2)
y = x.cuda()
print(y.is_cuda)