import accelerate
from accelerate import Accelerator, DistributedType
from accelerate.utils import DistributedType as DT

# On the NPU, accelerate reports MULTI_NPU where a GPU run reports MULTI_GPU.
accelerator = Accelerator()
assert accelerator.distributed_type in [DistributedType.FSDP, DistributedType.MULTI_NPU]
if accelerator.distributed_type == DT.MULTI_NPU:
    accelerator.wait_for_everyone()
multi = accelerate.DistributedType.MULTI_NPU
single = DistributedType.NO
