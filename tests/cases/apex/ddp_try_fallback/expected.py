# apex's DDP imported in a try whose except falls back to torch's
# (ParallelWaveGAN): where apex is missing, torch's DDP runs, and it runs on
# the NPU; a WARNING, not an UNSUPPORTED row.
import torch
import torch_npu

try:
    from apex.parallel import DistributedDataParallel
except ImportError:
    from torch.nn.parallel import DistributedDataParallel

torch.distributed.init_process_group("hccl")
model = DistributedDataParallel(torch.nn.Linear(2, 2).npu())
