import torch
import torch.nn as nn
import torch.optim as optim


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.proj = nn.Linear(4, 1)

    def get_trainable_parameters(self):
        return (p for n, p in self.named_parameters() if not n.startswith("emb"))

    def forward(self, x):
        return self.proj(self.emb(x))


transformer = Transformer().cuda()
optimizer = optim.Adam(transformer.get_trainable_parameters(), lr=1e-3)
ds = torch.utils.data.TensorDataset(torch.randint(0, 10, (64, 3)), torch.randn(64, 3, 1))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.mse_loss(transformer(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
torch.save(transformer.state_dict(), "transformer.pt")
