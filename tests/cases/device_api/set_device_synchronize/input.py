import argparse
import time

import torch


def benchmark(fn, gpu, iters=50):
    torch.cuda.set_device(gpu)
    fn()  # warm-up
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(iters):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / iters


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=0)
    args = parser.parse_args()
    a = torch.randn(1024, 1024, device=torch.device("cuda", args.gpu))
    print("%.3f ms" % (1e3 * benchmark(lambda: a @ a, args.gpu)))
