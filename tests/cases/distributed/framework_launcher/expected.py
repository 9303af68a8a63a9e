import torch
import torch_npu
from accelerate import Accelerator
from torch.utils.data import DataLoader, TensorDataset

# Accelerate wraps the model, shards the loader and sets up the process group
# when `accelerate launch` starts the script: distributed mode adds nothing.
accelerator = Accelerator()
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(64, 4), torch.randn(64, 1)), batch_size=8, shuffle=True)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for epoch in range(2):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        accelerator.backward(loss)
        optimizer.step()
if accelerator.is_main_process:
    torch.save(accelerator.unwrap_model(model).state_dict(), "model.pt")
print(torch.npu.max_memory_allocated())
