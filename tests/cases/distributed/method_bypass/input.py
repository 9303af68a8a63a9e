# training calls the model's own methods, not its forward: DDP averages no
# gradient there, so each backward after such a call averages them by hand
import torch
import torch.nn as nn


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Linear(4, 1)
        self.actor = nn.Linear(4, 2)

    def get_value(self, x):
        return self.critic(x)

    def init_state(self, n):
        return torch.zeros(n, 4, device=next(self.parameters()).device)


if __name__ == "__main__":
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    agent = Agent().to(device)
    optimizer = torch.optim.SGD(agent.parameters(), lr=0.1)
    for update in range(3):
        with torch.no_grad():
            # a rollout: no gradient, nothing to average
            obs = agent.init_state(8) + torch.randn(8, 4).to(device)
            old = agent.get_value(obs)
        for epoch in range(2):
            loss = (agent.get_value(obs) - old).pow(2).mean() + agent.actor(obs).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            optimizer.step()
    print("loss", loss.item())
