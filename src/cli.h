/* cli: the command line (msFmkTransplt-compatible), dispatching to the run
 * and the subcommands. Returns the process exit status. */
#ifndef TP_CLI_H
#define TP_CLI_H

int tp_cli_main(int argc, char **argv);

#endif
