# training calls the model's own methods, not its forward: DDP averages no
# gradient there, so each backward after such a call averages them by hand
import torch
import torch_npu
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
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    device = torch.device("npu" if torch.npu.is_available() else "cpu")
    agent = Agent().to(device)
    agent = torch.nn.parallel.DistributedDataParallel(agent.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(agent.parameters(), lr=0.1)
    for update in range(3):
        with torch.no_grad():
            # a rollout: no gradient, nothing to average
            obs = agent.module.init_state(8) + torch.randn(8, 4).to(device)
            old = agent.module.get_value(obs)
        for epoch in range(2):
            loss = (agent.module.get_value(obs) - old).pow(2).mean() + agent.module.actor(obs).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            for npu_param in agent.parameters():
                if npu_param.grad is not None:
                    torch.distributed.all_reduce(npu_param.grad)
                    npu_param.grad /= npu_world_size
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            optimizer.step()
    print("loss", loss.item())
