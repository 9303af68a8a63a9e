import torch
import torch_npu
from torch import nn

from model import CharRNN
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

# The model's class is in another file: a method given inputs may run its
# layers (step), one named for making state does not (init_hidden)
decoder = CharRNN(32, 64).npu()
decoder = torch.nn.parallel.DistributedDataParallel(decoder.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(decoder.parameters(), lr=0.01)
for epoch in range(2):
    hidden = decoder.module.init_hidden(8)
    output, hidden = decoder(torch.randint(0, 32, (8, 1)).npu(), hidden)
    loss = nn.functional.cross_entropy(output.view(8, -1), torch.randint(0, 32, (8,)).npu())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
