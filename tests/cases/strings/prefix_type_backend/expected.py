import os

import torch
import torch_npu
import torch.distributed as dist


def setup(args):
    # the old-style default type, as ssd.pytorch sets it
    torch.set_default_tensor_type('torch.npu.FloatTensor')
    half = torch.zeros(2).type("torch.npu.HalfTensor")
    device = torch.device("npu:" + str(args.gpu))
    visible = args.device.replace('npu:', '')
    on_card = str(half.device).startswith('npu:')
    os.environ["PYTORCH_NPU_ALLOC_CONF"] = "expandable_segments:True"
    backend = "HCCL" if dist.is_hccl_available() else "gloo"
    dist.init_process_group(backend=backend)
    # left alone: not a tensor type, not a whole word
    names = ["torch.cuda.FloatTensorX", "torch.cudas", "cudas:"]
    return device, visible, on_card, names
