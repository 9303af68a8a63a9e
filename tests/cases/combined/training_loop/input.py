import argparse
import os

import torch
import torch.distributed as dist
from torch.cuda.amp import GradScaler, autocast


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=int(os.environ.get("LOCAL_RANK", 0)))
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()

    dist.init_process_group(backend="nccl")
    torch.cuda.set_device(args.local_rank)
    device = torch.device(f"cuda:{args.local_rank}")
    torch.backends.cudnn.benchmark = True

    model = torch.nn.Linear(32, 10).cuda(args.local_rank)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = GradScaler()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)

    for epoch in range(args.epochs):
        x = torch.randn(64, 32).to(args.local_rank, non_blocking=True)
        y = torch.randint(0, 10, (64,)).to(device)
        assert x.is_cuda, "inputs must live on the cuda device"
        start.record()
        with autocast():
            loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        end.record()
        torch.cuda.synchronize()  # wait for the cuda kernels before reading the timer
        if dist.get_rank() == 0:
            print(f"epoch {epoch} loss {loss.item():.4f} {start.elapsed_time(end):.1f}ms "
                  f"mem {torch.cuda.max_memory_allocated() >> 20}MiB")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
