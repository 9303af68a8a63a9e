import os
import torch
import torch.distributed as dist

# Integer devices written inline, or through a loop over range(...)
x = torch.ones(2).to(int(os.environ["LOCAL_RANK"]))
y = torch.ones(2).to(int(os.environ['LOCAL_RANK']))  # quotes of the other kind
z = torch.zeros(2, device=int(os.environ["LOCAL_RANK"]))
w = torch.ones(2).to(torch.cuda.current_device())
v = torch.ones(2).to(dist.get_rank())
u = torch.ones(2).to(dist.get_rank() % torch.cuda.device_count())
for i in range(torch.cuda.device_count()):
    t = torch.tensor([0], device=i)


def demo_model_parallel(rank):
    dev0 = rank * 2
    dev1 = rank * 2 + 1
    return torch.randn(20, 5).to(dev0), torch.randn(20, 5).to(dev1)


# not indices: left alone
s = torch.ones(2).to("cuda:%d" % 0)
r = torch.ones(2).to(torch.float16)
