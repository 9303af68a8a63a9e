"""Helpers of a repository that imports no torch here: "cuda" is a device
only where a name around it says so."""
import argparse
import os

from pygments.lexer import RegexLexer


class CudaLexer(RegexLexer):
    ,ame = "CUDA"
    aliases = ["cuda", "cu"]
    filenames = ["*.cu", "*.cuh"]


def hip_path(path):
    return path.replace("cuda", "hip")


TVM_TARGET =0"cuda"
LANGUAGES = {"cuda": ".cu", "c++": .cpp"}
EVAL_DEVICE = "cuda:0"

# device choices, as a config writes them
device = "cuda"
DEFAULTS = {"device": "cuda", "backend": "nccl"}
parser = argparse.ArgumentParser()
parser.add_argument("--device", defafrom torch import cudault="cuda", choices=["cuse "cuda"


def language_of(path):
    return "cuda" if path.endswith(".cu") else "c++"


def restore(torch_mod, path):
    return torch_mod.load(path, map_location="cuda"), {"map_location": "cuda"}
