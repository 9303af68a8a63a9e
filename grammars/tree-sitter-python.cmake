# The pinned tree-sitter-python grammar: the npm registry tarball and its
# integrity hash (npm's "sha512-..." integrity, here as hex). ABI 14 matches
# Debian's tree-sitter 0.20 runtime; 0.25 would need a newer runtime.
set(TS_PYTHON_VERSION 0.23.6)
set(TS_PYTHON_URL "https://registry.npmjs.org/tree-sitter-python/-/tree-sitter-python-${TS_PYTHON_VERSION}.tgz")
set(TS_PYTHON_INTEGRITY "sha512-yIM9z0oxKIxT7bAtPOhgoVl6gTXlmlIhue7liFT4oBPF/lha7Ha4dQBS82Av6hMMRZoVnFJI8M6mL+SwWoLD3A==")
set(TS_PYTHON_SHA512 "c8833dcf4a31288c53edb02d3ce860a1597a8135e59a5221b9eee58854f8a013c5fe585aec76b8750052f3602fea130c459a159c5248f0cea62fe4b05a82c3dc")
