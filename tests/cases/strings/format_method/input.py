import torch


def device_for(rank):
    return torch.device('cuda:{}'.format(rank))


def devices(n):
    return ["cuda:{0}".format(i) for i in range(n)]


def named(gpu):
    return "cuda:{gpu}".format(gpu=gpu)


def labelled(gpu):
    return "cuda device {}".format(gpu)
