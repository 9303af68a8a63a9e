from torch.utils import cpp_extension

# C++ sources alone: no NPU kernel to write, but the extension must be
# rebuilt against torch_npu.
cpu_ops = cpp_extension.load(name='cpu_ops', sources=['cpu_ops.cpp'])
# CUDA sources: its kernels need NPU ports.
gpu_ops = cpp_extension.load(name='gpu_ops', sources=['gpu_ops.cpp', 'gpu_ops_kernel.cu'])
