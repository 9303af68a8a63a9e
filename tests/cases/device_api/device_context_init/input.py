import torch


def allocate_on(gpu, shape):
    if not torch.cuda.is_initialized():
        torch.cuda.init()
    with torch.cuda.device(gpu):
        return torch.empty(shape, device="cuda")
