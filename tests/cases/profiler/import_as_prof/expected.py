import torch
import torch_npu
import torch.autograd.profiler as prof


def run(model, x, args):
    with prof.profile(enabled=args.profile, use_npu=args.cuda) as p:
        model(x)
    if args.cuda:
        torch.npu.synchronize()
    return p
