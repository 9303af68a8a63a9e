import torch
import torch_npu

weights = torch.tensor([1.0, 2.0, 0.5]).npu().half()
batch = {"input": torch.zeros(2, 3), "mask": torch.ones(2, 3)}
batch = {k: v.npu(non_blocking=True) for k, v in batch.items()}
tensors = [t.npu() for t in (torch.arange(4), torch.arange(8))]
move = lambda t: t.float().npu()
hidden = tuple(h.npu() for h in (torch.zeros(1, 4, 8), torch.zeros(1, 4, 8)))
print(weights, batch["mask"].npu().sum(), move(tensors[0]), len(hidden))
