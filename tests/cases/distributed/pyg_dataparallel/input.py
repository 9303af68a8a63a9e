# PyG's DataParallel hard-codes cuda:N: distributed mode removes it as it does
# torch's (the import row says to load with torch_geometric.loader.DataLoader,
# whose batches the model takes as they are), and PyG's DataLoader gets a
# DistributedSampler like torch's.
import torch
from torch_geometric.loader import DataLoader
from torch_geometric.nn import DataParallel

from net import Net, dataset

loader = DataLoader(dataset, batch_size=32, shuffle=True)
model = Net()
model = DataParallel(model)
model = model.to(torch.device("cuda:0"))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(10):
    for batch in loader:
        optimizer.zero_grad()
        loss = model(batch.to("cuda:0")).mean()
        loss.backward()
        optimizer.step()
