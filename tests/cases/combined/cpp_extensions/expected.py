import os

from torch.utils.cpp_extension import CppExtension, CUDAExtension, load_inline
import torch_npu

here = os.path.dirname(__file__)
# C++ only: these build and run as before, with no CUDA to port
cpu_ext = CppExtension("lib.spspmm_cpu", ["cpu/spspmm.cpp"])
cpu_inline = load_inline("pairs", cpp_sources=["int pairs(int n);"], functions=["pairs"])
# CUDA: reported, their kernels need NPU ports
gpu_ext = CUDAExtension("lib.spspmm_cuda", ["cuda/spspmm.cpp", os.path.join(here, "cuda", "spspmm_kernel.cu")])
gpu_inline = load_inline("scale", cpp_sources="torch::Tensor scale(torch::Tensor x);", cuda_sources=["..."])
opt_in = load_inline("fused", cpp_sources="void f();", with_cuda=True)
