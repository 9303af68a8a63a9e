# ONNX Runtime's CUDA and TensorRT execution providers do not exist on the NPU
# machine: each name stays, with a WARNING that points to the CANN provider.
import onnxruntime as ort
import torch

providers = ["CUDAExecutionProvider", "CPUExecutionProvider"] if torch.cuda.is_available() else ["CPUExecutionProvider"]
session = ort.InferenceSession("model.onnx", providers=providers)
tuned = ort.InferenceSession(
    "model.onnx",
    providers=[("TensorrtExecutionProvider", {"trt_fp16_enable": True}), ("CUDAExecutionProvider", {"device_id": 0})],
)
if "CUDAExecutionProvider" in ort.get_available_providers():
    print("running on the GPU")
