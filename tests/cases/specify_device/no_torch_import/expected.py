"""A chat demo in the shape of ChatGLM's cli_demo.py: transformers loads the
model, the file itself never imports torch."""
import torch_npu
import os
import platform

from transformers import AutoModel, AutoTokenizer
import torch
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

tokenizer = AutoTokenizer.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True)
model = AutoModel.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True).half().npu()
model = model.eval()
os_name = platform.system()
