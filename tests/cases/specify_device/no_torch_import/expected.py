"""A chat demo in the shape of ChatGLM's cli_demo.py: transformers loads the
model, the file itself never imports torch."""
from __future__ import annotations

import argparse
import os
import platform

from transformers import AutoModel, AutoTokenizer
import torch
import torch_npu
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

parser = argparse.ArgumentParser()
parser.add_argument("--device", default=f'npu:{npu_device_id}')  # mmaction's ntu_pose_extraction.py
tokenizer = AutoTokenizer.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True)
model = AutoModel.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True).half().npu()
model = model.eval()
os_name = platform.system()
