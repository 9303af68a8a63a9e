"""Helpers of a repository that imports no torch here: "cuda" is a device
only where a name around it says so."""
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
EVAL_DEVICE = "cuda:0"

# device choices, as a config writes them
device = "cuda"
DEFAULTS = {"device": "cuda", "backend": "nccl"}
parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
parser.add_argument("--target", default="cuda")


def build(cfg, device="cuda"):
    if cfg.device == "cuda":
        return dict(device="cuda", accelerator="cuda" if cfg.gpu else "cpu")
    return cfg.model.to("cuda")


def default_device():
    return os.environ.get("DEVICE", "cuda") if os.environ.get("GPU") else "cuda"


def language_of(path):
    return "cuda" if path.endswith(".cu") else "c++"


def restore(torch_mod, path):
    return torch_mod.load(path, map_location="cuda"), {"map_location": "cuda"}
