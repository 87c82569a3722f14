/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The environment of the one process (MPI-4.1 chapter 9 and section
 * 11.6): MPI_Get_processor_name, MPI_Query_thread, MPI_Is_thread_main,
 * MPI_Alloc_mem, MPI_Free_mem, and the values of the predefined
 * attributes of the communicators (tss_attr.c answers MPI_Comm_get_attr).
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

static pthread_t main_thread;

void tss_env_init(void)
{
    main_thread = pthread_self();
}

TSS_WEAK_ALIAS(MPI_Get_processor_name, PMPI_Get_processor_name)
int PMPI_Get_processor_name(char *name, int *resultlen)
{
    int rc = tss_check_init("MPI_Get_processor_name");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!name || !resultlen)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Get_processor_name(%s=NULL): Invalid argument",
                         name ? "resultlen" : "name");
    if (gethostname(name, MPI_MAX_PROCESSOR_NAME) != 0)
        strcpy(name, "localhost");
    name[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Query_thread, PMPI_Query_thread)
int PMPI_Query_thread(int *provided)
{
    int rc = tss_check_init("MPI_Query_thread");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!provided)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Query_thread(provided=NULL): Invalid argument");
    *provided = tss_thread_provided();
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Is_thread_main, PMPI_Is_thread_main)
int PMPI_Is_thread_main(int *flag)
{
    int rc = tss_check_init("MPI_Is_thread_main");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!flag)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Is_thread_main(flag=NULL): Invalid argument");
    *flag = pthread_equal(pthread_self(), main_thread) != 0;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Alloc_mem, PMPI_Alloc_mem)
int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    void *p;
    int rc = tss_check_init("MPI_Alloc_mem");

    if (rc != MPI_SUCCESS)
        return rc;
    if (size < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_SIZE, "MPI_Alloc_mem(size=%lld): Negative size",
                         (long long)size);
    if ((rc = tss_info_check("MPI_Alloc_mem", MPI_COMM_WORLD, info)) != MPI_SUCCESS)
        return rc; /* no hint changes how memory is allocated here */
    if (!baseptr)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Alloc_mem(baseptr=NULL): Invalid argument");
    if (!(p = tss_malloc(size ? (size_t)size : 1)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Alloc_mem(size=%lld): out of memory",
                         (long long)size);
    memcpy(baseptr, &p, sizeof p);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Free_mem, PMPI_Free_mem)
int PMPI_Free_mem(void *base)
{
    int rc = tss_check_init("MPI_Free_mem");

    if (rc != MPI_SUCCESS)
        return rc;
    tss_free(base);
    return MPI_SUCCESS;
}

/* The predefined attributes (MPI-4.1 section 11.6), their values as
 * MPICH gives them to a singleton: the largest tag this runtime accepts
 * (MPICH's), no host, every process may do I/O, clocks not synchronised
 * (there is one), a universe of one process, no MPI_APPNUM (not
 * spawned), and the largest error class (tss_error_user.c: it grows as
 * a program adds classes).
 * tss_attr.c hands them out. */
static int tag_ub = TSS_TAG_UB, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE, wtime_global = 0,
           universe = 1;

int tss_env_attr(int keyval, int **value)
{
    switch (keyval) {
    case MPI_TAG_UB:
        *value = &tag_ub;
        return 1;
    case MPI_HOST:
        *value = &host;
        return 1;
    case MPI_IO:
        *value = &io;
        return 1;
    case MPI_WTIME_IS_GLOBAL:
        *value = &wtime_global;
        return 1;
    case MPI_UNIVERSE_SIZE:
        *value = &universe;
        return 1;
    case MPI_LASTUSEDCODE:
        *value = tss_error_lastused();
        return 1;
    case MPI_APPNUM:
        *value = NULL;
        return 1;
    default:
        return 0;
    }
}

/* MPI-4.1 section 15.2.4: a hook for a profiling library, which this
 * runtime is not; the level and what follows it are ignored. */
TSS_WEAK_ALIAS(MPI_Pcontrol, PMPI_Pcontrol)
int PMPI_Pcontrol(const int level, ...)
{
    (void)level;
    return tss_check_init("MPI_Pcontrol");
}
