import argparse
import time

import torch
import torch_npu


def benchmark(fn, gpu, iters=50):
    torch.npu.set_device(gpu)
    fn()  # warm-up
    torch.npu.synchronize()
    start = time.perf_counter()
    for _ in range(iters):
        fn()
    torch.npu.synchronize()
    return (time.perf_counter() - start) / iters


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=0)
    args = parser.parse_args()
    a = torch.randn(1024, 1024, device=torch.device("npu", args.gpu))
    print("%.3f ms" % (1e3 * benchmark(lambda: a @ a, args.gpu)))
