# NCCL's variables: the network card one has an HCCL name; the others get a
# WARNING, as HCCL reads none of them.
import os
import subprocess

import torch

os.environ["NCCL_SOCKET_IFNAME"] = "eth0"
os.environ["NCCL_DEBUG"] = "INFO"
os.environ.setdefault("NCCL_IB_DISABLE", "1")
os.environ["NCCL_P2P_DISABLE"] = "1"  # a digit in the name
subprocess.run(["python", "train.py"], env=dict(os.environ, NCCL_BLOCKING_WAIT="1", NCCL_P2P_LEVEL="NVL"))
torch.distributed.init_process_group("nccl")
# any NCCL_ or TORCH_NCCL_ variable (YOLOX's NCCL_IB_TC, torchtitan's TORCH_NCCL_*)
os.environ["NCCL_IB_TC"] = "106"
os.environ["TORCH_NCCL_AVOID_RECORD_STREAMS"] = "1"
TRACE_BUFFER_SIZE = "TORCH_NCCL_TRACE_BUFFER_SIZE"
os.environ["TORCH_NCCL_ASYNC_ERROR_HANDLING"] = "1"
