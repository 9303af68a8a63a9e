# FSDP takes its card as device_id; an int is a CUDA index (torch.device(int)).
import os

import torch
import torch_npu
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP

local_rank = int(os.environ["LOCAL_RANK"])
model = FSDP(torch.nn.Linear(2, 2), device_id=f'npu:{local_rank}')
single = FSDP(torch.nn.Linear(2, 2), device_id='npu:0')
held = FSDP(torch.nn.Linear(2, 2), device_id=torch.device("npu", local_rank))
