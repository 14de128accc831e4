#pragma once
/* The command-line fronts of the opening book: growing one (opening/book_build.h) and showing
 * one. */

/* `engine book build --out FILE [--in FILE] [--openings FILE] [--expansions N] [--nodes N]
 * [--threads T] [--max-ply P] [--max-dev CP] [--ply-cost CP] [--checkpoint N] [--seconds S]`:
 * argv[1] is "book", argv[2] "build"; returns the exit code. */
int book_cli_build_main(int argc, char **argv);

/* `engine book info [FILE]`: size, depth and the start position's moves of a book (default: the
 * embedded one). argv[1] is "book", argv[2] "info"; returns the exit code. */
int book_cli_info_main(int argc, char **argv);
