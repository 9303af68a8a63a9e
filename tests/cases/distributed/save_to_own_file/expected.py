# saves into a temporary file or an in-memory buffer stay on every rank:
# each rank writes its own and reads it back
import io
import tempfile

import torch
import torch_npu
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = torch.nn.Linear(2, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    opt.zero_grad()
    model(torch.randn(1, 2).npu()).sum().backward()
    opt.step()
buf = io.BytesIO()
torch.save(model.module.state_dict(), buf)
buf.seek(0)
model.module.load_state_dict(torch.load(buf))
with tempfile.NamedTemporaryFile() as f:
    torch.save(model.module.state_dict(), f.name)
    model.module.load_state_dict(torch.load(f.name))
