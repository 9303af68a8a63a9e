# CycleGAN-style: the device is the first of a list of GPU ids.
import torch
import torch_npu


def init_net(net, gpu_ids):
    if len(gpu_ids) > 0:
        net.to(f'npu:{gpu_ids[0]}')
        net = torch.nn.DataParallel(net, gpu_ids)
    return net


def move(opt, x, rows):
    return x.to(f'npu:{opt.gpu_ids[0]}'), x.to(rows[0])  # rows: not device ids
