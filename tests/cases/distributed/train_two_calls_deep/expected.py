import torch
import torch_npu
from torch import optim
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

device = torch.device("npu")


def weights_init(m):
    if isinstance(m, torch.nn.Linear):
        torch.nn.init.zeros_(m.bias)


def step(x, encoder, decoder, encoder_optimizer, decoder_optimizer):
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    loss = decoder(encoder(x)).sum()
    loss.backward()
    encoder_optimizer.step()
    decoder_optimizer.step()
    return loss.item()


# Training two calls deep: trainIters holds "init" across its words but
# trains (through step), so the wraps come before it, not before the save.
def trainIters(encoder, decoder, n_iters):
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=0.01)
    decoder_optimizer = optim.SGD(decoder.parameters(), lr=0.01)
    for it in range(n_iters):
        step(torch.randn(4, 2, device=device), encoder, decoder, encoder_optimizer, decoder_optimizer)


# A preparation by its name, the init word ending it: before the wrap.
def reinit(model):
    model.apply(weights_init)


encoder1 = torch.nn.Linear(2, 3).to(device)
reinit(encoder1)
encoder1 = torch.nn.parallel.DistributedDataParallel(encoder1.npu(), device_ids=[npu_local_rank])
attn_decoder1 = torch.nn.Linear(3, 1).to(device)
attn_decoder1 = torch.nn.parallel.DistributedDataParallel(attn_decoder1.npu(), device_ids=[npu_local_rank])
trainIters(encoder1, attn_decoder1, 10)
if npu_rank == 0: torch.save(encoder1.module.state_dict(), 'encoder.pt')
if npu_rank == 0: torch.save(attn_decoder1.module.state_dict(), 'decoder.pt')
