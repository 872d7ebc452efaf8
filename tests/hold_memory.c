/* hold_memory LEAVE_MIB CMD [ARG...]: runs CMD while this process holds all of the GPU's free
 * memory but what one more process's CUDA context takes and LEAVE_MIB beyond it, and exits with
 * CMD's status. The tests use it to make an allocation fail on a GPU of any size. What a context
 * takes is measured first, by starting one (this program with --probe) and reading the free
 * memory while it lives. What it did goes to stdout, so that CMD's stderr is all there is. */
#define _POSIX_C_SOURCE 200809L

#include <cuda_runtime.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MIB ((size_t)1 << 20)

static void give_up(const char *what)
{
    fprintf(stderr, "hold_memory: %s\n", what);
    exit(4);
}

static size_t free_bytes(void)
{
    size_t free, total;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess)
        give_up("cudaMemGetInfo failed");
    return free;
}

/* Runs argv[0] with argv, its stdin and stdout on the given descriptors (-1: this one's), and
 * the descriptors in `unused` closed: a probe that kept the write end of its own stdin would
 * never see it close. Returns its pid. */
static pid_t start(char *const argv[], int in, int out, const int unused[2])
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (in >= 0)
        posix_spawn_file_actions_adddup2(&actions, in, 0);
    if (out >= 0)
        posix_spawn_file_actions_adddup2(&actions, out, 1);
    for (int i = 0; unused && i < 2; i++)
        posix_spawn_file_actions_addclose(&actions, unused[i]);
    pid_t pid;
    const int err = posix_spawnp(&pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (err != 0)
        give_up(strerror(err));
    return pid;
}

static int exit_status(pid_t pid)
{
    int status;
    if (waitpid(pid, &status, 0) != pid)
        give_up("waitpid failed");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The free memory a new process's context takes: a probe holds one until its stdin closes. */
static size_t context_bytes(const char *self)
{
    const size_t before = free_bytes();
    int to_probe[2], from_probe[2];
    if (pipe(to_probe) != 0 || pipe(from_probe) != 0)
        give_up("pipe failed");
    char *const argv[] = {(char *)self, "--probe", NULL};
    const int unused[2] = {to_probe[1], from_probe[0]};
    const pid_t probe = start(argv, to_probe[0], from_probe[1], unused);
    close(to_probe[0]);
    close(from_probe[1]);
    char up[3];
    if (read(from_probe[0], up, sizeof up) != (ssize_t)sizeof up || memcmp(up, "up\n", 3) != 0)
        give_up("the probe did not start a context");
    const size_t during = free_bytes();
    close(to_probe[1]);
    close(from_probe[0]);
    if (exit_status(probe) != 0)
        give_up("the probe failed");
    const struct timespec ten_ms = {0, 10000000};
    for (int i = 0; i < 200 && free_bytes() + MIB < before; i++) /* its memory comes back after it exits */
        nanosleep(&ten_ms, NULL);
    return before > during ? before - during : 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--probe") == 0) {
        alarm(60); /* never outlives a parent that hangs */
        if (cudaFree(0) != cudaSuccess)
            return 1;
        fputs("up\n", stdout);
        fflush(stdout);
        while (getchar() != EOF) {
        }
        return 0;
    }
    char *end;
    const unsigned long long leave_mib = argc >= 3 ? strtoull(argv[1], &end, 10) : 0;
    if (argc < 3 || *end != '\0') {
        fprintf(stderr, "usage: hold_memory LEAVE_MIB CMD [ARG...]\n");
        return 2;
    }
    const size_t context = context_bytes(argv[0]), leave = context + leave_mib * MIB, free = free_bytes();
    if (free <= leave)
        give_up("less memory is free than is to be left");
    /* One allocation of what is to be held; where the free memory is fragmented, 2 MiB less at a time. */
    size_t held = free - leave;
    void *hold = NULL;
    while (cudaMalloc(&hold, held) != cudaSuccess && held > 64 * MIB)
        held -= 2 * MIB;
    (void)cudaGetLastError();
    if (!hold)
        give_up("cannot hold the memory");
    printf("hold_memory: holding %zu MiB, a context takes %zu MiB, %zu MiB free for CMD\n", held / MIB, context / MIB,
           free_bytes() / MIB);
    fflush(stdout);
    const int status = exit_status(start(argv + 2, -1, -1, NULL));
    cudaFree(hold);
    return status;
}
