import torch
import torch.distributed as dist


def setup(args, model):
    # every device choice follows DEVICE_ID: positional ones, barrier's too (a file that
    # builds DDP runs once per rank: -s leaves it as normal mode does)
    torch.cuda.set_device(args.gpu)
    model.cuda(args.gpu)
    dist.barrier(device_ids=[args.gpu])
    torch.cuda.synchronize(args.gpu)
    stream = torch.cuda.current_stream(args.gpu)
    used = torch.cuda.memory_allocated(args.gpu)
    torch.cuda.set_rng_state(torch.cuda.get_rng_state(args.gpu), args.gpu)
    x = torch.zeros(2).to(args.gpu if args.gpu >= 0 else "cpu")
    # naming every device is no choice of one
    devices = [torch.device(f"cuda:{i}") for i in range(torch.cuda.device_count())]
    for i in range(torch.cuda.device_count()):
        print(torch.cuda.get_device_name(i))
    return model, stream, used, x, devices


def scatter(chunks, device_ids):
    # a loop over a list of devices names each of them (CSAIL's data_parallel.py)
    out = []
    for c, dev in zip(chunks, device_ids):
        with torch.cuda.device(dev):
            out.append(c.cuda(dev))
    return out
