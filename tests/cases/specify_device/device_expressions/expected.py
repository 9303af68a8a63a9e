import torch
import torch_npu
import torch.distributed as dist
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def setup(config, index, gpu):
    # whatever names them, these are device choices: they follow DEVICE_ID
    # (not a rank: a file whose device comes from one is left to its launcher)
    torch.npu.set_device(npu_device_id)
    dev = f'npu:{npu_device_id}'
    x = torch.zeros(1).to(dev)
    used = torch.npu.max_memory_allocated(device=npu_device_id)
    g = torch.device(f'npu:{npu_device_id}')
    # format fields with a spec (hifi-gan's 'cuda:{:d}'.format(rank)) too
    h = torch.device(f'npu:{npu_device_id}')
    k = torch.device(f'npu:{npu_device_id}')
    # a loop over the devices names each one: they stay
    for i in range(torch.npu.device_count()):
        torch.npu.set_device(i)
        a = torch.tensor([0], device=f'npu:{i}')
        c = torch.zeros(1, device=torch.device("npu", i))
        d = torch.zeros(1, device=f"npu:{i}")
    return x, used, g, h, k
