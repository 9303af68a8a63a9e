"""transplt's reference runtime: runs CUDA and converted NPU PyTorch scripts on a CPU-only torch and compares them."""
