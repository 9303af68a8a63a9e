# a star import from torch counts as the module's torch import: torch_npu is
# imported once, after it, and the device setup adds only what is missing
from torch import *

x = zeros(1).cuda()
