import os

from torch.utils.cpp_extension import CUDAExtension, load
import torch_npu

# The build rows name the extension module each builds.
NAME = "wkv"
wkv = load(name=NAME, sources=["cuda/wkv_op.cpp", "cuda/wkv_cuda.cu"])
scan = CUDAExtension("selective_scan_cuda", ["csrc/selective_scan.cpp", "csrc/selective_scan_fwd.cu"])
ext = CUDAExtension(name="pkg." + "_ext", sources=["src/ext.cu"])


# A helper that builds the name from its parameters: one name per call of it.
def make_cuda_ext(name, module, sources):
    return CUDAExtension(name='%s.%s' % (module, name),
                         sources=[os.path.join(*module.split('.'), s) for s in sources])


exts = [
    make_cuda_ext(name='iou3d_nms_cuda', module='pcdet.ops.iou3d_nms', sources=['src/iou3d_nms_kernel.cu']),
    make_cuda_ext('roiaware_pool3d_cuda', 'pcdet.ops.roiaware_pool3d', ['src/roiaware_pool3d_kernel.cu']),
]


# The same through str.format (AlphaPose's setup.py).
def make_ext(name, module, sources):
    return CUDAExtension(name='{}.{}'.format(module, name), sources=sources)


def make_named_ext(name, module, sources):
    return CUDAExtension(name='{pkg}.{0}'.format(name, pkg=module), sources=sources)


more = [
    make_ext(name='deform_conv_cuda', module='alphapose.models.layers.dcn', sources=['src/deform_conv_cuda.cpp']),
    make_named_ext('nms_cuda', 'alphapose.utils.nms', ['src/nms_cuda.cpp']),
]
