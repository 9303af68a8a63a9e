import torch
import torch_npu
import flash_attn
from flash_attn.flash_attn_interface import flash_attn_varlen_func
import xformers, cupy as cp
from nvdiffrast import torch as dr
import nvdiffrast.torch
import nvdiffrast
import flash_attn_extra
from mypkg import flash_attn
try:
    import xformers.ops as xops
    HAS_XFORMERS = True
except ImportError:
    HAS_XFORMERS = False
try:
    import tinycudann as tcnn
except (ModuleNotFoundError, OSError):
    tcnn = None
try:
    import pycuda.autoinit
except:
    pass
try:
    import bitsandbytes as bnb
finally:
    pass


def f():
    from flash_attn import flash_attn_func
    return flash_attn_func


# NVIDIA-only libraries beyond the kernels
from numba import cuda
from cuda import cudart
import pynvml
import tensorrt as trt
import spconv.pytorch as spconv
from causal_conv1d import causal_conv1d_fn
try:
    import amp_C
except ImportError:
    amp_C = None
from numba import jit
import cuda_helpers
try:
    import pynvml
except ImportError as e:
    raise ImportError("install nvidia-ml-py") from e
from diff_gaussian_rasterization import GaussianRasterizationSettings, GaussianRasterizer
from simple_knn._C import distCUDA2
import gsplat
from knn_cuda import KNN
from fused_ssim import fused_ssim
from torch2trt import torch2trt, TRTModule
from apex.parallel import convert_syncbn_model
from mmcv.parallel import MMDataParallel, MMDistributedDataParallel  # a row for each
from mmcv.parallel import collate, scatter  # scatter only: collate runs on the CPU
import rotary_emb, xentropy_cuda_lib  # flash-attention's separately built kernels
try:
    import dropout_layer_norm
    from fused_dense_lib import linear_bias_wgrad
except ImportError:
    dropout_layer_norm = None
import mmcv
import apex
from mmcv import parallel as mmp
wrapped = mmcv.parallel.MMDataParallel(torch.nn.Linear(2, 2), device_ids=[0])  # reached through the package
SyncBN = apex.parallel.SyncBatchNorm
also = mmp.MMDataParallel(torch.nn.Linear(2, 2))

# LLM kernels and NVIDIA-only stacks (mamba, FlashAttention-3, unsloth, ...)
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
import selective_scan_cuda
from flash_attn_interface import flash_attn_func as fa3
from unsloth import FastLanguageModel
import deep_gemm, flashinfer, exllamav2
from fast_hadamard_transform import hadamard_transform
from torchaudio.models.decoder import cuda_ctc_decoder, ctc_decoder
try:
    from sageattention import sageattn
except ModuleNotFoundError:
    sageattn = None
import py3nvml.py3nvml as nvml
from nvitop import Device
import mamba_ssm_helpers
