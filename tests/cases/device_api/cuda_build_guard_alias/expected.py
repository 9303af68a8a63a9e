# torch.cuda.is_available reached through an import (gpt-neox's
# fused_kernels/setup.py): a test that chooses a CUDA build stays a CUDA test,
# so on the NPU machine it is False and no .cu source is compiled. The
# import stays when nothing else uses its name; else the test, converted,
# gets a WARNING.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension
import torch_npu
from torch.cuda import is_available as torch_cuda_available
from torch import cuda
import torch.npu as tc

ext_modules = [CUDAExtension("k_cuda", ["k.cpp", "k_cuda.cu"])] if torch_cuda_available() else []
if cuda.is_available():
    ext_modules.append(CUDAExtension("m_cuda", ["m_cuda.cu"]))
if tc.is_available():
    ext_modules.append(CUDAExtension("n_cuda", ["n_cuda.cu"]))
tc.synchronize()
setup(name="k", ext_modules=ext_modules, cmdclass={"build_ext": BuildExtension})
