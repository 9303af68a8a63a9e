import torch as T


def sync(T):
    T.cuda.synchronize()


flush = lambda T: T.cuda.empty_cache()

T.cuda.synchronize()
T.cuda.empty_cache()
