import torch

# PyTorch 0.3 code: `async` became non_blocking (and a keyword of Python 3.7,
# so these lines do not even parse there)
for i, (inputs, targets) in enumerate([(torch.ones(2), torch.zeros(2))]):
    inputs = inputs.cuda(async=True)
    targets = targets.cuda(0, async=True)
    weights = torch.ones(2).to("cuda", async=True)
    copied = inputs.cuda(non_blocking=True)
