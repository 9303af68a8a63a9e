import torch
import torch.nn as nn


# gpus holds torch.device objects, not indices: its items stay as they are.
def place_layers(model, gpus):
    model[0] = model[0].to(gpus[0])
    model[1] = model[1].to(gpus[-1])


model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4))
gpus = [torch.device('cuda:%d' % i) for i in range(torch.cuda.device_count())]
place_layers(model, gpus)
x = torch.randn(2, 4).to(gpus[0])


# an index list by its name still converts
def to_first(t, opt):
    return t.to(opt.gpu_ids[0])
