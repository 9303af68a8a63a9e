import torch

weights = torch.tensor([1.0, 2.0, 0.5]).cuda().half()
batch = {"input": torch.zeros(2, 3), "mask": torch.ones(2, 3)}
batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
tensors = [t.cuda() for t in (torch.arange(4), torch.arange(8))]
move = lambda t: t.float().cuda()
hidden = tuple(h.cuda() for h in (torch.zeros(1, 4, 8), torch.zeros(1, 4, 8)))
print(weights, batch["mask"].cuda().sum(), move(tensors[0]), len(hidden))
