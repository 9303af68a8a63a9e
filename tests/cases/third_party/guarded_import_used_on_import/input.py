# DeepLearningExamples ConvNets: DALI imported in a try whose except only
# prints, then a module-level class built on it: on the NPU (no DALI) the
# module raises NameError as it is imported, whatever the except says. An
# except that binds the name, or a use in a function or under an if, is fine.
import torch

try:
    from nvidia.dali.pipeline import Pipeline
    from nvidia.dali.plugin.pytorch import DALIClassificationIterator
except ImportError:
    print("Please install DALI from https://www.github.com/NVIDIA/DALI to run this example.")

try:
    from nvidia.dali.plugin.pytorch import DALIGenericIterator
    HAVE_DALI = True
except ImportError:
    DALIGenericIterator = None
    HAVE_DALI = False

try:
    import cupy
except ImportError:
    cupy = None


class HybridTrainPipe(Pipeline):
    def __init__(self, batch_size):
        super().__init__(batch_size, 2, 0)


def dali_loader(pipe):
    return DALIClassificationIterator(pipe, size=1)


if HAVE_DALI:
    LOADER = DALIGenericIterator
x = torch.zeros(1).cuda()
