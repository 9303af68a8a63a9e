# Code already written for the NPU (or converted before): what the rules
# write is not reported again; other torch.npu names are checked like any.
import torch
import torch_npu
import torch.distributed as dist
from torch.distributed import is_hccl_available

if torch.npu.is_available() and is_hccl_available():
    torch.npu.set_device(0)
    scaler = torch.npu.amp.GradScaler()
    graph = torch.npu.NPUGraph()
    dist.init_process_group("hccl" if dist.is_hccl_available() else "gloo")
    torch.npu.not_a_real_api()
    ones = torch.ones(2).npu()
    print(ones.is_npu)
