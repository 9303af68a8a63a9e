import os

import torch
import torch.distributed as dist


def setup(args):
    # the old-style default type, as ssd.pytorch sets it
    torch.set_default_tensor_type('torch.cuda.FloatTensor')
    half = torch.zeros(2).type("torch.cuda.HalfTensor")
    device = torch.device("cuda:" + str(args.gpu))
    visible = args.device.replace('cuda:', '')
    on_card = str(half.device).startswith('cuda:')
    os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"
    backend = "NCCL" if dist.is_nccl_available() else "gloo"
    dist.init_process_group(backend=backend)
    # left alone: not a tensor type, not a whole word
    names = ["torch.cuda.FloatTensorX", "torch.cudas", "cudas:"]
    return device, visible, on_card, names
