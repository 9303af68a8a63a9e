# torch.version.cuda is None in the CPU build of torch that torch_npu runs on:
# each read gets a WARNING (the branch for CUDA never runs there). A
# parameter of the same name is not torch's.
import torch
from torch.version import cuda as cuda_version

if torch.version.cuda is not None and torch.cuda.is_available():
    major = int(torch.version.cuda.split(".")[0])
print("torch", torch.version.__version__, "built with CUDA", cuda_version)


def describe(version):
    return version.cuda
