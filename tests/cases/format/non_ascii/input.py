# -*- coding: utf-8 -*-
"""训练脚本：在 GPU 上训练一个小模型 (cuda)。"""
import torch
import torch.nn as nn

# 设备选择 🚀（注释里的 cuda 不改）
设备 = torch.device("cuda" if torch.cuda.is_available() else "cpu")
模型 = nn.Linear(4, 2).cuda()
名字 = "模型"; 张量 = torch.zeros(2).cuda(); 位置 = "cuda:0"
日志 = "结果 → " + str(torch.ones(1).to(0))
café = f"cuda:{len('ñandú')}"
print(f"设备: {设备}", 模型, 名字, 张量, 位置, 日志, café)
