import argparse
import torch

# A query on a device the code holds (a parameter, a tensor's .device)
# reads it and stays; a device index given to one is a choice.
parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()


def infer(model, img, device=None):
    out = model(img.to(device))
    torch.cuda.synchronize(device)
    return out


def old_gpu(input):
    return torch.cuda.get_device_capability(input.device) < (8, 0)


model = torch.nn.Linear(2, 2).cuda(args.gpu)
print(torch.cuda.memory_allocated(args.gpu))
