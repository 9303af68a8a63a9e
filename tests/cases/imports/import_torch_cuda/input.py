import torch.cuda


def wait_all():
    if torch.cuda.is_available():
        torch.cuda.synchronize()
