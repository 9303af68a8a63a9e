# Graph and RAPIDS libraries whose kernels run on the CPU or CUDA only.
# torch_scatter's scatter_sum and scatter_mean run torch's scatter_add_ and
# get no row; its C++ ops (scatter_max, segment_csr) do. DGL's graphs move to
# the CPU or CUDA only, so its import is reported, while "cuda" still becomes
# "npu" for the tensors.
import torch
import dgl
import rmm
import torch_cluster
from torch_scatter import scatter_max, scatter_mean, segment_csr
from torch_sparse import SparseTensor
from torch_geometric.nn import DataParallel
from fairscale.nn import FullyShardedDataParallel


def pool(x, index, ptr):
    return scatter_mean(x, index, dim=0), scatter_max(x, index, dim=0)[0], segment_csr(x, ptr)


def main(g, model):
    g = g.to("cuda")
    edge_index = torch_cluster.radius_graph(g.ndata["pos"], r=1.0)
    adj = SparseTensor(row=edge_index[0], col=edge_index[1])
    return DataParallel(model), FullyShardedDataParallel(model), adj
