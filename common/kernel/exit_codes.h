/* Process exit codes, shared by every binary and by the scripts that run them. */
#ifndef EXIT_CODES_H
#define EXIT_CODES_H

enum exit_code {
    EXIT_OK = 0,
    EXIT_WRONG_RESULT = 1,
    EXIT_BAD_ARGUMENT = 2,
    EXIT_CANNOT_RUN = 3, /* no GPU, GPU too old, not enough memory, no code for this GPU */
    EXIT_CUDA_ERROR = 4,
};

/* The same, one line for --help. */
#define EXIT_CODES_HELP "0 ok, 1 wrong result, 2 bad argument, 3 cannot run here (no GPU, GPU not supported, too little memory), 4 CUDA error"

#endif
