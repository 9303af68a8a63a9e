import torch
import torch_npu
import torch.multiprocessing as mp
from torch.utils.tensorboard import SummaryWriter
from torch.nn.modules.utils import _pair


# APIs that run no device code get no UNKNOWN row; device work still does.
def worker(rank, size):
    shape = torch.Size([2, _pair(3)[0]])
    idx = torch.LongTensor([0, 1])
    with torch.autograd.profiler.record_function("step"):
        y = torch.zeros(shape).npu().index_select(0, idx.npu())
    if hasattr(torch, "xpu") and torch.xpu.is_available():
        y = y.to("xpu")
    if hasattr(torch, "mlu") and torch.mlu.is_available():  # torch_mlu's, as ComfyUI checks
        torch.mlu.empty_cache()
    torch.distributed.destroy_process_group()
    return torch.special.logit(y)


writer = SummaryWriter()
mp.spawn(worker, args=(2,), nprocs=2)
