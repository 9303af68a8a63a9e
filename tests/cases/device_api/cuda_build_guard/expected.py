import os
from glob import glob

import torch
import torch_npu
from torch.utils.cpp_extension import CppExtension, CUDAExtension, load


# These conditions choose a CUDA build: on the NPU machine they must stay
# False, so the CPU build (or the pure-torch fallback) is taken.
def make_ext(name, sources):
    define_macros = []
    if torch.cuda.is_available() or os.getenv("FORCE_CUDA", "0") == "1":
        define_macros += [("WITH_CUDA", None)]
        extension = CUDAExtension
    else:
        extension = CppExtension
    return extension(name=name, sources=sources, define_macros=define_macros)


def msda_ext():
    # the else branch raises on every path (Deformable-DETR's setup.py)
    if torch.cuda.is_available():
        return CUDAExtension("MultiScaleDeformableAttention", ["src/ms.cu"])
    else:
        if os.getenv("CUDA_HOME") is None:
            raise NotImplementedError("CUDA_HOME is None")
        else:
            raise NotImplementedError("No CUDA runtime is found")


builder = CUDAExtension if torch.cuda.is_available() else CppExtension
sources = glob("csrc/*.cpp")
if torch.cuda.is_available():
    sources += glob("csrc/*.cu")

if torch.cuda.is_available():
    _ext = load("fused", sources=["fused.cpp", "fused_kernel.cu"])

# a device choice converts as always
device = "npu" if torch.npu.is_available() else "cpu"

# a branch that also picks the device converts: kept, it would train on the CPU
model = torch.nn.Linear(2, 2)
if torch.npu.is_available():
    _fused = load("fused2", sources=["fused2.cpp", "fused2_kernel.cu"])
    model = model.npu()
