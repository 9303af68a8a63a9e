"""Started by torchrun: each rank picks its card from LOCAL_RANK, so -s
leaves every device as it is (DEVICE_ID would put all ranks on one card)."""
import os
import torch
import torch.distributed as dist

local_rank = int(os.environ.get("LOCAL_RANK", "0"))
torch.cuda.set_device(local_rank)
device = torch.device(f"cuda:{int(os.environ['LOCAL_RANK'])}")
dist.init_process_group("nccl")
x = torch.ones(1).cuda()
y = torch.zeros(1).to("cuda:0")
dist.all_reduce(x)
