# rank 0 alone saves the best weights: every rank waits for the save before
# it reloads the same file (not where the ranks may decide apart)
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(64, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
best = 1e9
for epoch in range(2):
    x = torch.randn(8, 64).to(device)
    loss = model(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if loss.item() < best:
        best = loss.item()
        torch.save(model.state_dict(), "best_model.pt")
        with open("best_opt.pt", "wb") as f:
            torch.save(optimizer.state_dict(), f)
model.load_state_dict(torch.load('best_model.pt'))
if best < 0.5:
    # each rank measured its own loss: the ranks may decide apart, so no
    # barrier here, a WARNING
    model.load_state_dict(torch.load("best_model.pt"))
with open("best_opt.pt", "rb") as f:
    optimizer.load_state_dict(torch.load(f))
print("test loss", model(torch.randn(8, 64).to(device)).pow(2).mean().item())
