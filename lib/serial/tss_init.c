/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The runtime's life cycle and the process-level queries: MPI_Init,
 * MPI_Init_thread, MPI_Finalize, MPI_Initialized, MPI_Finalized, MPI_Abort,
 * MPI_Comm_rank, MPI_Comm_size, MPI_Wtime, MPI_Wtick, MPI_Get_version,
 * MPI_Get_library_version.  One process: both communicators have size 1.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <time.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* Written under the lock, read without it (MPI_Initialized may be called
 * from any thread at any time). */
enum tss_state tss_state_v = TSS_PRE_INIT;
/* tss_thread_v: the highest level asked (the World model's or a
 * session's), which decides whether a blocking call may wait for another
 * thread; world_thread_v: what MPI_Init_thread provided, which
 * MPI_Query_thread reports (MPI-4.1 section 11.2.4). */
int tss_thread_v = MPI_THREAD_SINGLE;
static int world_thread_v = MPI_THREAD_SINGLE;
/* Under the lock, nsessions also read without it.  ending: MPI_Finalize
 * left the runtime's end to the last session's MPI_Session_finalize
 * (MPI-4.1 section 11.3.1: MPI_Finalize ends the World model only). */
static int nsessions, ending;

int tss_thread_provided(void)
{
    return tss_state_get() == TSS_INITIALIZED ? __atomic_load_n(&world_thread_v, __ATOMIC_ACQUIRE)
                                              : tss_thread_level();
}

/* The runtime's level is the highest asked (a blocking call may wait for
 * another thread when one asked MPI_THREAD_MULTIPLE). */
static void thread_level_raise(int level)
{
    if (level > __atomic_load_n(&tss_thread_v, __ATOMIC_ACQUIRE))
        __atomic_store_n(&tss_thread_v, level, __ATOMIC_RELEASE);
}

void tss_session_open(int level)
{
    __atomic_store_n(&nsessions, nsessions + 1, __ATOMIC_RELEASE);
    thread_level_raise(level);
}

int tss_session_close(void)
{
    int last = nsessions == 1 && ending;

    __atomic_store_n(&nsessions, nsessions - 1, __ATOMIC_RELEASE);
    if (last)
        ending = 0;
    return last;
}

int tss_session_last(void)
{
    return nsessions == 1 && ending;
}

int tss_sessions_open(void)
{
    return __atomic_load_n(&nsessions, __ATOMIC_ACQUIRE) > 0;
}

static int tss_init(const char *fn, int *argc, char ***argv)
{
    enum tss_state st;

    tss_lock();
    st = tss_state_v;
    if (st == TSS_PRE_INIT)
        __atomic_store_n(&tss_state_v, TSS_INITIALIZED, __ATOMIC_RELEASE);
    tss_unlock();
    if (st == TSS_PRE_INIT) {
        /* The mode is decided here, as an MPI library sets its datatypes
         * up in MPI_Init, not in the program's first datatype call (which
         * it made 15 us slower: one indexed type of 10^3 blocks, 60 us). */
        (void)typeshim_mode();
        tss_env_init();
        if (tss_info_env_init(argc && argv ? *argc : 0, argc && argv ? *argv : NULL) == MPI_SUCCESS)
            return MPI_SUCCESS;
        /* not initialised: the error goes to MPI_ERRORS_ARE_FATAL (tss.h),
         * and a handler that returned would leave MPI_Init to be called
         * again */
        tss_lock();
        __atomic_store_n(&tss_state_v, TSS_PRE_INIT, __ATOMIC_RELEASE);
        tss_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory for MPI_INFO_ENV", fn);
    }
    /* MPI allows one initialisation per process (World model). */
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_OTHER, "%s: %s", fn,
                     st == TSS_INITIALIZED ? "MPI is already initialized"
                                           : "MPI cannot be initialized after MPI_Finalize");
}

/* argc/argv (NULL allowed) are left as they are: there is no launcher;
 * MPI_INFO_ENV reports them. */
TSS_WEAK_ALIAS(MPI_Init, PMPI_Init)
int PMPI_Init(int *argc, char ***argv)
{
    return tss_init("MPI_Init", argc, argv);
}

/* Every level is supported, so provided is what was asked, capped at
 * MPI_THREAD_MULTIPLE (and raised to MPI_THREAD_SINGLE for values below
 * it, which MPI leaves undefined). */
TSS_WEAK_ALIAS(MPI_Init_thread, PMPI_Init_thread)
int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc;

    if (!provided)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Init_thread(provided=NULL): Invalid argument");
    rc = tss_init("MPI_Init_thread", argc, argv);
    if (rc != MPI_SUCCESS)
        return rc;
    *provided = required < MPI_THREAD_SINGLE     ? MPI_THREAD_SINGLE
                : required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE
                                                 : required;
    /* the level decides whether a blocking call may wait for another
     * thread (tss.h); a session may have asked for more */
    tss_lock();
    thread_level_raise(*provided);
    __atomic_store_n(&world_thread_v, *provided, __ATOMIC_RELEASE);
    tss_unlock();
    return MPI_SUCCESS;
}

/* Deletes the attributes of MPI_COMM_SELF, then those of MPI_COMM_WORLD,
 * before anything else (MPI-4.1 section 11.2.4: the callbacks may make
 * MPI calls, and MPI_Finalized says false to them).  Every attribute
 * goes; the first failing callback's code is raised on its communicator
 * and returned, once MPI is finalized all the same. */
static int tss_finalize_attrs(void)
{
    tss_error e, later;
    MPI_Comm on = MPI_COMM_SELF;
    int rc = tss_attr_clear("MPI_Finalize", MPI_COMM_SELF, 0, &e);

    if (tss_attr_clear("MPI_Finalize", MPI_COMM_WORLD, 0, rc ? &later : &e) != MPI_SUCCESS &&
        rc == MPI_SUCCESS) {
        rc = e.cls;
        on = MPI_COMM_WORLD;
    }
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_raise(on, e.cls, "%s", e.text);
}

void tss_runtime_end(void)
{
    tss_dynamic_finalize();
    tss_comm_finalize();
    tss_win_finalize();
    tss_error_user_finalize();
    tss_errhandler_finalize();
    tss_p2p_lock();
    tss_p2p_finalize();
    tss_probe_finalize();
    tss_bsend_finalize();
    tss_op_finalize();
    tss_req_finalize();
    tss_p2p_unlock();
    tss_attr_finalize();
    tss_win_attr_finalize();
}

/* Ends the World model; the runtime's objects go with it unless a
 * session is open, in which case the last session's end frees them. */
TSS_WEAK_ALIAS(MPI_Finalize, PMPI_Finalize)
int PMPI_Finalize(void)
{
    enum tss_state st = tss_state_get();
    int rc, sessions;

    if (st != TSS_INITIALIZED)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Finalize called %s",
                         st == TSS_PRE_INIT ? "before MPI_Init" : "after MPI_Finalize");
    rc = tss_finalize_attrs();
    sessions = tss_sessions_open();
    /* before the lock and the finalized state: freeing a view's types can
     * run the program's delete callbacks, which may call MPI */
    if (!sessions)
        tss_file_finalize();
    tss_lock();
    __atomic_store_n(&tss_state_v, TSS_FINALIZED, __ATOMIC_RELEASE);
    if ((sessions = nsessions > 0))
        ending = 1;
    else
        tss_runtime_end();
    tss_unlock();
    /* last: a type the runtime still held (a pending request) is let go */
    if (!sessions)
        tss_leak_report();
    return rc;
}

/* True once MPI_Init has been called, even after MPI_Finalize (MPI-4). */
TSS_WEAK_ALIAS(MPI_Initialized, PMPI_Initialized)
int PMPI_Initialized(int *flag)
{
    if (!flag)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Initialized(flag=NULL): Invalid argument");
    *flag = tss_state_get() != TSS_PRE_INIT;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Finalized, PMPI_Finalized)
int PMPI_Finalized(int *flag)
{
    if (!flag)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Finalized(flag=NULL): Invalid argument");
    *flag = tss_state_get() == TSS_FINALIZED;
    return MPI_SUCCESS;
}

/* Works at any time and on any comm (there is only this process to stop).
 * Exit status errorcode & 255, or 1 if that is 0, as tss_terminate says. */
TSS_WEAK_ALIAS(MPI_Abort, PMPI_Abort)
int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    (void)comm;
    fflush(stdout);
    fprintf(stderr, "typeshim: MPI_Abort(errorcode=%d) called\n", errorcode);
    tss_terminate(errorcode);
}

/* Common body of MPI_Comm_rank and MPI_Comm_size. */
static int tss_comm_query(const char *fn, const char *arg, MPI_Comm comm, int *out, int value)
{
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!out)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
    *out = value;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_rank, PMPI_Comm_rank)
int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    return tss_comm_query("MPI_Comm_rank", "rank", comm, rank, 0);
}

TSS_WEAK_ALIAS(MPI_Comm_size, PMPI_Comm_size)
int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    return tss_comm_query("MPI_Comm_size", "size", comm, size, 1);
}

/* Monotonic: MPI only asks for elapsed time since some point in the past,
 * and a settable clock would make intervals jump. */
TSS_WEAK_ALIAS(MPI_Wtime, PMPI_Wtime)
double PMPI_Wtime(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

TSS_WEAK_ALIAS(MPI_Wtick, PMPI_Wtick)
double PMPI_Wtick(void)
{
    struct timespec res;

    if (clock_getres(CLOCK_MONOTONIC, &res) != 0 || (res.tv_sec == 0 && res.tv_nsec == 0))
        return 1e-9;
    return (double)res.tv_sec + 1e-9 * (double)res.tv_nsec;
}

/* The MPI version of the ABI implemented: MPICH 4.0.2's mpi.h says 4.0,
 * Open MPI 4.1's 3.1. */
TSS_WEAK_ALIAS(MPI_Get_version, PMPI_Get_version)
int PMPI_Get_version(int *version, int *subversion)
{
    if (!version || !subversion)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_version(%s=NULL): Invalid argument",
                         version ? "subversion" : "version");
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Get_library_version, PMPI_Get_library_version)
int PMPI_Get_library_version(char *version, int *resultlen)
{
    /* typeshim_version is weak (tss.h): fall back to the version this
     * runtime was built with. */
    const char *v = typeshim_version ? typeshim_version() : TYPESHIM_VERSION;
    int n;

    if (!version || !resultlen)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Get_library_version(%s=NULL): Invalid argument",
                         version ? "resultlen" : "version");
    n = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
                 "typeshim %s (libtypeshim-serial, single-process runtime; " TSO_ABI_MPI
                 " ABI, MPI %d.%d)",
                 v, MPI_VERSION, MPI_SUBVERSION);
    *resultlen = n < MPI_MAX_LIBRARY_VERSION_STRING ? n : MPI_MAX_LIBRARY_VERSION_STRING - 1;
    return MPI_SUCCESS;
}
