/* main: the transplt binary; everything lives in the library. */
#include "cli.h"

int main(int argc, char **argv) { return tp_cli_main(argc, argv); }
