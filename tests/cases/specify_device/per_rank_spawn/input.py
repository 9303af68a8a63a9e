import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def main_worker(gpu, ngpus_per_node, args):
    # the spawned rank's index, whatever its name: not DEVICE_ID
    dist.init_process_group("nccl", rank=gpu, world_size=ngpus_per_node)
    torch.cuda.set_device(gpu)
    model = torch.nn.Linear(2, 2).cuda(gpu)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[gpu])
    device = torch.device("cuda", dist.get_rank())
    return model, device


if __name__ == "__main__":
    n = torch.cuda.device_count()
    mp.spawn(main_worker, nprocs=n, args=(n, None))
