import os

import torch
import torch_npu
import torch.distributed as dist


def setup():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local_rank)
    dist.init_process_group(backend="hccl")
    os.environ["ASCEND_RT_VISIBLE_DEVICES"] = "0,1"
    model = torch.nn.Linear(4, 4).npu()
    x = torch.randn(2, 4).to(f"npu:{local_rank}")
    y = torch.randn(2, 4).to('npu:0')
    with torch.npu.amp.autocast():
        return model(x) + y, x.is_npu
