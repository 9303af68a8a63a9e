import torch
import torch_npu
g = torch.npu.NPUGraph()
with torch.npu.graph(g):
    pass
pool = torch.npu.graph_pool_handle()
f = torch.npu.make_graphed_callables(lambda x: x, (torch.zeros(1),))
from torch.npu import NPUGraph as CUDAGraph
import torch.npu as tc
h = tc.NPUGraph()
ok = isinstance(h, torch.npu.NPUGraph)
from torch.npu import NPUGraph as G, graph
