import torch
import torch_npu
from pytorch3d.loss import chamfer_distance
from pytorch3d.ops import knn_points
from pytorch3d.structures import Meshes

points = torch.randn(1, 100, 3).npu()
nearest = knn_points(points, points, K=4)
loss, _ = chamfer_distance(points, points)
