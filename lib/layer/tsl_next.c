/* The next layer: deciding the mode once, the table of MPICH's functions,
 * errors raised through MPICH's handlers, and the layer's counters. */
#include "typeshim_config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layer/tsl.h"

tsl_next_table tsl_next;
_Atomic int tsl_mode_now = -1;
int tsl_checking;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic long n_shadows, n_adopted;

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

static void *next_sym(const char *name)
{
    /* RTLD_NEXT: the first definition after libtypeshim in the search
     * order, which is MPICH's both when preloaded and when linked ahead */
    return dlsym(RTLD_NEXT, name);
}

static void decide(void)
{
    int mode = TSL_STANDALONE;

#define TSL_FN(n) tsl_next.n = (__typeof__(tsl_next.n))next_sym("PMPI_" #n);
#include "layer/tsl_next.def"
#undef TSL_FN
    tsl_next.Comm_get_errhandler = next_sym("PMPI_Comm_get_errhandler");
    tsl_next.Errhandler_free = next_sym("PMPI_Errhandler_free");
    tsl_next.Comm_call_errhandler = next_sym("PMPI_Comm_call_errhandler");
    tsl_next.Error_string = next_sym("PMPI_Error_string");
    tsl_next.Initialized = next_sym("PMPI_Initialized");
    tsl_next.Finalized = next_sym("PMPI_Finalized");
    tsl_next.Comm_rank = next_sym("PMPI_Comm_rank");
    tsl_next.Comm_create_keyval = next_sym("PMPI_Comm_create_keyval");
    tsl_next.Comm_set_attr = next_sym("PMPI_Comm_set_attr");

    /* Layered only with everything a shadow needs; a next layer without
     * datatypes (libtypeshim-serial) means standalone. */
    if (tsl_next.Type_commit && tsl_next.Type_free && tsl_next.Type_dup &&
        tsl_next.Type_create_resized && tsl_next.Type_get_extent_x && tsl_next.Type_get_envelope &&
        tsl_next.Type_get_contents && tsl_next.Comm_get_errhandler &&
        tsl_next.Comm_call_errhandler && tsl_next.Errhandler_free)
        mode = env_on("TYPESHIM_DISABLE") ? TSL_DISABLED : TSL_LAYERED;
    if (mode == TSL_STANDALONE) /* some pointers may have resolved: none is used */
        memset(&tsl_next, 0, sizeof(tsl_next));
    tsl_checking = mode == TSL_LAYERED && env_on("TYPESHIM_CHECK");
    atomic_store_explicit(&tsl_mode_now, mode, memory_order_release);
}

int tsl_init(void)
{
    pthread_once(&once, decide);
    return atomic_load_explicit(&tsl_mode_now, memory_order_acquire);
}

int typeshim_mode(void)
{
    return tsl_mode();
}

void tsl_count_shadows(long delta)
{
    atomic_fetch_add_explicit(&n_shadows, delta, memory_order_relaxed);
}

void tsl_count_adopted(void)
{
    atomic_fetch_add_explicit(&n_adopted, 1, memory_order_relaxed);
}

int typeshim_layer_stats_get(typeshim_layer_stats *st)
{
    if (!st)
        return tsf_raise(
            tsf_err(MPI_ERR_ARG, "typeshim_layer_stats_get", "argument stats must not be NULL"));
    memset(st, 0, sizeof(*st));
    st->shadows = atomic_load_explicit(&n_shadows, memory_order_relaxed);
    st->adopted = atomic_load_explicit(&n_adopted, memory_order_relaxed);
    tsl_check_counts(&st->checks, &st->divergences, &st->intended);
    return MPI_SUCCESS;
}

const char *tsl_next_error(int code, char *buf, int len)
{
    int n = 0;

    buf[0] = '\0';
    if (tsl_next.Error_string && len >= MPI_MAX_ERROR_STRING)
        tsl_next.Error_string(code, buf, &n);
    if (!buf[0])
        snprintf(buf, (size_t)len, "error code %d", code);
    return buf;
}

int tsl_mpi_live(void)
{
    int live = 0, done = 1;

    if (tsl_next.Initialized && tsl_next.Finalized) {
        tsl_next.Initialized(&live);
        tsl_next.Finalized(&done);
    }
    return live && !done;
}

int tsl_raise(int code)
{
    int cls = typeshim_error_class(code);
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    int live = tsl_mpi_live();

    if (cls < 0)
        cls = MPI_ERR_OTHER;
    if (!live || tsl_next.Comm_get_errhandler(MPI_COMM_WORLD, &eh) != MPI_SUCCESS ||
        eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_ABORT) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        typeshim_error_message(code, msg, &len);
        fflush(stdout);
        fprintf(stderr, "typeshim: fatal error: %s\n", msg);
        if (!live) /* MPICH cannot report outside MPI_Init..MPI_Finalize */
            abort();
    }
    if (eh != MPI_ERRHANDLER_NULL)
        tsl_next.Errhandler_free(&eh);
    /* returns only when the handler does (MPI_ERRORS_RETURN, user) */
    tsl_next.Comm_call_errhandler(MPI_COMM_WORLD, cls);
    return cls;
}
