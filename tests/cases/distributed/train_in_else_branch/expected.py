# IBM/pytorch-seq2seq's sample.py in brief: one branch loads a trained model,
# the other builds and trains one: the wrap goes in the branch that trains,
# before its loop, not after the whole if/else.
import sys
import torch
import torch_npu
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
if len(sys.argv) > 1:
    model = torch.load(sys.argv[1])
else:
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in data:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x.npu()), y.npu()).backward()
        optimizer.step()
print(model(torch.randn(2, 4).npu()))
