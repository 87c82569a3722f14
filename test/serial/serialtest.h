/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * serialtest.h - what the black-box tests of libtypeshim-serial share:
 * the MPI_Init/MPI_Finalize fixture, a child process whose exit status,
 * stdout and stderr are captured (for the fatal paths), a user error
 * handler that records its calls, and the Check runner (every test in its
 * own process: MPI_Init is once per process).
 */
#ifndef SERIALTEST_H
#define SERIALTEST_H

#include "typeshim_config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mpi.h>

#define ST_UNUSED __attribute__((unused))

#define BOGUS_COMM ((MPI_Comm)0x44000007) /* well-formed, but not a communicator */

struct child {
    int exited; /* 1 if it called exit/_exit, then status is valid */
    int status;
    char out[4096];
    char err[4096];
};

/* Exit status of a child whose body returned: the runtime did not stop it. */
#define CHILD_RETURNED 42

static ST_UNUSED void read_all(int fd, char *buf, size_t size)
{
    size_t n = 0;
    ssize_t r;

    while (n + 1 < size && (r = read(fd, buf + n, size - 1 - n)) > 0)
        n += (size_t)r;
    buf[n] = '\0';
    /* Drain the rest so the child never blocks on a full pipe. */
    while (read(fd, (char[256]){0}, 256) > 0)
        ;
}

/* Runs body in a child with stdout and stderr on pipes.  Output is small
 * (a line or two), far below the pipe buffer, so reading one pipe after
 * the other cannot deadlock. */
static ST_UNUSED void run_child(void (*body)(void), struct child *c)
{
    int po[2], pe[2], ws;
    pid_t pid;

    ck_assert_int_eq(pipe(po), 0);
    ck_assert_int_eq(pipe(pe), 0);
    fflush(NULL);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(po[1], STDOUT_FILENO);
        dup2(pe[1], STDERR_FILENO);
        close(po[0]);
        close(po[1]);
        close(pe[0]);
        close(pe[1]);
        body();
        _exit(CHILD_RETURNED);
    }
    close(po[1]);
    close(pe[1]);
    read_all(po[0], c->out, sizeof c->out);
    read_all(pe[0], c->err, sizeof c->err);
    close(po[0]);
    close(pe[0]);
    ck_assert_int_eq(waitpid(pid, &ws, 0), pid);
    c->exited = WIFEXITED(ws);
    c->status = c->exited ? WEXITSTATUS(ws) : -1;
}

static ST_UNUSED void init_fixture(void)
{
    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
}

static ST_UNUSED void finalize_fixture(void)
{
    int flag = 0;

    /* Some tests finalize themselves. */
    MPI_Finalized(&flag);
    if (!flag)
        ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}

/* A user error handler that counts its calls and records its arguments. */
static int handler_calls;
static MPI_Comm handler_comm;
static int handler_code;

static ST_UNUSED void counting_handler(MPI_Comm *comm, int *code, ...)
{
    handler_calls++;
    handler_comm = *comm;
    handler_code = *code;
}

static ST_UNUSED int class_of(int code)
{
    int cls = -1;

    ck_assert_int_eq(MPI_Error_class(code, &cls), MPI_SUCCESS);
    return cls;
}

/* Runs the suite, one process per test whatever CK_FORK says: MPI_Init is
 * once per process, and the fatal paths end the process.  The exit status
 * of main. */
static ST_UNUSED int st_run(Suite *suite)
{
    SRunner *sr = srunner_create(suite);
    int failed;

    srunner_set_fork_status(sr, CK_FORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif /* SERIALTEST_H */
