import torch
import torch.nn as nn

# Naming each device is no device choice, also through a variable.
gpu_count = torch.cuda.device_count()
names = [torch.cuda.get_device_name(i) for i in range(gpu_count)]
for gpu_id in range(gpu_count):
    with torch.cuda.device(gpu_id):
        print(torch.cuda.memory_allocated(gpu_id))
print(names)

model = nn.Linear(4, 2).cuda(0)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.randn(8, 4).cuda(0)).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
