import torch
import torch.distributed as dist


def setup(config, rank, local_rank):
    # whatever names them, these are device choices: they follow DEVICE_ID
    torch.cuda.set_device(config.LOCAL_RANK)
    dev = "cuda:" + str(rank)
    x = torch.zeros(1).to(dev)
    used = torch.cuda.max_memory_allocated(device=local_rank)
    g = torch.device(dist.get_rank())
    # a loop over the devices names each one: they stay
    for i in range(torch.cuda.device_count()):
        torch.cuda.set_device(i)
        a = torch.tensor([0], device=i)
        c = torch.zeros(1, device=torch.device("cuda", i))
        d = torch.zeros(1, device=f"cuda:{i}")
    return x, used, g
