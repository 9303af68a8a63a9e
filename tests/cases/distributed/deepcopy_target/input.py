import copy

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
policy_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
# copies of the module, not of the wrapper, though MAIN calls them
target_net = copy.deepcopy(policy_net).to(device).eval()
frozen = copy.deepcopy(policy_net).requires_grad_(False)
optimizer = torch.optim.Adam(policy_net.parameters(), lr=1e-3)

for step in range(6):
    s = torch.randn(8, 4, device=device)
    q = policy_net(s).max(1)[0]
    with torch.no_grad():
        tq = target_net(torch.randn(8, 4, device=device)).max(1)[0] + frozen(s).max(1)[0]
    loss = nn.functional.smooth_l1_loss(q, tq)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 2 == 0:
        target_net.load_state_dict(policy_net.state_dict())
torch.save(policy_net.state_dict(), "policy.pt")
