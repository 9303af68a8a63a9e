#!/usr/bin/env python3
# Copyright (c) the authors. All rights reserved.

"""Options of the pose extraction tool (no torch import here)."""
from __future__ import annotations

import torch_npu
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="npu:0")


def build(detector):
    return detector(device="npu")
