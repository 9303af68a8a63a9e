import ctypes

import torch


# openfold's setup reads the compute capability from the CUDA driver: on the NPU the load fails.
def get_nvidia_cc():
    cuda = ctypes.CDLL("libcuda.so")
    cuda.cuInit(0)


try:  # neuraloperator: a fallback runs when the load fails
    cudart = ctypes.CDLL("libcudart.so.12")
except OSError:
    cudart = None
nvml = ctypes.cdll.LoadLibrary("nvml.dll")
libm = ctypes.CDLL("libm.so.6")  # not NVIDIA's
x = torch.zeros(1).cuda()
