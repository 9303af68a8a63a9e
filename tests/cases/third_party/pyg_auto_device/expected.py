import torch
import torch_npu
import torch_geometric

device = torch_geometric.device('auto')
model = torch.nn.Linear(4, 2).to(device)
fixed = torch_geometric.device('npu')
