# After the wrap (a2c-ppo-acktr's main.py), the model's own attributes that
# hasattr/getattr name are looked at in .module, and a copy of the model is a
# copy of the plain module, so that it loads the model's state_dict().
import copy
from copy import deepcopy

import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.obs_filter = None

    def forward(self, x):
        return self.fc(x)


algo = "ppo"
actor_critic = Policy()
actor_critic.obs_filter = []
actor_critic.cuda()
optimizer = torch.optim.Adam(actor_critic.parameters(), lr=0.01)
if algo == "ppo":
    old_model = copy.deepcopy(actor_critic)
for update in range(3):
    x = torch.randn(8, 4).cuda()
    old_model.load_state_dict(actor_critic.state_dict())
    loss = -torch.exp(actor_critic(x) - old_model(x).detach()).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if hasattr(actor_critic, "obs_filter"):
        actor_critic.obs_filter.append(update)
    if getattr(actor_critic, "training", False) and hasattr(actor_critic, "fc"):
        best = deepcopy(actor_critic)
print(len(actor_critic.obs_filter), type(best).__name__)
