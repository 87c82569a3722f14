/* SPDX-License-Identifier: BSD-3-Clause */
/* Errors over MPICH (tsl.h).  typeshim's messages reach the program through
 * MPICH's own handlers: the code handed over is one MPICH made for the
 * class (MPI_Add_error_code), so MPI_Error_class answers the class, and
 * MPI_Error_string, which libtypeshim wraps, answers typeshim's message.
 * MPICH 4.0.2 cannot carry the message itself: its MPI_Add_error_string
 * on a code of a predefined class leaves MPI_Error_string returning one
 * of its own internal messages.  The codes come from a pool of POOL per
 * class, reused in turn, so a long run cannot exhaust MPICH's table: a
 * program that keeps more than POOL codes of one class finds the older
 * ones naming a newer message. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

#define POOL     16
#define NCLASSES 128 /* MPICH's predefined classes are below */

static struct {
    int mpich[POOL]; /* MPICH's code, 0 until made */
    int ours[POOL];  /* the typeshim code it stands for */
    unsigned next;
} pool[NCLASSES];
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* An MPICH code of class cls that stands for typeshim's code, or the plain
 * class when MPICH cannot make one. */
static int pool_code(int cls, int code)
{
    int i, made = cls;

    if (cls < 0 || cls >= NCLASSES || !tsl_mpi.Add_error_code)
        return cls;
    pthread_mutex_lock(&pool_lock);
    i = (int)(pool[cls].next++ % POOL);
    if (!pool[cls].mpich[i] && tsl_mpi.Add_error_code(cls, &made) == MPI_SUCCESS)
        pool[cls].mpich[i] = made;
    if (pool[cls].mpich[i]) {
        pool[cls].ours[i] = code;
        made = pool[cls].mpich[i];
    } else {
        made = cls;
    }
    pthread_mutex_unlock(&pool_lock);
    return made;
}

/* The typeshim code an MPICH code of the pool stands for, or -1. */
static int pool_lookup(int mpich)
{
    int cls = -1, ours = -1;

    if (!tsl_mpi.Error_class || tsl_mpi.Error_class(mpich, &cls) != MPI_SUCCESS || cls < 0 ||
        cls >= NCLASSES)
        return -1;
    pthread_mutex_lock(&pool_lock);
    for (int i = 0; i < POOL; i++)
        if (pool[cls].mpich[i] == mpich && mpich != cls)
            ours = pool[cls].ours[i];
    pthread_mutex_unlock(&pool_lock);
    return ours;
}

int tsl_api_Error_string(int errorcode, char *string, int *resultlen)
{
    int ours = tsl_mode() == TSL_LAYERED && string && resultlen ? pool_lookup(errorcode) : -1;

    if (ours >= 0 && tsf_error_message(ours, string, resultlen))
        return MPI_SUCCESS;
    __typeof__(MPI_Error_string) *next_fn = TSL_WRAP_NEXT(Error_string);

    if (!next_fn) /* no runtime: typeshim's own codes only */
        return tsf_error_message(errorcode, string, resultlen) ? MPI_SUCCESS : MPI_ERR_ARG;
    return next_fn(errorcode, string, resultlen);
}

/* How an object's handlers are read and called. */
typedef struct target {
    int (*get)(const void *obj, MPI_Errhandler *eh);
    int (*call)(const void *obj, int code);
    const void *obj;
    MPI_Comm abort_comm; /* what MPI_ERRORS_ABORT aborts */
} target;

static int comm_get(const void *o, MPI_Errhandler *eh)
{
    return tsl_mpi.Comm_get_errhandler(*(const MPI_Comm *)o, eh);
}

static int comm_call(const void *o, int code)
{
    return tsl_mpi.Comm_call_errhandler(*(const MPI_Comm *)o, code);
}

static int win_get(const void *o, MPI_Errhandler *eh)
{
    return tsl_mpi.Win_get_errhandler(*(const MPI_Win *)o, eh);
}

static int win_call(const void *o, int code)
{
    return tsl_mpi.Win_call_errhandler(*(const MPI_Win *)o, code);
}

static int file_get(const void *o, MPI_Errhandler *eh)
{
    return tsl_mpi.File_get_errhandler(*(const MPI_File *)o, eh);
}

static int file_call(const void *o, int code)
{
    return tsl_mpi.File_call_errhandler(*(const MPI_File *)o, code);
}

/* With the rank in every case: outside MPI_Init..MPI_Finalize tsl_rank
 * reads the launcher's (PMI_RANK), else 0, as for one process. */
static void print_fatal(int code)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    tsf_error_message(code, msg, &len);
    fflush(stdout);
    fprintf(stderr, "typeshim: rank %d: fatal error: %s\n", tsl_rank(), msg);
}

static int raise_on(const target *t, int code)
{
    static const MPI_Comm world = MPI_COMM_WORLD;
    const target to_world = {comm_get, comm_call, &world, MPI_COMM_WORLD};
    int cls = tsf_error_class(code);
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    int layered = tsl_mode() == TSL_LAYERED, fatal;

    if (cls < 0)
        cls = MPI_ERR_OTHER;
    if (!tsl_mpi_live()) { /* MPICH cannot report outside MPI_Init..MPI_Finalize */
        print_fatal(code);
        abort();
    }
    if (!t->get || !t->call || t->get(t->obj, &eh) != MPI_SUCCESS) {
        /* a window or file MPICH does not know: MPI_COMM_WORLD's handler */
        t = &to_world;
        if (comm_get(&world, &eh) != MPI_SUCCESS)
            eh = MPI_ERRORS_ARE_FATAL;
    }
    fatal = eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_ABORT;
    if (fatal)
        print_fatal(code);
    if (fatal && layered) {
        /* MPICH's own fatal path would print a second, misleading message
         * ("Fatal error in MPI_Comm_call_errhandler") */
        MPI_Comm c = eh == MPI_ERRORS_ABORT ? t->abort_comm : MPI_COMM_WORLD;
        if (eh != MPI_ERRHANDLER_NULL)
            tsl_mpi.Errhandler_free(&eh);
        tsl_api_Abort(c, cls); /* the check's summary first */
        abort();
    }
    if (eh != MPI_ERRHANDLER_NULL)
        tsl_mpi.Errhandler_free(&eh);
    if (layered)
        cls = pool_code(cls, code);
    /* returns only when the handler does (MPI_ERRORS_RETURN, user) */
    t->call(t->obj, cls);
    return cls;
}

int tsl_raise_on_comm(MPI_Comm comm, int code)
{
    return raise_on(&(target){comm_get, comm_call, &comm, comm}, code);
}

int tsl_raise_on_win(MPI_Win win, int code)
{
    return raise_on(&(target){win_get, win_call, &win, MPI_COMM_WORLD}, code);
}

int tsl_raise_on_file(MPI_File fh, int code)
{
    return raise_on(&(target){file_get, file_call, &fh, MPI_COMM_WORLD}, code);
}

int tsl_raise(int code)
{
    return tsl_raise_on_comm(MPI_COMM_WORLD, code);
}

int tsl_no_next(const char *fn)
{
    return tsf_err(
        MPI_ERR_OTHER, fn,
        "no MPI library in this process carries this call: typeshim implements "
        "datatypes only (link libtypeshim-serial for one process, or run over " TSO_ABI_MPI ")");
}
