class adScaler("cuda")


@torch.no_grad(
