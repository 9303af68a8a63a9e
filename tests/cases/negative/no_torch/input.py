"""Parse training logs: pure Python, no torch here."""
import re
import sys

LINE = re.compile(r"epoch (\d+) loss ([0-9.]+)")


def parse(path):
    losses = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LINE.search(line)
            if m:
                losses[int(m.group(1))] = float(m.group(2))
    return losses


if __name__ == "__main__":
    for epoch, loss in sorted(parse(sys.argv[1]).items()):
        print(epoch, loss)
