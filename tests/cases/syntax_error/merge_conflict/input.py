import torch
<<<<<<< HEAD
x = torch.zeros(1).cuda()
=======
x = torch.zeros(1).cuda(0)
>>>>>>> abc
y = x.cuda()
