import torch
from torch.profiler import ProfilerActivity, profile, schedule


def trace(model, x, use_cuda):
    acts = [ProfilerActivity.CPU]
    if use_cuda:
        acts.append(ProfilerActivity.CUDA)
    with profile(activities=acts, schedule=schedule(wait=1, warmup=1, active=2)) as p:
        for _ in range(4):
            model(x)
            p.step()
    return p


def deprecated(model, x):
    with torch.profiler.profile(use_cuda=True) as p:
        model(x)
    with torch.autograd.profiler.emit_nvtx():
        model(x)
    return p


def my_profile(fn, use_cuda=False):
    return fn()


my_profile(print, use_cuda=True)
