import torch
import torch_npu


def device_for(rank):
    return torch.device('npu:{}'.format(rank))


def devices(n):
    return ["npu:{0}".format(i) for i in range(n)]


def named(gpu):
    return "npu:{gpu}".format(gpu=gpu)


def labelled(gpu):
    return "cuda device {}".format(gpu)
