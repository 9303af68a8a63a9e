# A device choice inside another (stylegan2's projector.py): -s rewrites the
# outer one whole, with no row about the inner one.
import torch

gpu_ids = [int(s) for s in "0".split(",")]
torch.cuda.set_device(torch.device('cuda', gpu_ids[0]))
x = torch.zeros(2).cuda()
