# no optimizer of MAIN names the network, but MAIN puts it in DataParallel
# and hands it to the training code of another file (BigGAN's GD): it is
# the network to wrap in DistributedDataParallel where DataParallel stood
import torch
import torch_npu
import torch.nn as nn
import trainer
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

net = nn.Linear(4, 4).npu()
if torch.npu.device_count() > 1:
    pass
net = torch.nn.parallel.DistributedDataParallel(net.npu(), device_ids=[npu_local_rank])
trainer.fit(net)
