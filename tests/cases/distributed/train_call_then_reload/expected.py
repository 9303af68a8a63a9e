import torch
import torch_npu
from torch import optim
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def step(x, encoder, encoder_optimizer):
    encoder_optimizer.zero_grad()
    encoder(x).sum().backward()
    encoder_optimizer.step()


def trainIters(encoder, n_iters):
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=0.01)
    for it in range(n_iters):
        step(torch.randn(4, 2).npu(), encoder, encoder_optimizer)


encoder1 = torch.nn.Linear(2, 1).npu()
encoder1 = torch.nn.parallel.DistributedDataParallel(encoder1.npu(), device_ids=[npu_local_rank])
# trainIters trains encoder1 (through step): the wrap comes before it, not
# after the reload below, which the last assignment is
trainIters(encoder1, 10)
if npu_rank == 0: torch.save(encoder1.module.state_dict(), 'encoder.pt')
encoder1 = torch.nn.Linear(2, 1).npu()
torch.distributed.barrier()
encoder1.load_state_dict(torch.load('encoder.pt'))
print(encoder1(torch.randn(1, 2).npu()))
