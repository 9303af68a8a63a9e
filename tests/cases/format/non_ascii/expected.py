# -*- coding: utf-8 -*-
"""训练脚本：在 GPU 上训练一个小模型 (cuda)。"""
import torch
import torch_npu
import torch.nn as nn

# 设备选择 🚀（注释里的 cuda 不改）
设备 = torch.device("npu" if torch.npu.is_available() else "cpu")
模型 = nn.Linear(4, 2).npu()
名字 = "模型"; 张量 = torch.zeros(2).npu(); 位置 = "npu:0"
日志 = "结果 → " + str(torch.ones(1).to('npu:0'))
café = f"npu:{len('ñandú')}"
print(f"设备: {设备}", 模型, 名字, 张量, 位置, 日志, café)
