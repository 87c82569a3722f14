/* SPDX-License-Identifier: BSD-3-Clause */
/* The next layer: deciding the mode, the table of MPICH's functions,
 * errors raised through MPICH's handlers, and the layer's counters. */
#define _GNU_SOURCE /* dladdr, dl_iterate_phdr, RTLD_NEXT */
#include "typeshim_config.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

tsf_fn_table tsl_next;
tsl_mpi_table tsl_mpi;
tsl_wrap_table tsl_wrap;
_Atomic int tsl_mode_now = -1;
int tsl_checking;
int tsl_leaks;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic long n_shadows, n_adopted;

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

/* Where the next layer's functions come from: RTLD_NEXT (preloaded, or
 * linked ahead of MPICH), or the handle of an already-loaded MPICH that
 * RTLD_NEXT cannot see (loaded with RTLD_LOCAL by a plugin: Python's
 * mpi4py, Julia, R). */
static void *next_lib = RTLD_NEXT;
static char next_path[256];

static void *next_sym(const char *name)
{
    return dlsym(next_lib, name);
}

#if TS_ABI_OMPI
/* Open MPI dereferences a datatype handle before it looks at it: a
 * pointer it never made crashes it.  Every Open MPI object begins with
 * its class (opal_object_t), a datatype's is ompi_datatype_t_class; the
 * word is read with process_vm_readv, which fails instead of faulting on
 * an address that is not mapped (or, where a seccomp policy forbids that
 * call, written into a pipe, which fails the same way).  A freed
 * datatype's memory no longer holds the class (malloc reuses the word),
 * so it is refused too. */
#include <errno.h>
#include <fcntl.h>
#include <sys/uio.h>

static pthread_mutex_t pipe_lock = PTHREAD_MUTEX_INITIALIZER;
static int probe_pipe[2] = {-1, -1};

/* The word at p through the pipe: 1, or 0 when p is not readable. */
static int read_by_pipe(const void *p, void **word)
{
    int ok = 0;

    pthread_mutex_lock(&pipe_lock);
    if (probe_pipe[0] >= 0 || pipe2(probe_pipe, O_CLOEXEC | O_NONBLOCK) == 0)
        ok = write(probe_pipe[1], p, sizeof(*word)) == (ssize_t)sizeof(*word) &&
             read(probe_pipe[0], word, sizeof(*word)) == (ssize_t)sizeof(*word);
    pthread_mutex_unlock(&pipe_lock);
    return ok;
}

int tsl_next_may_ask(MPI_Datatype h)
{
    static void *_Atomic cls;
    void *word = NULL, *want = atomic_load_explicit(&cls, memory_order_relaxed);
    struct iovec local = {&word, sizeof(word)}, remote = {(void *)h, sizeof(word)};
    int got;

    if (!want && !(want = next_sym("ompi_datatype_t_class")))
        return 0;
    atomic_store_explicit(&cls, want, memory_order_relaxed);
    got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)sizeof(word);
    if (!got && (errno == EPERM || errno == ENOSYS))
        got = read_by_pipe(h, &word);
    return got && word == want;
}
#else
/* MPICH checks its integer handles itself (tso_abi_foreign_key keeps
 * the bits it cannot check away). */
int tsl_next_may_ask(MPI_Datatype h)
{
    (void)h;
    return 1;
}
#endif

/* The object that defines the address p (its base), or NULL. */
static void *object_of(void *p)
{
    Dl_info info;

    return p && dladdr(p, &info) ? info.dli_fbase : NULL;
}

/* The name of the n-th loaded object that has a path, copied out: the
 * loader's lock is held while dl_iterate_phdr runs its callback, so
 * nothing is opened there; and nothing is allocated (the probe may run
 * inside any call, under a failing allocator too). */
typedef struct nth_name {
    size_t want, seen;
    int found;
    char name[4096];
} nth_name;

static int copy_nth(struct dl_phdr_info *info, size_t size, void *data)
{
    nth_name *q = data;

    (void)size;
    /* the program itself has no name, the vDSO no path: neither can be
     * MPICH, and opening the vDSO by name makes glibc run the
     * constructors of other objects again when it is closed */
    if (!info->dlpi_name || !strchr(info->dlpi_name, '/') || q->seen++ != q->want)
        return 0;
    q->found = snprintf(q->name, sizeof(q->name), "%s", info->dlpi_name) < (int)sizeof(q->name);
    return 1;
}

/* A loaded object other than typeshim that defines PMPI_Type_commit:
 * found through each loaded object's own scope (the object and what it
 * needs), then reopened by the defining object's name and kept open.
 * Returns its handle, or NULL. */
static void *find_loaded(void)
{
    void *self = object_of((void *)tsl_init), *found = NULL;

    for (size_t i = 0; !found; i++) {
        nth_name q = {i, 0, 0, ""};
        void *h, *sym, *def;
        Dl_info di;

        if (!dl_iterate_phdr(copy_nth, &q))
            break; /* no i-th object */
        if (!q.found || !(h = dlopen(q.name, RTLD_LAZY | RTLD_NOLOAD)))
            continue;
        sym = dlsym(h, "PMPI_Type_commit");
        def = object_of(sym);
        dlclose(h);
        if (!def || def == self || !dladdr(sym, &di) || !di.dli_fname)
            continue;
        if ((found = dlopen(di.dli_fname, RTLD_LAZY | RTLD_NOLOAD)))
            snprintf(next_path, sizeof(next_path), "%s", di.dli_fname);
    }
    return found;
}

/* dlpi_adds: how many objects were ever loaded, so a probe is repeated
 * only when something new came in. */
static int first_adds(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    *(unsigned long long *)data = info->dlpi_adds;
    return 1;
}

static unsigned long long loaded_adds(void)
{
    unsigned long long adds = 0;

    dl_iterate_phdr(first_adds, &adds);
    return adds;
}

static int next_has_datatypes(void)
{
    /* Layered only with everything a shadow needs; a next layer without
     * datatypes (libtypeshim-serial) means standalone. */
    return tsl_next.Type_commit && tsl_next.Type_free && tsl_next.Type_dup &&
           tsl_next.Type_create_resized && tsl_next.Type_get_extent_x &&
           tsl_next.Type_get_envelope && tsl_next.Type_get_contents &&
           tsl_mpi.Comm_get_errhandler && tsl_mpi.Comm_call_errhandler && tsl_mpi.Errhandler_free;
}

static void resolve_table(void)
{
#define TSF_FN(n) tsl_next.n = (__typeof__(tsl_next.n))next_sym("PMPI_" #n);
#include "facade/tsf_fns.def"
#undef TSF_FN
#define TSL_MPI_RESOLVE(n) tsl_mpi.n = (__typeof__(tsl_mpi.n))next_sym("PMPI_" #n);
    TSL_MPI_FUNCTIONS(TSL_MPI_RESOLVE)
#undef TSL_MPI_RESOLVE
}

/* Looks for MPICH: after libtypeshim in the search order, else (with
 * `anywhere`) anywhere in the process.  Returns 1 with tsl_next filled, 0
 * with it cleared. */
static int find_next(int anywhere)
{
    /* one symbol first: the table's 150 lookups cost a standalone process
     * (whose next layer has no datatypes, or is absent) 0.1 ms for nothing */
    next_lib = RTLD_NEXT;
    if (next_sym("PMPI_Type_commit")) {
        resolve_table();
        if (next_has_datatypes())
            return 1;
    }
    if (anywhere && (next_lib = find_loaded())) {
        resolve_table();
        if (next_has_datatypes())
            return 1;
        dlclose(next_lib);
    }
    next_lib = RTLD_NEXT;
    /* some pointers may have resolved: none is used */
    memset(&tsl_next, 0, sizeof(tsl_next));
    memset(&tsl_mpi, 0, sizeof(tsl_mpi));
    return 0;
}

/* Serialises the decisions after the first: re-probes and the step from a
 * provisional standalone to a final one. */
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic unsigned long long probed_adds; /* loaded_adds() at the last probe */
static _Atomic long issued;                    /* standalone handles issued */

static int standalone_publish(tsf_dtype *o, const tsf_record *rec, const char *fn)
{
    int rc;

    (void)rec;
    if ((rc = tsl_standalone_issue(fn)))
        return rc;
    return tsf_handle_alloc(o);
}

/* Standalone and disabled (where only typeshim_ functions reach the
 * façade): typeshim's own handles, each issued after the check above. */
static const tsf_hooks standalone_hooks = {.publish = standalone_publish};

/* TYPESHIM_CHECK in a process with no MPICH: said once, not ignored. */
static void say_nothing_to_check(void)
{
    if (env_on("TYPESHIM_CHECK"))
        fprintf(stderr,
                "typeshim: TYPESHIM_CHECK: this process runs typeshim standalone (no " TSO_ABI_MPI
                " is loaded), so there is nothing to compare its answers with; the "
                "cross-check is off\n");
}

/* The hooks first: a thread that sees the mode sees them. */
static void set_mode(int mode)
{
    if (mode == TSL_STANDALONE)
        say_nothing_to_check();
    if (mode != TSL_PROVISIONAL) {
        tsl_checking = mode == TSL_LAYERED && env_on("TYPESHIM_CHECK");
        tsl_leaks = mode == TSL_LAYERED && (tsl_checking || env_on("TYPESHIM_LEAKS"));
    }
    tsf_hooks_install(mode == TSL_LAYERED ? &tsl_layered_hooks : &standalone_hooks);
    atomic_store_explicit(&tsl_mode_now, mode, memory_order_release);
}

/* The wrapped functions come from where the mode's next layer is: MPICH,
 * or without it what follows libtypeshim (libtypeshim-serial, when it
 * does).  Forgotten before the mode is published, looked up again on
 * their next call: a thread that sees the mode finds them. */
static void forget_wrapped(void)
{
    void **slot = (void **)&tsl_wrap;

    for (size_t i = 0; i < sizeof(tsl_wrap) / sizeof(void *); i++)
        __atomic_store_n(&slot[i], NULL, __ATOMIC_RELEASE);
}

void *tsl_wrap_resolve(void **slot, const char *name)
{
    void *p;

    /* a wrapper without datatype arguments to check may be the first call
     * typeshim sees: the next layer is known once the mode is decided */
    (void)tsl_mode();
    p = next_sym(name);

    if (p) /* racing threads store the same address */
        __atomic_store_n(slot, p, __ATOMIC_RELEASE);
    return p;
}

/* libtypeshim speaks MPICH's ABI (integer handles, MPICH's constants),
 * libtypeshim-ompi Open MPI's (pointer handles): over the other MPI every
 * call would go wrong, so the process stops at once with the reason.
 * MPICH and the MPIs built on it (Intel MPI, MVAPICH) share an ABI.
 * MPI-4.1 section 9.1.1: MPI_Get_library_version may be called before
 * MPI_Init. */
#if TS_ABI_OMPI
static const char *const same_abi[] = {"Open MPI"};
#else
static const char *const same_abi[] = {"MPICH", "Intel(R) MPI", "MVAPICH"};
#endif

/* The library asked may be the other MPI, whose string may be longer than
 * this ABI's MPI_MAX_LIBRARY_VERSION_STRING (Open MPI's is 256, MPICH's
 * 8192 and MPICH fills some 2000): the buffer takes the largest. */
#define ANY_MPI_VERSION_MAX 8192

static void refuse_foreign_abi(void)
{
    char v[ANY_MPI_VERSION_MAX + 1] = "", *nl;
    int n = 0;

    if (!tsl_mpi.Get_library_version || tsl_mpi.Get_library_version(v, &n) != MPI_SUCCESS)
        return; /* cannot tell: the symbols were the ABI's */
    v[ANY_MPI_VERSION_MAX] = '\0';
    for (size_t i = 0; i < sizeof(same_abi) / sizeof(same_abi[0]); i++)
        if (strstr(v, same_abi[i]))
            return;
    if ((nl = strchr(v, '\n')))
        *nl = '\0';
    fprintf(stderr,
            "typeshim: the MPI library of this process (%s%s%s) is not " TSO_ABI_MPI
            ": " TSO_ABI_LIB " implements " TSO_ABI_MPI "'s ABI and cannot run over it; run the "
            "program without " TSO_ABI_LIB ", or set TYPESHIM_DISABLE=1 to pass every call "
            "through\n",
            next_path[0] ? next_path : "", next_path[0] ? ": " : "", v);
    _exit(127);
}

static void decide(void)
{
    int found;

    probed_adds = loaded_adds();
    /* a program linked with libtypeshim-serial is standalone by its
     * build: no plugin's MPICH to look for among the loaded objects */
    found = find_next(!tsf_runtime_present());
    if (found && !env_on("TYPESHIM_DISABLE"))
        refuse_foreign_abi();
    forget_wrapped();
    if (found)
        set_mode(env_on("TYPESHIM_DISABLE") ? TSL_DISABLED : TSL_LAYERED);
    else /* final at once for a program built standalone (see below) */
        set_mode(tsf_runtime_present() ? TSL_STANDALONE : TSL_PROVISIONAL);
}

int tsl_init(void)
{
    int m;

    pthread_once(&once, decide);
    m = atomic_load_explicit(&tsl_mode_now, memory_order_acquire);
    if (m != TSL_PROVISIONAL)
        return m;
    /* Standalone until a handle is issued: MPICH may still come in with a
     * plugin (dlopen), and the mode follows it then. */
    pthread_mutex_lock(&probe_lock);
    m = atomic_load_explicit(&tsl_mode_now, memory_order_acquire);
    if (m == TSL_PROVISIONAL) {
        unsigned long long adds = loaded_adds();
        if (adds != probed_adds) {
            probed_adds = adds;
            if (find_next(1)) {
                if (!env_on("TYPESHIM_DISABLE"))
                    refuse_foreign_abi();
                forget_wrapped();
                set_mode(m = env_on("TYPESHIM_DISABLE") ? TSL_DISABLED : TSL_LAYERED);
            }
        }
    }
    pthread_mutex_unlock(&probe_lock);
    return m == TSL_PROVISIONAL ? TSL_STANDALONE : m;
}

int tsl_checking_at_exit(void)
{
    int m = atomic_load_explicit(&tsl_mode_now, memory_order_acquire);

    if (m != -1)
        return m == TSL_LAYERED && tsl_checking;
    /* nothing called typeshim: MPICH next to it (dlsym only, which runs
     * no constructor: the loader may have run the destructors already) */
    return dlsym(RTLD_NEXT, "PMPI_Type_commit") && env_on("TYPESHIM_CHECK") &&
           !env_on("TYPESHIM_DISABLE");
}

int tsl_standalone_issue(const char *fn)
{
    int rc = MPI_SUCCESS, m;

    /* the common case, without the lock: standalone for good, and either
     * with libtypeshim-serial (a program built standalone does not load
     * MPICH later) or with nothing loaded since the last look */
    if (atomic_load_explicit(&tsl_mode_now, memory_order_acquire) == TSL_STANDALONE &&
        (tsf_runtime_present() ||
         loaded_adds() == atomic_load_explicit(&probed_adds, memory_order_relaxed))) {
        atomic_fetch_add_explicit(&issued, 1, memory_order_relaxed);
        return MPI_SUCCESS;
    }
    pthread_mutex_lock(&probe_lock);
    m = atomic_load_explicit(&tsl_mode_now, memory_order_acquire);
    if (m == TSL_PROVISIONAL) {
        set_mode(TSL_STANDALONE); /* from now on the mode never changes */
    } else if (m == TSL_STANDALONE) {
        unsigned long long adds = loaded_adds();
        if (adds != probed_adds) {
            probed_adds = adds;
            if (find_next(1)) {
                long n = atomic_load_explicit(&issued, memory_order_relaxed);
                /* too late: the program holds typeshim's own handles, and
                 * MPICH would take them for its own */
                rc = tsf_err(
                    MPI_ERR_OTHER, fn,
                    TSO_ABI_MPI " (%s) was loaded into this process after typeshim "
                                "had chosen standalone mode and issued %ld datatype "
                                "handle%s of its own, which " TSO_ABI_MPI
                                " cannot use; load " TSO_ABI_MPI " before the first datatype call "
                                "(link the program with it, or preload it with " TSO_ABI_LIB ")",
                    next_path[0] ? next_path : "found after libtypeshim", n, n == 1 ? "" : "s");
                memset(&tsl_next, 0, sizeof(tsl_next));
                memset(&tsl_mpi, 0, sizeof(tsl_mpi));
                next_lib = RTLD_NEXT;
            }
        }
    } else if (m == TSL_DISABLED) {
        /* a function MPICH lacks reached the façade (MPI-4.1's
         * MPI_Type_get_value_index over MPICH 4.0.2) */
        rc = tsf_err(MPI_ERR_OTHER, fn,
                     "TYPESHIM_DISABLE is set, and the MPI library (%s) does not have this "
                     "function: only typeshim could make the datatype",
                     next_path[0] ? next_path : "found after libtypeshim");
    } else {
        rc = tsf_err(MPI_ERR_INTERN, fn, "typeshim's mode changed while this call ran");
    }
    if (rc == MPI_SUCCESS)
        atomic_fetch_add_explicit(&issued, 1, memory_order_relaxed);
    pthread_mutex_unlock(&probe_lock);
    return rc;
}

void tsl_count_shadows(long delta)
{
    atomic_fetch_add_explicit(&n_shadows, delta, memory_order_relaxed);
}

long tsl_live_shadows(void)
{
    return atomic_load_explicit(&n_shadows, memory_order_relaxed);
}

void tsl_count_adopted(void)
{
    atomic_fetch_add_explicit(&n_adopted, 1, memory_order_relaxed);
}

int tsl_api_layer_stats_get(typeshim_layer_stats *st)
{
    if (!st)
        return tsf_err(MPI_ERR_ARG, "typeshim_layer_stats_get", "argument stats must not be NULL");
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
    if (tsl_mpi.Error_string && len >= MPI_MAX_ERROR_STRING)
        tsl_mpi.Error_string(code, buf, &n);
    if (!buf[0])
        snprintf(buf, (size_t)len, "error code %d", code);
    return buf;
}

int tsl_mpi_live(void)
{
    int live = 0, done = 1;

    if (tsl_mpi.Initialized && tsl_mpi.Finalized) {
        tsl_mpi.Initialized(&live);
        tsl_mpi.Finalized(&done);
    }
    return live && !done;
}

/* TYPESHIM_VERBOSE: a program linked with MPICH ahead of libtypeshim
 * (-lmpich -ltypeshim) calls MPICH's datatype functions, never typeshim's;
 * say so when the library is loaded. */
__attribute__((constructor)) static void warn_if_shadowed(void)
{
    void *theirs, *self = object_of((void *)warn_if_shadowed);
    Dl_info di;

    if (!env_on("TYPESHIM_VERBOSE"))
        return;
    theirs = dlsym(RTLD_DEFAULT, "MPI_Type_commit");
    if (theirs && object_of(theirs) != self && dladdr(theirs, &di) && di.dli_fname)
        fprintf(stderr,
                "typeshim: MPI_Type_commit of this program is %s's, not libtypeshim's: it is "
                "linked with that library ahead of libtypeshim, so typeshim answers none of its "
                "datatype calls; link -ltypeshim before -lmpich, or preload libtypeshim\n",
                di.dli_fname);
}

int tsl_is_root(MPI_Comm comm, int root)
{
    int inter = 0, rank = -1;

    if (root == MPI_ROOT)
        return 1;
    /* no communicator: MPICH reports it, without a question of ours that
     * would reach the program's error handler first */
    if (root == MPI_PROC_NULL || comm == MPI_COMM_NULL)
        return 0;
    if (tsl_mode() != TSL_LAYERED)
        return root == 0; /* one process */
    /* an intercommunicator's root group says MPI_ROOT; the other sends */
    if (tsl_mpi.Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return inter ? 0 : 1; /* a bad comm: MPICH reports it, the check lets it through */
    if (tsl_mpi.Comm_rank(comm, &rank) != MPI_SUCCESS)
        return 1;
    return rank == root;
}

int tsl_group_size(MPI_Comm comm)
{
    int inter = 0, n = -1;

    if (comm == MPI_COMM_NULL)
        return -1;
    if (tsl_mode() != TSL_LAYERED)
        return 1; /* one process */
    if (tsl_mpi.Comm_test_inter(comm, &inter) != MPI_SUCCESS)
        return -1;
    if ((inter ? tsl_mpi.Comm_remote_size(comm, &n) : tsl_mpi.Comm_size(comm, &n)) != MPI_SUCCESS)
        return -1;
    return n;
}
