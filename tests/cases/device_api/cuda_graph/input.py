import torch
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    pass
pool = torch.cuda.graph_pool_handle()
f = torch.cuda.make_graphed_callables(lambda x: x, (torch.zeros(1),))
from torch.cuda import CUDAGraph
import torch.cuda as tc
h = tc.CUDAGraph()
ok = isinstance(h, torch.cuda.CUDAGraph)
from torch.cuda import CUDAGraph as G, graph
