import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def main(args):
    model = nn.Linear(2, 2)
    torch.npu.set_device(npu_local_rank)
    model.npu(npu_local_rank)
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    for i in range(torch.npu.device_count()):
        print("npu:{}".format(i), torch.npu.get_device_name(i))
    if args.resume:
        loc = f'npu:{npu_local_rank}'
        checkpoint = torch.load(args.resume, map_location=loc)
        checkpoint = torch.load(args.resume, map_location=(f'npu:{npu_local_rank}'))
        checkpoint = torch.load(args.resume, map_location=f'npu:{npu_local_rank}')
        checkpoint = torch.load(args.resume, map_location={"cuda:0": f'npu:{npu_local_rank}'})
        checkpoint = torch.load(args.resume, map_location="cpu")
        model.module.load_state_dict(checkpoint["state_dict"])
    dev = torch.device("npu", npu_local_rank)
    dev = torch.device(type="npu", index=npu_local_rank)
    dev = torch.device(f'npu:{npu_local_rank}' if torch.npu.is_available() else "cpu")
    x = torch.zeros(2, device=f'npu:{npu_local_rank}')
    y = torch.ones(2).to(f'npu:{npu_local_rank}', non_blocking=True)
    return model(x + y).to(dev)
