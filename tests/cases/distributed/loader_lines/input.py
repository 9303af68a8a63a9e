import torch
from torch.utils.data import DataLoader, TensorDataset
model = torch.nn.Linear(1, 1)
ds = TensorDataset(torch.zeros(8, 1))
a = DataLoader(ds, batch_size=32, shuffle=True,
               num_workers=4)
b = DataLoader(
    ds,
    shuffle=True,
    num_workers=4,
)
c = DataLoader(ds, shuffle=True, num_workers=4)
d = DataLoader(ds,
               shuffle=False)
e = DataLoader(ds, shuffle=True  # mix
               , num_workers=2)
f = DataLoader(
    shuffle=True,
    dataset=ds)
g = DataLoader(
    ds, batch_size=8,
    shuffle=True,  # 'True' to check training progress: the comment stays on its own line
    num_workers=0)
for epoch in range(3):
    for x in a:
        pass
