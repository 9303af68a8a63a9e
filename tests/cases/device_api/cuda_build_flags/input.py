# setup.py of a CUDA extension (torchani's cuaev): the device queries make
# nvcc's -gencode flags. They stay, so that on the NPU machine the loop
# runs as on one without a GPU (no devices, no flags) and the C++ build goes
# ahead; torch.npu's get_device_capability() would give None there.
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension

arch_flags = []
for i in range(torch.cuda.device_count()):
    major, minor = torch.cuda.get_device_capability(i)
    arch_flags.append(f"-gencode=arch=compute_{major}{minor},code=sm_{major}{minor}")

if torch.cuda.is_available():
    ext = CUDAExtension("ext", ["ext.cpp", "ext_kernel.cu"], extra_compile_args={"cxx": [], "nvcc": arch_flags})
else:
    ext = CppExtension("ext", ["ext.cpp"])
print("devices:", torch.cuda.device_count())
setup(name="ext", ext_modules=[ext], cmdclass={"build_ext": BuildExtension})
