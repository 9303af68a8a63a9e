import torch

encoder = torch.nn.Linear(3, 3).cuda()
print(encoder(torch.zeros(1, 3).cuda()))
