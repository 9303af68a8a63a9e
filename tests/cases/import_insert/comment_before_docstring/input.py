#!/usr/bin/env python3
# Copyright (c) the authors. All rights reserved.

"""Options of the pose extraction tool (no torch import here)."""
from __future__ import annotations

import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda:0")


def build(detector):
    return detector(device="cuda")
