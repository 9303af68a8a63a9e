import torch
import torch_npu
from torch.distributed.fsdp import FullyShardedDataParallel
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


# A group of this one process, for FSDP's CPU offload (esm's esmfold_inference.py):
# the file is no rank of many, so -s still pins DEVICE_ID's card.
def enable_cpu_offload(model):
    torch.distributed.init_process_group(backend="hccl", init_method="tcp://localhost:9999", world_size=1, rank=0)
    return FullyShardedDataParallel(model)  # in this one process too


model = torch.nn.Linear(2, 2)
model.npu()
