from dataclasses import dataclass, field

import torch
import torch_npu
from transformers import Trainer, TrainingArguments


@dataclass
class Args:
    optim: str = field(default="paged_adamw_32bit")


args = TrainingArguments(output_dir="out", optim="adamw_bnb_8bit")
others = ["paged_lion_8bit", "lion_32bit", "rmsprop_bnb", "adamw_8bit", "adamw_torch", "adamw_torch_fused"]
trainer = Trainer(model=torch.nn.Linear(2, 2), args=args)
