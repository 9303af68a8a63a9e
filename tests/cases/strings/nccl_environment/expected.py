# NCCL's variables: the network card one has an HCCL name; the others get a
# WARNING, as HCCL reads none of them.
import os
import subprocess

import torch
import torch_npu

os.environ["HCCL_SOCKET_IFNAME"] = "eth0"
os.environ["NCCL_DEBUG"] = "INFO"
os.environ.setdefault("NCCL_IB_DISABLE", "1")
os.environ["NCCL_P2P_DISABLE"] = "1"  # a digit in the name
subprocess.run(["python", "train.py"], env=dict(os.environ, NCCL_BLOCKING_WAIT="1", NCCL_P2P_LEVEL="NVL"))
torch.distributed.init_process_group("hccl")
