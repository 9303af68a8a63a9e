# torch.amp.GradScaler (torch.GradScaler too) and FSDP's ShardedGradScaler take device="cuda" by
# default: without CUDA they switch loss scaling off, so fp16 training would
# run unscaled on the NPU. The device is given where the call leaves it out.
import torch
import torch_npu
from torch.distributed.fsdp.sharded_grad_scaler import ShardedGradScaler

use_fsdp = True
scaler = torch.amp.GradScaler(device="npu")
scaler = ShardedGradScaler(enabled=True, device="npu") if use_fsdp else scaler
named = torch.amp.GradScaler(device="npu", init_scale=2.0**16)
positional = torch.amp.GradScaler("npu")
alias = torch.GradScaler(enabled=True, device="npu")


def make(**kwargs):
    return torch.amp.GradScaler(**kwargs)  # kwargs may hold the device
