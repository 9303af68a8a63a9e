# A forward before the optimizer creates the lazy parameters: the DDP wrap
# goes after it, as DDP raises on a module with uninitialized parameters.
import torch

model = torch.nn.Sequential(torch.nn.LazyLinear(8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
data = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(data, batch_size=16, shuffle=True)

# initialize the lazy parameters before the optimizer is built
model(data[:2][0])
model.cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(2):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
