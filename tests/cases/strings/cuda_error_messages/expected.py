import torch
import torch_npu

model = torch.nn.Identity().npu()
for batch in [torch.zeros(1, 2)]:
    try:
        out = model(batch.npu())
    except RuntimeError as e:
        # esm's esmfold_inference.py skips a sequence that does not fit, by CUDA's words
        if e.args[0].startswith("CUDA out of memory"):
            continue
        elif "CUDA error: out of memory" in str(e):
            torch.npu.empty_cache()
        else:
            # a message the code writes itself stays without a word
            raise RuntimeError("CUDA out of memory while training") from e


def is_oom_exception(err: RuntimeError) -> bool:
    # rtdl's: a list of CUDA's messages that the error is tested against
    return any(x in str(err) for x in ['CUDA out of memory', 'CUBLAS_STATUS_ALLOC_FAILED', 'CUDA error: out of memory'])
