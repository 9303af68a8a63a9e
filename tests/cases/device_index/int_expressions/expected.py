import os
import torch
import torch_npu
import torch.distributed as dist

# Integer devices written inline, or through a loop over range(...)
x = torch.ones(2).to(f'npu:{int(os.environ["LOCAL_RANK"])}')
y = torch.ones(2).to(f"npu:{int(os.environ['LOCAL_RANK'])}")  # quotes of the other kind
z = torch.zeros(2, device=f'npu:{int(os.environ["LOCAL_RANK"])}')
w = torch.ones(2).to(f'npu:{torch.npu.current_device()}')
v = torch.ones(2).to(f'npu:{dist.get_rank()}')
u = torch.ones(2).to(f'npu:{dist.get_rank() % torch.npu.device_count()}')
for i in range(torch.npu.device_count()):
    t = torch.tensor([0], device=f'npu:{i}')


def demo_model_parallel(rank):
    dev0 = rank * 2
    dev1 = rank * 2 + 1
    return torch.randn(20, 5).to(f'npu:{dev0}'), torch.randn(20, 5).to(f'npu:{dev1}')


# not indices: left alone
s = torch.ones(2).to("npu:%d" % 0)
r = torch.ones(2).to(torch.float16)
