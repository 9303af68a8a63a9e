from torch.autograd import profiler
import torch_npu


def profile_step(model, batch, use_gpu):
    with profiler.profile(use_npu=use_gpu, profile_memory=True) as prof:
        loss = model(batch).sum()
        loss.backward()
    prof.export_chrome_trace("trace.json")
    return prof
