import os

import torch
import torch_npu

# a name that holds a device or a device string already stays as it is
gpu = torch.device("npu:0" if torch.npu.is_available() else "cpu")
model = torch.nn.Linear(2, 2).to(gpu)


def move(x, device_id: str = "npu:0"):
    return x.to(device_id)


def move_default(x, rank="npu"):
    return x.to(rank)


def move_index(x, rank):
    return x.to(f'npu:{rank}')  # an index by its name


class Engine:
    def __init__(self, gpu):
        self.gpu = torch.device(f"npu:{gpu}")
        self.dev = "npu:%d" % gpu

    def run(self, x):
        return x.to(self.gpu), torch.zeros(2, device=self.gpu), x.to(self.dev)


class Predictor:
    def __init__(self, gpu="npu:0"):
        self.gpu = gpu  # a device string, by its default

    def run(self, x):
        return x.to(self.gpu)


def shard(x, args):
    lr = args.local_rank  # an index by the name it comes from
    return x.to(f'npu:{lr}')


local_rank = int(os.environ["LOCAL_RANK"])
t = torch.zeros(2)
# tensor methods that create tensors take an index too
a = t.new_zeros(3, device=f'npu:{local_rank}')
b = t.new_full((2,), 1.0, device=f'npu:{local_rank}')
# each branch of a conditional is its own device argument
c = torch.device(f'npu:{local_rank}' if torch.npu.is_available() else "cpu")
d = t.to(
    f'npu:{local_rank}'  # the GPU
    if torch.npu.is_available()
    else "cpu"
)
