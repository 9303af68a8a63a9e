"""Experiment defaults, imported by train.py (no torch import here)."""

DEVICE = "cuda"
EVAL_DEVICE = "cuda:0"
DIST_BACKEND = "nccl"
NUM_WORKERS = 8
LOG_NAME = "cuda_run"
