def main():
	import torch

	if torch.cuda.is_available():
		model = torch.nn.Linear(4, 4).cuda()
		for step in range(3):
			x = torch.randn(2, 4, device="cuda")
			print(step, model(x).sum().item())
	else:
		print("no device")


main()
