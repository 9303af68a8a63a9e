import torch
import torch_npu

# A worker process per card, each given its own device: as with mp.spawn,
# one DEVICE_ID would put them all on one card.


def work(device, i):
    model = torch.nn.Linear(2, 2).to(device)
    x = torch.zeros(2).npu()
    torch.npu.synchronize(device)
    return model(x)


def run(n):
    num_gpus = torch.npu.device_count()
    ctx = torch.multiprocessing.get_context("spawn")
    pool = ctx.Pool(n)
    for i in range(n):
        pool.apply_async(work, args=(torch.device(f'npu:{i % num_gpus}'), i))
    pool.close()
    pool.join()
