import torch
import torch.distributed as dist


def setup(config, index, gpu):
    # whatever names them, these are device choices: they follow DEVICE_ID
    # (not a rank: a file whose device comes from one is left to its launcher)
    torch.cuda.set_device(config.GPU)
    dev = "cuda:" + str(index)
    x = torch.zeros(1).to(dev)
    used = torch.cuda.max_memory_allocated(device=gpu)
    g = torch.device(gpu)
    # format fields with a spec (hifi-gan's 'cuda:{:d}'.format(rank)) too
    h = torch.device("cuda:{:d}".format(index))
    k = torch.device("cuda:{index:d}".format(index=index))
    # a loop over the devices names each one: they stay
    for i in range(torch.cuda.device_count()):
        torch.cuda.set_device(i)
        a = torch.tensor([0], device=i)
        c = torch.zeros(1, device=torch.device("cuda", i))
        d = torch.zeros(1, device=f"cuda:{i}")
    return x, used, g, h, k
