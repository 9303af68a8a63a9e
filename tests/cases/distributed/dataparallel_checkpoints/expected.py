import argparse

import torch
import torch_npu
import torch.nn as nn

import utils
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

parser = argparse.ArgumentParser()
parser.add_argument("--resume", default="")
args = parser.parse_args()

# A frozen teacher, DataParallel in the original: its checkpoint's keys
# start with "module.", and it is not wrapped in DDP (no optimizer trains it).
teacher = nn.Linear(4, 2).npu()
teacher.load_state_dict((lambda sd: torch.nn.modules.utils.consume_prefix_in_state_dict_if_present(sd, "module.") or sd)(torch.load("teacher.pth")))
student = nn.Linear(4, 2)
student = student.npu()
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
if args.resume:
    checkpoint = torch.load(args.resume)
    torch.nn.modules.utils.consume_prefix_in_state_dict_if_present(checkpoint["state_dict"], "module.")
    student.load_state_dict(checkpoint["state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer"])
if args.resume: torch.nn.modules.utils.consume_prefix_in_state_dict_if_present(checkpoint["state_dict"], "module."); student.load_state_dict(checkpoint["state_dict"], strict=False)
student = torch.nn.parallel.DistributedDataParallel(student.npu(), device_ids=[npu_local_rank])
utils.load_checkpoint("teacher.pth", teacher)  # another file's code: a WARNING
for step in range(3):
    x = torch.randn(8, 4).npu()
    with torch.no_grad():
        soft = teacher(x).softmax(1)
    optimizer.zero_grad()
    nn.functional.kl_div(student(x).log_softmax(1), soft, reduction="batchmean").backward()
    optimizer.step()
student.module.load_state_dict(state_dict=(lambda sd: torch.nn.modules.utils.consume_prefix_in_state_dict_if_present(sd, "module.") or sd)(torch.load("best.pth")))  # after the wrap: through .module
