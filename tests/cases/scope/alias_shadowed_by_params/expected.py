import torch as T
import torch_npu


def sync(T):
    T.cuda.synchronize()


flush = lambda T: T.cuda.empty_cache()

T.npu.synchronize()
T.npu.empty_cache()
