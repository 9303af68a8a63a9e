import torch
import torch_npu

# PyTorch 0.3 code: `async` became non_blocking (and a keyword of Python 3.7,
# so these lines do not even parse there)
for i, (inputs, targets) in enumerate([(torch.ones(2), torch.zeros(2))]):
    inputs = inputs.npu(non_blocking=True)
    targets = targets.npu(0, non_blocking=True)
    weights = torch.ones(2).to("npu", non_blocking=True)
    copied = inputs.npu(non_blocking=True)
