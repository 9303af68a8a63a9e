# The syntax error WARNING goes among the rows in line order (ClassyVision).
import torch
x = torch.zeros(1).cuda()
imprt a
y = x.cuda()
