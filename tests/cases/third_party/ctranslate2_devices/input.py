# CTranslate2 (under faster-whisper, whisperX) has no NPU backend: its device
# names stay, and a CUDA choice is UNSUPPORTED. So does the test that picks
# "cuda" (on the NPU machine it picks "cpu", which CTranslate2 runs on), and a
# comparison or a print of the device (OpenVoice's compute_type). A device
# string that torch code reads as well is converted for torch. The device may
# come second, without its keyword.
import ctranslate2
import torch
from faster_whisper import WhisperModel

model = WhisperModel("large-v2", device="cuda", compute_type="float16")
ct_device = "cuda" if torch.cuda.is_available() else "cpu"
translator = ctranslate2.Translator("ende_ctranslate2", device=ct_device)
on_cpu = ctranslate2.models.Whisper("whisper-tiny-ct2", device="cpu")
device = "cuda"
generator = ctranslate2.Generator("gpt2_ct2", device=device)
features = torch.zeros(1, 80, 3000, device=device)
positional = WhisperModel("small", "cuda", compute_type="int8")
ct2 = "cuda" if torch.cuda.is_available() else "cpu"
print(f"whisper on {ct2}")
whisper = WhisperModel("base", device=ct2, compute_type="float16" if ct2 == "cuda" else "int8")

# whisperX's load_model builds a faster-whisper model; its alignment model is torch's
import whisperx
asr = whisperx.load_model("large-v2", "cuda", compute_type="float16")
asr2 = whisperx.load_model("large-v2", device="cuda")
align, meta = whisperx.load_align_model(language_code="en", device="cuda")
