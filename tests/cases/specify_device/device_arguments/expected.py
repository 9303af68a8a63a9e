import torch
import torch_npu
import torch.distributed as dist
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def setup(args, model):
    # every device choice follows DEVICE_ID: positional ones, barrier's too (a file that
    # builds DDP runs once per rank: -s leaves it as normal mode does)
    torch.npu.set_device(npu_device_id)
    model.npu(npu_device_id)
    dist.barrier(device_ids=[npu_device_id])
    torch.npu.synchronize(npu_device_id)
    stream = torch.npu.current_stream(npu_device_id)
    used = torch.npu.memory_allocated(npu_device_id)
    torch.npu.set_rng_state(torch.npu.get_rng_state(npu_device_id), npu_device_id)
    x = torch.zeros(2).to(f'npu:{npu_device_id}' if args.gpu >= 0 else "cpu")
    # naming every device is no choice of one
    devices = [torch.device(f"npu:{i}") for i in range(torch.npu.device_count())]
    for i in range(torch.npu.device_count()):
        print(torch.npu.get_device_name(i))
    return model, stream, used, x, devices


def scatter(chunks, device_ids):
    # a loop over a list of devices names each of them (CSAIL's data_parallel.py)
    out = []
    for c, dev in zip(chunks, device_ids):
        with torch.npu.device(dev):
            out.append(c.npu(dev))
    return out
