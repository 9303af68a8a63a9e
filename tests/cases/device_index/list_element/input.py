# CycleGAN-style: the device is the first of a list of GPU ids.
import torch


def init_net(net, gpu_ids):
    if len(gpu_ids) > 0:
        net.to(gpu_ids[0])
        net = torch.nn.DataParallel(net, gpu_ids)
    return net


def move(opt, x, rows):
    return x.to(opt.gpu_ids[0]), x.to(rows[0])  # rows: not device ids
