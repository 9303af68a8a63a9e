import glob
import os

import torch
from setuptools import setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CppExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))


# The builder through a variable assigned more than once: CUDAExtension when
# CUDA is there, with its .cu sources; the build is a CUDA build.
def get_extensions():
    sources = glob.glob(os.path.join(here, "src", "*.cpp"))
    extension = CppExtension
    define_macros = []
    if torch.cuda.is_available() and CUDA_HOME is not None:
        extension = CUDAExtension
        sources += glob.glob(os.path.join(here, "src", "cuda", "*.cu"))
        define_macros += [("WITH_CUDA", None)]
    else:
        raise NotImplementedError("Cuda is not available")
    return [extension("_ext", sources, define_macros=define_macros)]


def get_plain(with_cuda):
    ext = CppExtension
    if with_cuda:
        ext = CUDAExtension
    return ext("_plain", ["src/plain.cpp", "src/cuda/plain_kernel.cu"])


# C++ either way: no CUDA build
def get_cpu():
    ext = CppExtension
    ext = CppExtension
    return ext("_cpu", ["src/cpu.cpp"])


setup(name="dcn", ext_modules=get_extensions() + [get_plain(True), get_cpu()], cmdclass={"build_ext": BuildExtension})
