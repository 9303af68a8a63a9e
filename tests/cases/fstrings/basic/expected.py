import os

import torch
import torch_npu


def setup(args):
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    device = torch.device(f"npu:{local_rank}")
    torch.npu.set_device(device)
    main_dev = f'npu:{args.local_rank}'
    plain = f"npu"
    return device, main_dev, plain
