"""Experiment defaults, imported by train.py (no torch import here)."""

DEVICE = "npu"
EVAL_DEVICE = "npu:0"
DIST_BACKEND = "hccl"
NUM_WORKERS = 8
LOG_NAME = "cuda_run"
