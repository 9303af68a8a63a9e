"""A chat demo in the shape of ChatGLM's cli_demo.py: transformers loads the
model, the file itself never imports torch."""
from __future__ import annotations

import argparse
import os
import platform

from transformers import AutoModel, AutoTokenizer

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda:0")  # mmaction's ntu_pose_extraction.py
tokenizer = AutoTokenizer.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True)
model = AutoModel.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True).half().cuda()
model = model.eval()
os_name = platform.system()
