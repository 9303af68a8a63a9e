# CycleGAN-style: the device is the first of a list of GPU ids; TorchDrug's is
# the one its rank picks (any index but a slice, which is a list).
import torch
import torch_npu


def init_net(net, gpu_ids):
    if len(gpu_ids) > 0:
        net.to(f'npu:{gpu_ids[0]}')
        net = torch.nn.DataParallel(net, gpu_ids)
    return net


def move(opt, x, rows):
    return x.to(f'npu:{opt.gpu_ids[0]}'), x.to(rows[0])  # rows: not device ids


class Engine:
    def __init__(self, gpus, rank):
        self.gpus, self.rank = gpus, rank
        self.device = torch.device(f'npu:{gpus[rank % len(gpus)]}')
        self.first_two = [torch.device(g) for g in gpus[:2]]
        self.model = torch.nn.Linear(2, 2).to(f'npu:{self.gpus[self.rank]}')
