"""a-PyTorch-Tutorial-to-Image-Captioning's train.py: the encoder's optimizer
exists only when it is fine-tuned; frozen, it has nothing to train and DDP
refuses the wrap: a WARNING."""
import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

fine_tune = False
enc = nn.Linear(4, 4).npu()
dec = nn.Linear(4, 2).npu()
dec = torch.nn.parallel.DistributedDataParallel(dec.npu(), device_ids=[npu_local_rank])
for p in enc.parameters():
    p.requires_grad = fine_tune
enc = torch.nn.parallel.DistributedDataParallel(enc.npu(), device_ids=[npu_local_rank])
enc_opt = torch.optim.Adam(enc.parameters()) if fine_tune else None
dec_opt = torch.optim.Adam(dec.parameters())
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randn(16, 2))
loader = torch.utils.data.DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.mse_loss(dec(enc(x.npu())), y.npu())
        dec_opt.zero_grad()
        loss.backward()
        dec_opt.step()
        if enc_opt is not None:
            enc_opt.step()
