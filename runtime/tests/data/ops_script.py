"""Calls a known set of torch APIs, some unsupported on torch_npu, some reachable only at run time."""
import torch
import torch_npu
import torch.nn as nn
import torch.nn.functional as F

a = torch.randn(3, 3)
b = torch.matmul(a, a)
m = torch.mm(a, a)  # torch 1.13's resolve_name calls it torch.spmm
c = F.relu(b)
d = a.add(c)
name = "to_" + "sparse"
sparse = getattr(a, name)()
linear = nn.Linear(3, 3)
out = linear(d)
encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2), 1)
