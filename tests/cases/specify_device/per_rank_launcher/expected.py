"""Started by torchrun: each rank picks its card from LOCAL_RANK, so -s
leaves every device as it is (DEVICE_ID would put all ranks on one card)."""
import os
import torch
import torch_npu
import torch.distributed as dist

local_rank = int(os.environ.get("LOCAL_RANK", "0"))
torch.npu.set_device(local_rank)
device = torch.device(f"npu:{int(os.environ['LOCAL_RANK'])}")
dist.init_process_group("hccl")
x = torch.ones(1).npu()
y = torch.zeros(1).to("npu:0")
dist.all_reduce(x)
