# A backend that comes from a config or a caller may say "nccl": a WARNING.
# A literal (also a default) is converted; an attribute of an object the file
# declares it on (its argparse option) is left to the default it gives there.
import argparse

import torch
import torch_npu
import torch.distributed as dist
def setup(cfg, rank):
    dist.init_process_group(backend=cfg['dist_backend'], init_method=cfg['dist_url'], world_size=2, rank=rank)
    torch.npu.set_device(rank)
def init_distributed(rank, num_gpus, group_name, dist_backend, dist_url):
    dist.init_process_group(dist_backend, init_method=dist_url, world_size=num_gpus, rank=rank, group_name=group_name)
def init2(dist_config):
    dist.init_process_group(**dist_config)
def init3(backend="hccl"):
    dist.init_process_group(backend)
def init4(args):
    dist.init_process_group(backend=args.dist_backend)
def init5():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist-backend", default="hccl")
    opts = parser.parse_args()
    dist.init_process_group(backend=opts.dist_backend)
# DeepSpeed hands its backend to init_process_group (Megatron's --distributed-backend)
def init7(neox_args):
    import deepspeed
    deepspeed.init_distributed(dist_backend=neox_args.distributed_backend)
    deepspeed.init_distributed(neox_args.distributed_backend)
# one the file sets itself (AdaBins' `args.dist_backend = 'nccl'`) is converted there
def init6(hp):
    dist.init_process_group(backend=hp.dist_backend)
if __name__ == "__main__":
    hp = argparse.Namespace()
    hp.dist_backend = "hccl"
    init6(hp)
