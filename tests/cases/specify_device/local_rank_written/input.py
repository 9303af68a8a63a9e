import os
import torch

# A script that pins LOCAL_RANK for a library it calls reads no rank:
# -s gives it DEVICE_ID like any single-card script.
os.environ["LOCAL_RANK"] = "0"
x = torch.zeros(1, device="cuda")
