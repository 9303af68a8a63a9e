import argparse
import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# A query on a device the code holds (a parameter, a tensor's .device)
# reads it and stays; a device index given to one is a choice.
parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()


def infer(model, img, device=None):
    out = model(img.to(device))
    torch.npu.synchronize(device)
    return out


def old_gpu(input):
    return torch.npu.get_device_capability(input.device) < (8, 0)


model = torch.nn.Linear(2, 2).npu(npu_device_id)
print(torch.npu.memory_allocated(npu_device_id))
