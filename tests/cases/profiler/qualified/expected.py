import torch
import torch_npu
import torchvision.models as models

model = models.resnet18().npu()
inputs = torch.randn(5, 3, 224, 224).npu()

with torch.autograd.profiler.profile(use_npu=True, record_shapes=True) as prof:
    with torch.autograd.profiler.record_function("model_inference"):
        model(inputs)

print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=10))
