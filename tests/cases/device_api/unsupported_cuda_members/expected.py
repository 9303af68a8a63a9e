import torch
import torch_npu
from torch.cuda import nvtx

major, minor = torch.npu.get_device_capability()
arch = torch.cuda.get_arch_list()
graph = torch.npu.NPUGraph()
nvtx.range_push("step")
torch.cuda.nvtx.mark("inside step")
nvtx.range_pop()
print(major, minor, arch, graph)
