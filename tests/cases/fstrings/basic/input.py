import os

import torch


def setup(args):
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    device = torch.device(f"cuda:{local_rank}")
    torch.cuda.set_device(device)
    main_dev = f'cuda:{args.local_rank}'
    plain = f"cuda"
    return device, main_dev, plain
