import functools
from functools import partial

import torch
import torch.nn.functional as F

# functools.partial calls its first argument later: that function is judged
# as a call would be.
attention = partial(torch.backends.cuda.sdp_kernel, enable_flash=True)
act = functools.partial(F.gelu, approximate="tanh")
autocast = partial(torch.cuda.amp.autocast, dtype=torch.float16)


def run(q, k, v):
    with attention():
        return F.scaled_dot_product_attention(q, k, v)
