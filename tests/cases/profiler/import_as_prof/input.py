import torch
import torch.autograd.profiler as prof


def run(model, x, args):
    with prof.profile(enabled=args.profile, use_cuda=args.cuda) as p:
        model(x)
    if args.cuda:
        torch.cuda.synchronize()
    return p
