# -s: a local that holds torch.cuda.current_device() follows set_device, as
# the call does; the device string that -s builds from it stays that string
# when the converted file is converted again.
import torch

model = torch.nn.Linear(2, 2).cuda()
dev = torch.cuda.current_device()
y = torch.ones(2).to(dev)
