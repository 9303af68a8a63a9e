import torch
import torch_npu
import torchvision
from torchinfo import summary as info
from torchsummary import summary

device = torch.device("npu" if torch.npu.is_available() else "cpu")
model = torchvision.models.resnet18().to(device)
summary(model, input_size=(3, 224, 224))
summary(model, (3, 224, 224), device="cuda")
summary(model, (3, 224, 224), 1, "cuda")
info(model, input_size=(1, 3, 224, 224), device="npu")
