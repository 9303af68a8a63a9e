def main():
	import torch
	import torch_npu

	if torch.npu.is_available():
		model = torch.nn.Linear(4, 4).npu()
		for step in range(3):
			x = torch.randn(2, 4, device="npu")
			print(step, model(x).sum().item())
	else:
		print("no device")


main()
