/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_INFO_ENV (MPI-4.1 section 11.2) and MPI_Info_create_env: what is
 * true of a process started without a launcher.  Separate from the info
 * objects (tss_info.c), which only hold what this file puts in them.
 * Under tss_info.c's lock, as everything of info objects.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_info_priv.h"

tss_info tss_info_env;   /* MPI_INFO_ENV's pairs, never freed */
int tss_info_env_filled; /* tss_info_env_init ran (or a read filled it) */

/* -------------------------------------------------------- MPI_INFO_ENV */

/* " "-joined argv[1..argc-1] into buf (MPI_MAX_INFO_VAL + 1 bytes); 0 when
 * they do not fit: a value cut short would not be true. */
static int join_args(int argc, char **argv, char *buf)
{
    size_t len = 0;

    buf[0] = '\0';
    for (int i = 1; i < argc && argv[i]; i++) {
        size_t n = strlen(argv[i]);
        if (len + (i > 1) + n > MPI_MAX_INFO_VAL)
            return 0;
        if (i > 1)
            buf[len++] = ' ';
        memcpy(buf + len, argv[i], n + 1);
        len += n;
    }
    return 1;
}

/* Lock held.  The keys of MPI_INFO_ENV (MPI-4.1 section 11.2) that are
 * true of a process started without a launcher: the command and its
 * arguments (when the program passed them), maxprocs 1, the host, its
 * architecture and the working directory (now: at MPI_Init for
 * MPI_INFO_ENV).  soft, file and thread_level are left out: nothing
 * asked for them before the program started. */
int tss_info_env_fill(tss_info *o, int argc, char **argv)
{
    char buf[MPI_MAX_INFO_VAL + 1], cwd[MPI_MAX_INFO_VAL + 1];
    struct utsname u;
    int rc = 0;

    /* every key, or -1 (MPI_ERR_NO_MEM for the caller): a missing key
     * would say something untrue about the process */
    if (argc > 0 && argv && argv[0] && strlen(argv[0]) <= MPI_MAX_INFO_VAL)
        rc |= tss_info_obj_set(o, "command", argv[0]);
    if (argc > 1 && argv && join_args(argc, argv, buf) && buf[0])
        rc |= tss_info_obj_set(o, "argv", buf);
    rc |= tss_info_obj_set(o, "maxprocs", "1");
    if (gethostname(buf, sizeof buf) == 0) {
        buf[sizeof buf - 1] = '\0';
        rc |= tss_info_obj_set(o, "host", buf);
    }
    if (uname(&u) == 0)
        rc |= tss_info_obj_set(o, "arch", u.machine);
    if (getcwd(cwd, sizeof cwd))
        rc |= tss_info_obj_set(o, "wdir", cwd);
    return rc;
}

int tss_info_env_init(int argc, char **argv)
{
    int rc;

    pthread_mutex_lock(&tss_info_mutex);
    while (tss_info_env.n > 0)
        tss_info_obj_remove(&tss_info_env, tss_info_env.n - 1);
    rc = tss_info_env_fill(&tss_info_env, argc, argv);
    tss_info_env_filled = 1;
    pthread_mutex_unlock(&tss_info_mutex);
    return rc ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_create_env, PMPI_Info_create_env)
int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    tss_info *o;
    MPI_Info h = MPI_INFO_NULL;

    if (!info)
        return tss_info_null_arg("MPI_Info_create_env", "info");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_calloc(1, sizeof *o))) {
        if (tss_info_env_fill(o, argc, argv) == 0)
            h = tss_info_handle_new(o);
        else
            tss_info_obj_free(o);
    }
    pthread_mutex_unlock(&tss_info_mutex);
    if (h == MPI_INFO_NULL)
        return tss_info_no_mem("MPI_Info_create_env");
    *info = h;
    return MPI_SUCCESS;
}

/* MPI_INFO_ENV describes how the process started: it is read only. */
