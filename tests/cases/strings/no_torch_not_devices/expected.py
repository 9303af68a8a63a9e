"""Helpers of a repository that imports no torch here: "cuda" is a device
only where a name around it says so."""
import torch_npu
import argparse
import os

from pygments.lexer import RegexLexer


class CudaLexer(RegexLexer):
    name = "CUDA"
    aliases = ["cuda", "cu"]
    filenames = ["*.cu", "*.cuh"]


def hip_path(path):
    return path.replace("cuda", "hip")


TVM_TARGET = "cuda"
LANGUAGES = {"cuda": ".cu", "c++": ".cpp"}
EVAL_DEVICE = "npu:0"

# device choices, as a config writes them
device = "npu"
DEFAULTS = {"device": "npu", "backend": "hccl"}
parser = argparse.ArgumentParser()
parser.add_argument("--device", default="npu", choices=["npu", "cpu"])
parser.add_argument("--target", default="cuda")


def build(cfg, device="npu"):
    if cfg.device == "npu":
        return dict(device="npu", accelerator="npu" if cfg.gpu else "cpu")
    return cfg.model.to("npu")


def default_device():
    return os.environ.get("DEVICE", "npu") if os.environ.get("GPU") else "npu"


def language_of(path):
    return "cuda" if path.endswith(".cu") else "c++"


def restore(torch_mod, path):
    return torch_mod.load(path, map_location="npu"), {"map_location": "npu"}
