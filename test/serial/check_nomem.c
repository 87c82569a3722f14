/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_nomem.c - every allocation of libtypeshim-serial failed in turn.
 *
 * The runtime allocates through libtypeshim's allocator, so the counting
 * allocator of test/api/counting_alloc.h, installed with
 * typeshim_set_alloc_funcs before MPI_Init, sees every block of the
 * process.  A scenario is a body of MPI calls between an unarmed setup
 * and teardown; it runs in a fresh process for N = 1, 2, ... with the
 * N-th allocation of the body failing, until a run reaches no N-th
 * allocation.  With MPI_ERRORS_RETURN on both communicators, each run
 * must end with MPI_SUCCESS or an error of class MPI_ERR_NO_MEM (a body
 * stops at its first error and frees what it made), and leave as many
 * live blocks and live datatypes as before the body: no leak, no
 * half-built object.  The same run again with MPI_ERRORS_ARE_FATAL must
 * stop the process with "out of memory" in the message (MPI-4.1 section
 * 9.4: the runtime says what failed).  MPI_Init itself is a scenario:
 * its failure is fatal (no handler can be set before it), and after
 * MPI_Finalize no block of the runtime is left.
 */
#include "serialtest.h"

#include <stdarg.h>

#include <typeshim.h>

#include "../api/counting_alloc.h"

/* ------------------------------------------------------------ bodies */

#define TRY(call)                                                                                  \
    do {                                                                                           \
        if ((rc = (call)) != MPI_SUCCESS)                                                          \
            goto out;                                                                              \
    } while (0)

static MPI_Datatype vec; /* a derived type, made by the setup */
static int fatal;        /* the run leaves MPI_ERRORS_ARE_FATAL in place */

static void setup_vec(void)
{
    ck_assert_int_eq(MPI_Type_vector(2, 1, 2, MPI_INT, &vec), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&vec), MPI_SUCCESS);
}

static void teardown_vec(void)
{
    ck_assert_int_eq(MPI_Type_free(&vec), MPI_SUCCESS);
}

/* Groups of one process need no memory: made from nothing, freed to
 * nothing, checked here beside the communicators. */
static int body_group(void)
{
    MPI_Group w = MPI_GROUP_NULL, a = MPI_GROUP_NULL, u = MPI_GROUP_NULL, x = MPI_GROUP_NULL;
    int rank0 = 0, rc;

    TRY(MPI_Comm_group(MPI_COMM_WORLD, &w));
    TRY(MPI_Group_incl(w, 1, &rank0, &a));
    TRY(MPI_Group_union(w, a, &u));
    TRY(MPI_Group_excl(u, 1, &rank0, &x));
out:
    if (x != MPI_GROUP_NULL)
        MPI_Group_free(&x);
    if (u != MPI_GROUP_NULL)
        MPI_Group_free(&u);
    if (a != MPI_GROUP_NULL)
        MPI_Group_free(&a);
    if (w != MPI_GROUP_NULL)
        MPI_Group_free(&w);
    return rc;
}

static int dup_copy(MPI_Comm comm, int kv, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)kv, (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int body_comm(void)
{
    MPI_Comm d = MPI_COMM_NULL, e = MPI_COMM_NULL, s = MPI_COMM_NULL, c = MPI_COMM_NULL;
    MPI_Comm i = MPI_COMM_NULL;
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Info info = MPI_INFO_NULL, got = MPI_INFO_NULL;
    MPI_Request r = MPI_REQUEST_NULL;
    int kv = MPI_KEYVAL_INVALID, rc;
    static int val = 7;

    TRY(body_group());
    TRY(MPI_Comm_create_keyval(dup_copy, MPI_COMM_NULL_DELETE_FN, &kv, NULL));
    TRY(MPI_Comm_dup(MPI_COMM_WORLD, &d));
    TRY(MPI_Comm_set_attr(d, kv, &val));
    TRY(MPI_Comm_set_name(d, "dup"));
    TRY(MPI_Info_create(&info));
    TRY(MPI_Info_set(info, "mpi_assert_no_any_tag", "true"));
    TRY(MPI_Info_set(info, "some_hint", "value"));
    TRY(MPI_Comm_set_info(d, info));
    TRY(MPI_Comm_dup_with_info(d, info, &e));
    TRY(MPI_Comm_get_info(e, &got));
    TRY(MPI_Comm_split(e, 0, 0, &s));
    TRY(MPI_Comm_group(s, &g));
    TRY(MPI_Comm_create(s, g, &c));
    TRY(MPI_Comm_idup(c, &i, &r));
    TRY(MPI_Wait(&r, MPI_STATUS_IGNORE));
out:
    if (r != MPI_REQUEST_NULL)
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (i != MPI_COMM_NULL)
        MPI_Comm_free(&i);
    if (c != MPI_COMM_NULL)
        MPI_Comm_free(&c);
    if (g != MPI_GROUP_NULL)
        MPI_Group_free(&g);
    if (s != MPI_COMM_NULL)
        MPI_Comm_free(&s);
    if (got != MPI_INFO_NULL)
        MPI_Info_free(&got);
    if (e != MPI_COMM_NULL)
        MPI_Comm_free(&e);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (d != MPI_COMM_NULL)
        MPI_Comm_free(&d);
    if (kv != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&kv);
    return rc;
}

static int env_keys; /* of MPI_Info_create_env(2, {"prog", "x"}) */

static void setup_info(void)
{
    MPI_Info env;
    char *argv[] = {"prog", "x", NULL};

    ck_assert_int_eq(MPI_Info_create_env(2, argv, &env), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Info_get_nkeys(env, &env_keys), MPI_SUCCESS);
    ck_assert_int_ge(env_keys, 3); /* command, argv, maxprocs at least */
    ck_assert_int_eq(MPI_Info_free(&env), MPI_SUCCESS);
}

static int body_info(void)
{
    MPI_Info a = MPI_INFO_NULL, b = MPI_INFO_NULL, env = MPI_INFO_NULL;
    char *argv[] = {"prog", "x", NULL};
    char v[16];
    int flag, rc;

    TRY(MPI_Info_create(&a));
    TRY(MPI_Info_set(a, "k1", "v1"));
    TRY(MPI_Info_set(a, "k2", "v2"));
    TRY(MPI_Info_set(a, "k1", "v3"));
    TRY(MPI_Info_dup(a, &b));
    TRY(MPI_Info_get(b, "k1", sizeof v - 1, v, &flag));
    TRY(MPI_Info_delete(b, "k2"));
    TRY(MPI_Info_create_env(2, argv, &env));
    /* every key the unarmed setup got (command, argv, maxprocs, host,
     * arch, wdir), or an error */
    TRY(MPI_Info_get_nkeys(env, &flag));
    if (flag != env_keys)
        rc = MPI_ERR_OTHER;
out:
    if (env != MPI_INFO_NULL)
        MPI_Info_free(&env);
    if (b != MPI_INFO_NULL)
        MPI_Info_free(&b);
    if (a != MPI_INFO_NULL)
        MPI_Info_free(&a);
    return rc;
}

static int body_topo(void)
{
    MPI_Comm cart = MPI_COMM_NULL, sub = MPI_COMM_NULL, gr = MPI_COMM_NULL;
    MPI_Comm dg = MPI_COMM_NULL, da = MPI_COMM_NULL;
    int dims[2] = {1, 1}, periods[2] = {1, 0}, remain[2] = {1, 0}, d3[3] = {0, 0, 0};
    int index[1] = {1}, edges[1] = {0}, one = 1, zero = 0, w[1] = {3}, rc;

    TRY(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart));
    TRY(MPI_Cart_sub(cart, remain, &sub));
    TRY(MPI_Graph_create(MPI_COMM_WORLD, 1, index, edges, 0, &gr));
    TRY(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &zero, w, 1, &zero, w, MPI_INFO_NULL, 0,
                                       &da));
    TRY(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &zero, &one, &zero, w, MPI_INFO_NULL, 0, &dg));
    TRY(MPI_Dims_create(1, 3, d3));
    d3[0] = d3[1] = d3[2] = 0; /* the search over divisors of 12 */
    TRY(MPI_Dims_create(12, 3, d3));
out:
    if (dg != MPI_COMM_NULL)
        MPI_Comm_free(&dg);
    if (da != MPI_COMM_NULL)
        MPI_Comm_free(&da);
    if (gr != MPI_COMM_NULL)
        MPI_Comm_free(&gr);
    if (sub != MPI_COMM_NULL)
        MPI_Comm_free(&sub);
    if (cart != MPI_COMM_NULL)
        MPI_Comm_free(&cart);
    return rc;
}

/* Completes what is pending in rs so that a failed body leaves none. */
static void drain(int n, MPI_Request rs[])
{
    for (int k = 0; k < n; k++)
        if (rs[k] != MPI_REQUEST_NULL) {
            int flag = 0;
            MPI_Cancel(&rs[k]);
            MPI_Test(&rs[k], &flag, MPI_STATUS_IGNORE);
            if (rs[k] != MPI_REQUEST_NULL)
                MPI_Request_free(&rs[k]);
        }
}

static int body_p2p(void)
{
    MPI_Status st[2];
    int idx[2], outc, flag;
    int sb[16] = {1, 2, 3, 4}, rb[16], rc;
    MPI_Request rs[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};

    /* queued send, then its receive */
    TRY(MPI_Isend(sb, 2, vec, 0, 1, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Irecv(rb, 2, vec, 0, 1, MPI_COMM_WORLD, &rs[1]));
    TRY(MPI_Waitall(2, rs, st));
    /* posted receive, then its send */
    TRY(MPI_Irecv(rb, 1, vec, 0, 2, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Issend(sb, 1, vec, 0, 2, MPI_COMM_WORLD, &rs[1]));
    TRY(MPI_Waitall(2, rs, st));
    TRY(MPI_Sendrecv(sb, 1, vec, 0, 3, rb, 1, vec, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Sendrecv_replace(rb, 1, vec, 0, 4, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Isendrecv(sb, 1, vec, 0, 5, rb, 1, vec, 0, 5, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Wait(&rs[0], MPI_STATUS_IGNORE));
    /* the array calls look their requests up in a buffer */
    TRY(MPI_Isend(sb, 1, vec, 0, 7, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Irecv(rb, 1, vec, 0, 7, MPI_COMM_WORLD, &rs[1]));
    TRY(MPI_Waitany(2, rs, &idx[0], st));
    TRY(MPI_Testall(2, rs, &flag, st));
    TRY(MPI_Waitall(2, rs, st));
    TRY(MPI_Irecv(rb, 1, vec, 0, 8, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Testsome(1, rs, &outc, idx, st));
    TRY(MPI_Isend(sb, 1, vec, 0, 8, MPI_COMM_WORLD, &rs[1]));
    TRY(MPI_Waitsome(2, rs, &outc, idx, st));
    TRY(MPI_Waitall(2, rs, st));
    /* persistent */
    TRY(MPI_Send_init(sb, 1, vec, 0, 6, MPI_COMM_WORLD, &rs[2]));
    TRY(MPI_Recv_init(rb, 1, vec, 0, 6, MPI_COMM_WORLD, &rs[3]));
    TRY(MPI_Startall(2, &rs[2]));
    TRY(MPI_Waitall(2, &rs[2], st));
    TRY(MPI_Request_free(&rs[2]));
    TRY(MPI_Request_free(&rs[3]));
out:
    drain(4, rs);
    return rc;
}

static int body_probe(void)
{
    int sb[16] = {1, 2}, rb[16], flag, rc;
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Request r = MPI_REQUEST_NULL;

    TRY(MPI_Send(sb, 1, vec, 0, 1, MPI_COMM_WORLD));
    TRY(MPI_Probe(0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Recv(rb, 1, vec, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Send(sb, 1, vec, 0, 2, MPI_COMM_WORLD));
    TRY(MPI_Mprobe(0, 2, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE));
    TRY(MPI_Mrecv(rb, 1, vec, &m, MPI_STATUS_IGNORE));
    TRY(MPI_Send(sb, 1, vec, 0, 3, MPI_COMM_WORLD));
    TRY(MPI_Improbe(0, 3, MPI_COMM_WORLD, &flag, &m, MPI_STATUS_IGNORE));
    TRY(MPI_Imrecv(rb, 1, vec, &m, &r));
    TRY(MPI_Wait(&r, MPI_STATUS_IGNORE));
out:
    if (m != MPI_MESSAGE_NULL) /* a taken message is received to free it */
        MPI_Mrecv(rb, 1, vec, &m, MPI_STATUS_IGNORE);
    drain(1, &r);
    /* a send that went through before the failure waits in the queue */
    for (int tag = 1; tag <= 3; tag++) {
        MPI_Iprobe(0, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag)
            MPI_Recv(rb, 1, vec, 0, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return rc;
}

static void sum(void *in, void *io, int *len, MPI_Datatype *t)
{
    (void)t;
    for (int k = 0; k < *len; k++)
        ((int *)io)[k] += ((int *)in)[k];
}

static int body_coll(void)
{
    MPI_Status st[2];
    int sb[16] = {1, 2, 3, 4}, rb[16], one = 1, zero = 0, rc;
    MPI_Op op = MPI_OP_NULL;
    MPI_Request rs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Datatype types[1];

    types[0] = vec;
    TRY(MPI_Op_create(sum, 1, &op));
    TRY(MPI_Bcast(sb, 1, vec, 0, MPI_COMM_WORLD));
    TRY(MPI_Reduce(sb, rb, 2, MPI_INT, op, 0, MPI_COMM_WORLD));
    TRY(MPI_Allreduce(sb, rb, 1, vec, op, MPI_COMM_WORLD));
    TRY(MPI_Reduce_local(sb, rb, 2, MPI_INT, op));
    TRY(MPI_Allgather(sb, 1, vec, rb, 1, vec, MPI_COMM_WORLD));
    TRY(MPI_Alltoallw(sb, &one, &zero, types, rb, &one, &zero, types, MPI_COMM_WORLD));
    TRY(MPI_Iallreduce(sb, rb, 2, MPI_INT, op, MPI_COMM_WORLD, &rs[0]));
    TRY(MPI_Ibcast(sb, 1, vec, 0, MPI_COMM_WORLD, &rs[1]));
    TRY(MPI_Waitall(2, rs, st));
    TRY(MPI_Allreduce_init(sb, rb, 1, vec, op, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[0]));
    TRY(MPI_Start(&rs[0]));
    TRY(MPI_Wait(&rs[0], MPI_STATUS_IGNORE));
    TRY(MPI_Request_free(&rs[0]));
    TRY(MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &rs[0]));
    TRY(MPI_Request_free(&rs[0]));
out:
    drain(2, rs);
    if (op != MPI_OP_NULL)
        MPI_Op_free(&op);
    return rc;
}

static int body_neighbor(void)
{
    int sb[16] = {1, 2, 3, 4}, rb[16], zero = 0, one = 1, dims[1] = {1}, periods[1] = {1}, rc;
    MPI_Comm cart = MPI_COMM_NULL, dg = MPI_COMM_NULL;
    MPI_Request rs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Aint d[2] = {0, 0};
    MPI_Datatype types[2];

    types[0] = types[1] = vec;
    TRY(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart));
    TRY(MPI_Neighbor_allgather(sb, 1, vec, rb, 1, vec, cart));
    TRY(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &zero, MPI_UNWEIGHTED, 1, &zero,
                                       MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dg));
    TRY(MPI_Ineighbor_alltoall(sb, 1, vec, rb, 1, vec, dg, &rs[0]));
    TRY(MPI_Wait(&rs[0], MPI_STATUS_IGNORE));
    TRY(MPI_Neighbor_alltoallw_init(sb, &one, d, types, rb, &one, d, types, dg, MPI_INFO_NULL,
                                    &rs[1]));
    TRY(MPI_Start(&rs[1]));
    TRY(MPI_Wait(&rs[1], MPI_STATUS_IGNORE));
    TRY(MPI_Request_free(&rs[1]));
out:
    drain(2, rs);
    if (dg != MPI_COMM_NULL)
        MPI_Comm_free(&dg);
    if (cart != MPI_COMM_NULL)
        MPI_Comm_free(&cart);
    return rc;
}

static int body_bsend(void)
{
    void *buf = NULL, *det;
    int sb[16] = {1, 2}, rb[16], size, attached = 0, rc;
    MPI_Request r = MPI_REQUEST_NULL;

    TRY(MPI_Alloc_mem(1024, MPI_INFO_NULL, &buf));
    TRY(MPI_Buffer_attach(buf, 1024));
    attached = 1;
    TRY(MPI_Bsend(sb, 1, vec, 0, 1, MPI_COMM_WORLD));
    TRY(MPI_Recv(rb, 1, vec, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Ibsend(sb, 1, vec, 0, 2, MPI_COMM_WORLD, &r));
    TRY(MPI_Recv(rb, 1, vec, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    TRY(MPI_Wait(&r, MPI_STATUS_IGNORE));
out:
    drain(1, &r);
    {
        int flag;
        MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag)
            MPI_Recv(rb, 1, vec, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (attached)
        MPI_Buffer_detach(&det, &size);
    if (buf)
        MPI_Free_mem(buf);
    return rc;
}

static void eh_fn(MPI_Comm *c, int *code, ...)
{
    (void)c, (void)code;
}

static int body_keyval(void)
{
    int kv = MPI_KEYVAL_INVALID, kv1 = MPI_KEYVAL_INVALID, flag, rc;
    static int a = 1, b = 2;
    void *got;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;

    TRY(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kv, NULL));
    TRY(MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &kv1, NULL));
    TRY(MPI_Comm_set_attr(MPI_COMM_SELF, kv, &a));
    TRY(MPI_Comm_set_attr(MPI_COMM_SELF, kv1, &b));
    TRY(MPI_Comm_set_attr(MPI_COMM_SELF, kv, &b));
    TRY(MPI_Comm_get_attr(MPI_COMM_SELF, kv, &got, &flag));
    TRY(MPI_Comm_delete_attr(MPI_COMM_SELF, kv));
    TRY(MPI_Comm_delete_attr(MPI_COMM_SELF, kv1));
    TRY(MPI_Comm_create_errhandler(eh_fn, &eh));
    TRY(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh));
    TRY(MPI_Comm_set_errhandler(MPI_COMM_SELF, fatal ? MPI_ERRORS_ARE_FATAL : MPI_ERRORS_RETURN));
out:
    MPI_Comm_set_errhandler(MPI_COMM_SELF, fatal ? MPI_ERRORS_ARE_FATAL : MPI_ERRORS_RETURN);
    if (eh != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&eh);
    MPI_Comm_delete_attr(MPI_COMM_SELF, kv);
    MPI_Comm_delete_attr(MPI_COMM_SELF, kv1);
    if (kv1 != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&kv1);
    if (kv != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&kv);
    return rc;
}

/* ------------------------------------------------------------ the loop */

typedef struct scenario {
    const char *name;
    void (*setup)(void);
    int (*body)(void); /* NULL: MPI_Init itself */
    void (*teardown)(void);
} scenario;

/* Child exit statuses: no allocation failed, one failed and was
 * reported, something was wrong (said on stdout). */
enum { RUN_CLEAN = 0, RUN_FAILED_OK = 1, RUN_WRONG = 2 };

/* What the child runs. */
static const scenario *cur;
static long cur_n; /* the allocation that fails; 0: none */
static int warm;   /* the body runs once unarmed first: its tables exist */
static int fatal;  /* MPI_ERRORS_ARE_FATAL left in place */

static void wrong(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void wrong(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
    _exit(RUN_WRONG);
}

/* The body (armed) between setup and teardown; every error
 * MPI_ERR_NO_MEM, and after it as many live blocks and datatypes as
 * before (warm: the body's tables made by the unarmed run). */
static int run_armed(void)
{
    long live0 = nlive, types0 = typeshim_live_types();
    int rc, cls = MPI_SUCCESS, hit;

    ncalls = 0;
    fail_at = cur_n;
    rc = cur->body();
    hit = cur_n > 0 && ncalls >= cur_n;
    fail_at = 0;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    /* a call that did without the memory it asked for skipped work: a
     * type left unheld, a key of an info object left out */
    if (rc == MPI_SUCCESS && hit)
        wrong("allocation %ld failing: the body succeeded\n", cur_n);
    if (rc != MPI_SUCCESS && (cls != MPI_ERR_NO_MEM || !hit))
        wrong("allocation %ld: error class %d, not MPI_ERR_NO_MEM\n", cur_n, cls);
    if (warm && nlive != live0)
        wrong("allocation %ld: %ld blocks leaked\n", cur_n, nlive - live0);
    if (typeshim_live_types() != types0)
        wrong("allocation %ld: %ld datatypes leaked\n", cur_n, typeshim_live_types() - types0);
    return hit;
}

/* The child.  Prints the blocks left after MPI_Finalize: what lives for
 * the process (libtypeshim's handle chunks, MPI_INFO_ENV), the same
 * with or without a failure. */
static void child_body(void)
{
    MPI_Comm d;
    int hit;

    typeshim_set_alloc_funcs(counting_malloc, counting_free);
    if (!cur->body) { /* MPI_Init armed: its failure is fatal */
        ncalls = 0;
        fail_at = cur_n;
    }
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS)
        wrong("allocation %ld: MPI_Init returned an error\n", cur_n);
    if (!cur->body && cur_n > 0 && ncalls >= cur_n) /* MPI_INFO_ENV short of a key */
        wrong("allocation %ld failing: MPI_Init succeeded\n", cur_n);
    if (!fatal) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    }
    if (cur->body) {
        if (cur->setup)
            cur->setup();
        if (warm && cur->body() != MPI_SUCCESS)
            wrong("allocation %ld: the unarmed run failed\n", cur_n);
        hit = run_armed();
        if (cur->teardown)
            cur->teardown();
    } else {
        hit = cur_n > 0 && ncalls >= cur_n;
        fail_at = 0;
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        MPI_Comm_free(&d);
    }
    if (MPI_Finalize() != MPI_SUCCESS)
        wrong("allocation %ld: MPI_Finalize failed\n", cur_n);
    printf("left %ld\n", nlive);
    fflush(stdout);
    _exit(hit ? RUN_FAILED_OK : RUN_CLEAN);
}

static long left_of(const struct child *c)
{
    const char *p = strstr(c->out, "left ");

    ck_assert_msg(p != NULL, "%s: no count of blocks left: %s", cur->name, c->out);
    return strtol(p + 5, NULL, 10);
}

/* Allocation n = 1, 2, ... failing until a run fails none; the number
 * of points failed. */
static long loop(long ref)
{
    struct child c;
    long n;

    for (n = 1; n < 100000; n++) {
        cur_n = n;
        fatal = 0;
        run_child(child_body, &c);
        if (!cur->body && c.exited && c.status != RUN_CLEAN && c.status != RUN_FAILED_OK &&
            c.status != RUN_WRONG && c.status != CHILD_RETURNED) {
            /* MPI_Init failed: the program stopped, saying why */
            ck_assert_msg(strstr(c.err, "MPI_Init") && strstr(c.err, "out of memory"),
                          "init, allocation %ld failing: %s", n, c.err);
            continue;
        }
        ck_assert_msg(c.exited && (c.status == RUN_CLEAN || c.status == RUN_FAILED_OK),
                      "%s%s, allocation %ld failing: exit %d\n%s%s", cur->name,
                      warm ? " (warm)" : "", n, c.status, c.out, c.err);
        /* blocks a failure left behind are found here at the latest;
         * fewer than without failure: a table for the process (info
         * handles, MPI_INFO_ENV works after MPI_Finalize) was not made */
        ck_assert_msg(left_of(&c) <= ref,
                      "%s, allocation %ld failing: %ld blocks left, more than %ld", cur->name, n,
                      left_of(&c), ref);
        if (c.status == RUN_CLEAN)
            break;
        if (!cur->body)
            continue;
        /* the same failure on the default handler: stops, saying why */
        fatal = 1;
        run_child(child_body, &c);
        ck_assert_msg(c.exited && c.status == MPI_ERR_NO_MEM && strstr(c.err, "out of memory"),
                      "%s, allocation %ld failing, fatal: exit %d, stderr: %s", cur->name, n,
                      c.status, c.err);
    }
    return n - 1;
}

/* Classes, codes and strings a program adds: each removed again. */
static int body_user_errors(void)
{
    int cls = -1, code = -1, string = 0, rc;

    TRY(MPI_Add_error_class(&cls));
    TRY(MPI_Add_error_code(cls, &code));
    TRY(MPI_Add_error_string(code, "a program's error"));
    string = 1;
    TRY(MPI_Add_error_string(code, "replaced"));
out:
    if (string)
        MPI_Remove_error_string(code);
    if (code != -1)
        MPI_Remove_error_code(code);
    if (cls != -1)
        MPI_Remove_error_class(cls);
    return rc;
}

static int greq_query(void *state, MPI_Status *st)
{
    (void)state;
    st->MPI_TAG = 5;
    return MPI_SUCCESS;
}

static int greq_free(void *state)
{
    (void)state;
    return MPI_SUCCESS;
}

/* A generalized request, completed and waited for. */
static int body_grequest(void)
{
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Status st;
    int rc;

    TRY(MPI_Grequest_start(greq_query, greq_free, NULL, NULL, &r));
    TRY(MPI_Grequest_complete(r));
    TRY(MPI_Wait(&r, &st));
out:
    if (r != MPI_REQUEST_NULL) {
        MPI_Grequest_complete(r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    return rc;
}

/* A file: opened with hints, a derived view, strided accesses (staged
 * and sieved), a nonblocking one, its hints read back, closed, deleted.
 * File errors go to the file's handler, which a file takes from
 * MPI_FILE_NULL: set as the run asks. */
static int body_file(void)
{
    static int a[16], b[16];
    char path[64];
    MPI_File fh = MPI_FILE_NULL;
    MPI_Info info = MPI_INFO_NULL, used = MPI_INFO_NULL;
    MPI_Request r = MPI_REQUEST_NULL;
    int rc;

    snprintf(path, sizeof path, "/tmp/check_nomem.%ld", (long)getpid());
    MPI_File_set_errhandler(MPI_FILE_NULL, fatal ? MPI_ERRORS_ARE_FATAL : MPI_ERRORS_RETURN);
    TRY(MPI_Info_create(&info));
    TRY(MPI_Info_set(info, "cb_buffer_size", "65536"));
    TRY(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh));
    TRY(MPI_File_set_view(fh, 0, MPI_INT, vec, "native", MPI_INFO_NULL));
    TRY(MPI_File_write_all(fh, a, 4, vec, MPI_STATUS_IGNORE));
    TRY(MPI_File_read_at(fh, 0, b, 4, vec, MPI_STATUS_IGNORE));
    TRY(MPI_File_iwrite_at(fh, 8, a, 2, MPI_INT, &r));
    TRY(MPI_Wait(&r, MPI_STATUS_IGNORE));
    TRY(MPI_File_get_info(fh, &used));
    TRY(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL));
    TRY(MPI_File_write_at(fh, 0, a, 3, MPI_INT, MPI_STATUS_IGNORE));
out:
    if (used != MPI_INFO_NULL)
        MPI_Info_free(&used);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (r != MPI_REQUEST_NULL)
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (fh != MPI_FILE_NULL)
        MPI_File_close(&fh);
    unlink(path);
    return rc;
}

/* A session: hints given and read back, a process set's info and
 * group, a communicator made from it, finalized.  Its errors go to the
 * handlers the body gives, set as the run asks. */
static int body_session(void)
{
    MPI_Errhandler eh = fatal ? MPI_ERRORS_ARE_FATAL : MPI_ERRORS_RETURN;
    MPI_Session s = MPI_SESSION_NULL;
    MPI_Info info = MPI_INFO_NULL, used = MPI_INFO_NULL, pinfo = MPI_INFO_NULL;
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Comm c = MPI_COMM_NULL;
    int rc;

    TRY(MPI_Info_create(&info));
    TRY(MPI_Info_set(info, "thread_level", "MPI_THREAD_SERIALIZED"));
    TRY(MPI_Info_set(info, "org.typeshim.hint", "1"));
    TRY(MPI_Session_init(info, eh, &s));
    TRY(MPI_Session_get_info(s, &used));
    TRY(MPI_Session_get_pset_info(s, "mpi://WORLD", &pinfo));
    TRY(MPI_Group_from_session_pset(s, "mpi://WORLD", &g));
    TRY(MPI_Comm_create_from_group(g, "org.typeshim.nomem", info, eh, &c));
out:
    if (c != MPI_COMM_NULL)
        MPI_Comm_free(&c);
    if (g != MPI_GROUP_NULL)
        MPI_Group_free(&g);
    if (pinfo != MPI_INFO_NULL)
        MPI_Info_free(&pinfo);
    if (used != MPI_INFO_NULL)
        MPI_Info_free(&used);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (s != MPI_SESSION_NULL)
        MPI_Session_finalize(&s);
    return rc;
}

static const scenario scenarios[] = {
    {"init", NULL, NULL, NULL},
    {"comm", NULL, body_comm, NULL},
    {"info", setup_info, body_info, NULL},
    {"topo", NULL, body_topo, NULL},
    {"p2p", setup_vec, body_p2p, teardown_vec},
    {"probe", setup_vec, body_probe, teardown_vec},
    {"coll", setup_vec, body_coll, teardown_vec},
    {"neighbor", setup_vec, body_neighbor, teardown_vec},
    {"bsend", setup_vec, body_bsend, teardown_vec},
    {"keyval", NULL, body_keyval, NULL},
    {"user_errors", NULL, body_user_errors, NULL},
    {"grequest", NULL, body_grequest, NULL},
    {"file", setup_vec, body_file, teardown_vec},
    {"session", NULL, body_session, NULL},
};

START_TEST(test_nomem)
{
    struct child c;
    long ref, cold, hot = 0;

    cur = &scenarios[_i];
    cur_n = 0; /* the reference: no failure */
    warm = fatal = 0;
    run_child(child_body, &c);
    ck_assert_msg(c.exited && c.status == RUN_CLEAN, "%s: exit %d\n%s%s", cur->name, c.status,
                  c.out, c.err);
    ref = left_of(&c);
    cold = loop(ref);
    ck_assert_msg(cold > 0, "%s: no allocation reached", cur->name);
    if (cur->body) {
        warm = 1;
        hot = loop(ref);
    }
    printf("%s: %ld allocation points failed (%ld with its tables made)\n", cur->name, cold, hot);
}
END_TEST

/* The exported pair the runtime allocates with: the installed
 * functions, a block for 0 bytes, NULL freed as nothing. */
START_TEST(test_exported_pair)
{
    void *p;

    typeshim_set_alloc_funcs(counting_malloc, counting_free);
    ncalls = nlive = 0;
    p = typeshim_malloc(0);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(ncalls, 1);
    ck_assert_int_eq(nlive, 1);
    typeshim_free(p);
    typeshim_free(NULL);
    ck_assert_int_eq(nlive, 0);
    fail_at = 2;
    ck_assert_ptr_null(typeshim_malloc(8));
    ck_assert_int_eq(nlive, 0);
    typeshim_set_alloc_funcs(NULL, NULL);
}
END_TEST

/* MPI_Comm_idup whose request cannot be made leaves no duplicate behind:
 * *newcomm is MPI_COMM_NULL, as for every failed constructor.  Each
 * allocation of the call fails in turn, in a process that never made a
 * request (so the request's record is allocated, not reused). */
START_TEST(test_idup_without_request)
{
    MPI_Comm nc;
    MPI_Request r;
    int rc = MPI_ERR_NO_MEM, cls, size = 0;

    typeshim_set_alloc_funcs(counting_malloc, counting_free);
    ck_assert_int_eq(MPI_Init(NULL, NULL), MPI_SUCCESS);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (long n = 1; n < 100 && rc != MPI_SUCCESS; n++) {
        nc = (MPI_Comm)0x1234;
        r = MPI_REQUEST_NULL;
        ncalls = 0;
        fail_at = n;
        rc = MPI_Comm_idup(MPI_COMM_WORLD, &nc, &r);
        fail_at = 0;
        if (rc == MPI_SUCCESS)
            break;
        MPI_Error_class(rc, &cls);
        ck_assert_int_eq(cls, MPI_ERR_NO_MEM);
        ck_assert_msg(nc == MPI_COMM_NULL, "allocation %ld failing: newcomm 0x%x", n, (unsigned)nc);
        ck_assert(r == MPI_REQUEST_NULL);
    }
    ck_assert_int_eq(rc, MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_size(nc, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 1);
    ck_assert_int_eq(MPI_Comm_free(&nc), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    typeshim_set_alloc_funcs(NULL, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nomem");
    TCase *tc = tcase_create("nomem");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_exported_pair);
    tcase_add_test(tc, test_idup_without_request);
    tcase_add_loop_test(tc, test_nomem, 0, (int)(sizeof scenarios / sizeof *scenarios));
    suite_add_tcase(s, tc);
    return st_run(s);
}
