import torch
import torch.distributed as dist

# gloo as the default group: collectives on device tensors fail on the NPU
dist.init_process_group("gloo")
grads = torch.ones(4).cuda()
dist.all_reduce(grads)

# a gloo group of its own, for CPU objects: no warning
cpu_group = dist.new_group(backend="gloo")


def launch(client, train):
    # a launcher that passes the backend on to init_process_group (dask-pytorch-ddp)
    from dask_pytorch_ddp import dispatch
    return dispatch.run(client, train, backend="gloo")
