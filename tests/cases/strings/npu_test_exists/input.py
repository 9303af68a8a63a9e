import torch


def gemm(device):
    if device == "cuda":
        from my_ext import cuda_gemm
        return cuda_gemm
    elif device == "npu":
        from my_ext import npu_gemm
        return npu_gemm


def sync(device):
    if device.type == "cuda":
        torch.cuda.synchronize()
    if device.type == "npu":
        torch.npu.synchronize()


def pick(device):
    if str(device).startswith("cuda"):
        return 1
    elif str(device).startswith("npu"):
        return 2
    return device == "cuda"


def strip(device=""):
    for remove in "cuda:", "npu:", "none", "(", ")":
        device = device.replace(remove, "")
    return device


def other(device):
    return device == "cuda"
