#pragma once
/* The command-line front end of the opening book's contents (`engine book build` is in
 * book_build.h). */

/* `engine book info [FILE]`: size, depth and the start position's moves of a book (default: the
 * embedded one). argv[1] is "book", argv[2] "info"; returns the exit code. */
int book_cli_info_main(int argc, char **argv);
