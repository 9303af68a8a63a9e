import torch
from torch.distributions import Normal

# The lists hold Normal's methods, not the class: making one is supported too,
# by any path to it.
dist = Normal(torch.zeros(2), torch.ones(2))
other = torch.distributions.Normal(0.0, 1.0)
same = torch.distributions.normal.Normal(0.0, 1.0)
action = dist.rsample()
log_prob = dist.log_prob(action)

# a name the lists do not hold, nor any member of it, is still UNKNOWN
y = torch.special.logit(torch.rand(3))
