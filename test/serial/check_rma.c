/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_rma: the refusals of one-sided communication in
 * libtypeshim-serial (black box; test/xcheck/xc_rma.c compares the happy
 * paths with MPICH).  Each refusal is checked for its error class, a
 * message that names the function and the argument, and for having
 * changed nothing: the memory of the window and of the origin untouched,
 * the window still usable, no handle made.  Window creation, dead window
 * handles, the epoch rules of MPI-4.1 section 12.5 (an access outside an
 * epoch, an epoch opened inside another, a close without an open, a call
 * that would wait forever), the arguments of the operations of section
 * 12.3, dynamic windows, error handlers of windows (section 12.6.1),
 * their attributes, and windows left at MPI_Finalize.
 */
#include "serialtest.h"

#include <stddef.h>

#include "typeshim.h" /* typeshim_live_types */

#define N 8 /* ints a window exposes: the first half of mem */

static int mem[2 * N]; /* the second half lies past the window's end */
static int buf[N];     /* origin and result buffers */
static int scratch;

/* Values no creation call writes: what a refused one must leave in its
 * output arguments (and MPI_Win_shared_query in its). */
#define MARK_WIN ((MPI_Win)0x5a5a5a5a)
#define MARK_PTR ((void *)&scratch)

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

static void ok(int rc)
{
    ck_assert_int_eq(rc, MPI_SUCCESS);
}

static void poison(void)
{
    for (int i = 0; i < 2 * N; i++)
        mem[i] = 100 + i;
    for (int i = 0; i < N; i++)
        buf[i] = -1 - i;
}

static int untouched(void)
{
    for (int i = 0; i < 2 * N; i++)
        if (mem[i] != 100 + i)
            return 0;
    for (int i = 0; i < N; i++)
        if (buf[i] != -1 - i)
            return 0;
    return 1;
}

/* code is of class cls, and its message names fn and says what (the
 * argument, or why). */
static void says(int code, int cls, const char *fn, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = -1;

    ck_assert_msg(class_of(code) == cls, "%s: class %d, want %d", fn, class_of(code), cls);
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, fn) && strstr(msg, what), "'%s' should name %s and say '%s'", msg, fn,
                  what);
}

/* A window over the first half of mem (disp_unit: an int), its errors
 * returned. */
static MPI_Win open_win(void)
{
    MPI_Win w = MPI_WIN_NULL;

    poison();
    ok(MPI_Win_create(mem, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w));
    ok(MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN));
    return w;
}

/* w moves data (a put and a get under a lock); mem as it was after. */
static void still_usable(MPI_Win w)
{
    int v = 77, back = 0;

    ok(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, w));
    ok(MPI_Put(&v, 1, MPI_INT, 0, N - 1, 1, MPI_INT, w));
    ok(MPI_Get(&back, 1, MPI_INT, 0, N - 1, 1, MPI_INT, w));
    ok(MPI_Win_unlock(0, w));
    ck_assert_int_eq(back, 77);
    ck_assert_int_eq(mem[N - 1], 77);
    mem[N - 1] = 100 + N - 1;
}

static void close_win(MPI_Win *w)
{
    still_usable(*w);
    ok(MPI_Win_free(w));
    ck_assert_int_eq(*w, MPI_WIN_NULL);
}

/* -------------------------------------------------------------- epochs */

/* The epochs a refusal is tried in. */
enum {
    E_FENCE = 1,       /* MPI_Win_fence(0): an epoch with no operation yet */
    E_FENCE_OP = 2,    /* MPI_Win_fence(0), then a get */
    E_LOCK = 4,        /* MPI_Win_lock(MPI_LOCK_SHARED, 0) */
    E_LOCK_ALL = 8,    /* MPI_Win_lock_all */
    E_POST = 16,       /* MPI_Win_post to the process itself */
    E_START = 32,      /* MPI_Win_start towards the process itself */
    E_START_EMPTY = 64 /* MPI_Win_start towards MPI_GROUP_EMPTY */
};

static MPI_Group self_group(void)
{
    MPI_Group g;

    ok(MPI_Comm_group(MPI_COMM_WORLD, &g));
    return g;
}

static void open_epochs(MPI_Win w, int epochs)
{
    MPI_Group self = self_group();

    if (epochs & (E_FENCE | E_FENCE_OP))
        ok(MPI_Win_fence(0, w));
    if (epochs & E_FENCE_OP)
        ok(MPI_Get(&scratch, 1, MPI_INT, 0, 0, 1, MPI_INT, w));
    if (epochs & E_LOCK)
        ok(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, w));
    if (epochs & E_LOCK_ALL)
        ok(MPI_Win_lock_all(0, w));
    if (epochs & E_POST)
        ok(MPI_Win_post(self, 0, w));
    if (epochs & E_START)
        ok(MPI_Win_start(self, 0, w));
    if (epochs & E_START_EMPTY)
        ok(MPI_Win_start(MPI_GROUP_EMPTY, 0, w));
    ok(MPI_Group_free(&self));
}

/* Closes what open_epochs opened, which a refusal must have left open:
 * an access epoch whose MPI_Win_complete was refused (nothing posted)
 * completes once the exposure is posted. */
static void close_epochs(MPI_Win w, int epochs)
{
    MPI_Group self = self_group();

    if ((epochs & E_START) && !(epochs & E_POST))
        ok(MPI_Win_post(self, 0, w));
    if ((epochs & E_POST) && !(epochs & E_START))
        ok(MPI_Win_start(self, 0, w));
    if (epochs & (E_START | E_POST)) {
        ok(MPI_Win_complete(w));
        ok(MPI_Win_wait(w));
    }
    if (epochs & E_START_EMPTY)
        ok(MPI_Win_complete(w));
    if (epochs & E_LOCK)
        ok(MPI_Win_unlock(0, w));
    if (epochs & E_LOCK_ALL)
        ok(MPI_Win_unlock_all(w));
    if (epochs & (E_FENCE | E_FENCE_OP))
        ok(MPI_Win_fence(MPI_MODE_NOSUCCEED, w));
    ok(MPI_Group_free(&self));
}

/* ------------------------------------------- refusals on a live window */

/* Made for each refusal, freed after it. */
static MPI_Datatype raw;        /* contiguous(2, MPI_INT), never committed */
static MPI_Datatype overlap;    /* vector(2, 1, 0, MPI_INT): one int twice */
static MPI_Datatype mixed;      /* struct {int, double} */
static MPI_Datatype one_int;    /* contiguous(1, MPI_INT): derived */
static MPI_Datatype reach_back; /* an int 2 ints before the origin: lb -8 */
static MPI_Op user_op;
static struct mixed {
    int i;
    double d;
} mixed_val;

static void user_fn(void *in, void *io, int *len, MPI_Datatype *t)
{
    (void)in, (void)io, (void)len, (void)t;
}

static void make_types(void)
{
    ok(MPI_Type_contiguous(2, MPI_INT, &raw));
    ok(MPI_Type_vector(2, 1, 0, MPI_INT, &overlap));
    ok(MPI_Type_create_struct(2, (int[]){1, 1},
                              (MPI_Aint[]){offsetof(struct mixed, i), offsetof(struct mixed, d)},
                              (MPI_Datatype[]){MPI_INT, MPI_DOUBLE}, &mixed));
    ok(MPI_Type_contiguous(1, MPI_INT, &one_int));
    ok(MPI_Type_create_indexed_block(1, 1, (int[]){-2}, MPI_INT, &reach_back));
    ok(MPI_Type_commit(&overlap));
    ok(MPI_Type_commit(&reach_back));
    ok(MPI_Type_commit(&mixed));
    ok(MPI_Type_commit(&one_int));
    ok(MPI_Op_create(user_fn, 1, &user_op));
}

static void free_types(void)
{
    ok(MPI_Type_free(&raw));
    ok(MPI_Type_free(&overlap));
    ok(MPI_Type_free(&mixed));
    ok(MPI_Type_free(&one_int));
    ok(MPI_Type_free(&reach_back));
    ok(MPI_Op_free(&user_op));
}

/* An int put to displacement disp and rank of w. */
static int put_at(MPI_Win w, int rank, MPI_Aint disp)
{
    return MPI_Put(buf, 1, MPI_INT, rank, disp, 1, MPI_INT, w);
}

static int put_types(MPI_Win w, int ocount, MPI_Datatype otype, int tcount, MPI_Datatype ttype)
{
    return MPI_Put(buf, ocount, otype, 0, 0, tcount, ttype, w);
}

static int get_types(MPI_Win w, int ocount, MPI_Datatype otype, MPI_Aint disp, int tcount,
                     MPI_Datatype ttype)
{
    return MPI_Get(buf, ocount, otype, 0, disp, tcount, ttype, w);
}

static int acc_op(MPI_Win w, MPI_Datatype type, MPI_Op op)
{
    return MPI_Accumulate(buf, 1, type, 0, 0, 1, type, op, w);
}

/* Epochs. */
static int c_put(MPI_Win w)
{
    return put_at(w, 0, 0);
}
static int c_put_proc_null(MPI_Win w)
{
    return put_at(w, MPI_PROC_NULL, 0);
}
static int c_get(MPI_Win w)
{
    return get_types(w, 1, MPI_INT, 0, 1, MPI_INT);
}
static int c_acc(MPI_Win w)
{
    return acc_op(w, MPI_INT, MPI_SUM);
}
/* rc, of a refused request-based operation that made no request *r. */
static int no_request(int rc, const MPI_Request *r)
{
    ck_assert_int_eq(*r, MPI_REQUEST_NULL);
    return rc;
}
static int c_rput(MPI_Win w)
{
    MPI_Request r = MPI_REQUEST_NULL;

    return no_request(MPI_Rput(buf, 1, MPI_INT, 0, 0, 1, MPI_INT, w, &r), &r);
}
static int c_rget(MPI_Win w)
{
    MPI_Request r = MPI_REQUEST_NULL;

    return no_request(MPI_Rget(buf, 1, MPI_INT, 0, 0, 1, MPI_INT, w, &r), &r);
}
static int c_put_after_nosucceed(MPI_Win w)
{
    ok(MPI_Win_fence(MPI_MODE_NOSUCCEED, w)); /* opens no epoch */
    return c_put(w);
}
static int c_complete(MPI_Win w)
{
    return MPI_Win_complete(w);
}
static int c_wait(MPI_Win w)
{
    return MPI_Win_wait(w);
}
static int c_test_null_flag(MPI_Win w)
{
    return MPI_Win_test(w, NULL);
}
static int start_or_post(MPI_Win w, int post, int assert)
{
    MPI_Group self = self_group();
    int rc = post ? MPI_Win_post(self, assert, w) : MPI_Win_start(self, assert, w);

    ok(MPI_Group_free(&self));
    return rc;
}
static int c_start(MPI_Win w)
{
    return start_or_post(w, 0, 0);
}
static int c_post(MPI_Win w)
{
    return start_or_post(w, 1, 0);
}
static int c_start_assert(MPI_Win w)
{
    return start_or_post(w, 0, 1 << 20);
}
static int c_post_bad_group(MPI_Win w)
{
    return MPI_Win_post((MPI_Group)0x88000123, 0, w);
}
static int c_lock(MPI_Win w)
{
    return MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, w);
}
static int c_lock_type(MPI_Win w)
{
    return MPI_Win_lock(7, 0, 0, w);
}
static int c_lock_rank(MPI_Win w)
{
    return MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, w);
}
static int c_lock_assert(MPI_Win w)
{
    return MPI_Win_lock(MPI_LOCK_SHARED, 0, -1, w);
}
static int c_lock_all(MPI_Win w)
{
    return MPI_Win_lock_all(0, w);
}
static int c_unlock(MPI_Win w)
{
    return MPI_Win_unlock(0, w);
}
static int c_unlock_all(MPI_Win w)
{
    return MPI_Win_unlock_all(w);
}
static int c_flush(MPI_Win w)
{
    return MPI_Win_flush(0, w);
}
static int c_flush_all(MPI_Win w)
{
    return MPI_Win_flush_all(w);
}
static int c_flush_local(MPI_Win w)
{
    return MPI_Win_flush_local(0, w);
}
static int c_fence(MPI_Win w)
{
    return MPI_Win_fence(0, w);
}
static int c_fence_assert(MPI_Win w)
{
    return MPI_Win_fence(MPI_MODE_NOPRECEDE | 0x40000000, w);
}

/* Operations. */
static int c_rank(MPI_Win w)
{
    return put_at(w, 1, 0);
}
static int c_cas_rank(MPI_Win w)
{
    return MPI_Compare_and_swap(buf, buf + 1, buf + 2, MPI_INT, 2, 0, w);
}
static int c_origin_count(MPI_Win w)
{
    return put_types(w, -1, MPI_INT, 1, MPI_INT);
}
static int c_target_count(MPI_Win w)
{
    return get_types(w, 1, MPI_INT, 0, -2, MPI_INT);
}
static int c_count_c(MPI_Win w)
{
    return MPI_Put_c(buf, -3, MPI_INT, 0, 0, 1, MPI_INT, w);
}
static int c_uncommitted_origin(MPI_Win w)
{
    return put_types(w, 1, raw, 2, MPI_INT);
}
static int c_uncommitted_target(MPI_Win w)
{
    return get_types(w, 2, MPI_INT, 0, 1, raw);
}
static int c_null_target_type(MPI_Win w)
{
    return put_types(w, 1, MPI_INT, 1, MPI_DATATYPE_NULL);
}
static int c_signatures(MPI_Win w)
{
    return put_types(w, 2, MPI_INT, 1, MPI_DOUBLE);
}
static int c_counts_differ(MPI_Win w)
{
    return put_types(w, 2, MPI_INT, 3, MPI_INT);
}
static int c_overlap_put(MPI_Win w)
{
    return put_types(w, 2, MPI_INT, 1, overlap);
}
static int c_overlap_get_origin(MPI_Win w)
{
    return get_types(w, 1, overlap, 0, 2, MPI_INT);
}
static int c_negative_disp(MPI_Win w)
{
    return put_at(w, 0, -1);
}
static int c_past_end(MPI_Win w)
{
    return MPI_Put(buf, 2, MPI_INT, 0, N - 1, 2, MPI_INT, w);
}
static int c_before_start(MPI_Win w)
{
    return MPI_Put(buf, 1, MPI_INT, 0, 1, 1, reach_back, w);
}
static int c_far_past_end(MPI_Win w)
{
    return put_at(w, 0, N);
}
static int c_get_past_end(MPI_Win w)
{
    return get_types(w, 3, MPI_INT, N - 2, 3, MPI_INT);
}
static int c_acc_past_end(MPI_Win w)
{
    return MPI_Accumulate(buf, 4, MPI_INT, 0, N - 3, 4, MPI_INT, MPI_SUM, w);
}
/* 2^61 bytes a side: refused by the window's range before any copy of
 * them is asked of malloc (which would answer MPI_ERR_NO_MEM) */
static int c_huge_past_end(MPI_Win w)
{
    static int result[N];
    MPI_Count n = (MPI_Count)1 << 58;

    return MPI_Get_accumulate_c(buf, n, MPI_DOUBLE, result, n, MPI_DOUBLE, 0, 0, n, MPI_DOUBLE,
                                MPI_SUM, w);
}
static int c_user_op(MPI_Win w)
{
    return acc_op(w, MPI_INT, user_op);
}
static int c_no_op(MPI_Win w)
{
    return acc_op(w, MPI_INT, MPI_NO_OP);
}
static int c_raccumulate_no_op(MPI_Win w)
{
    MPI_Request r = MPI_REQUEST_NULL;

    return no_request(MPI_Raccumulate(buf, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, w, &r), &r);
}
static int c_op_null(MPI_Win w)
{
    return acc_op(w, MPI_INT, MPI_OP_NULL);
}
static int c_sum_byte(MPI_Win w)
{
    return acc_op(w, MPI_BYTE, MPI_SUM);
}
static int c_land_double(MPI_Win w)
{
    return MPI_Accumulate(buf, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, MPI_LAND, w);
}
static int c_maxloc_int(MPI_Win w)
{
    return acc_op(w, MPI_INT, MPI_MAXLOC);
}
static int c_acc_mixed(MPI_Win w)
{
    return MPI_Accumulate(&mixed_val, 1, mixed, 0, 0, 1, mixed, MPI_REPLACE, w);
}
static int c_gacc_result(MPI_Win w)
{
    return MPI_Get_accumulate(buf, 1, MPI_INT, buf + 1, 1, MPI_DOUBLE, 0, 0, 1, MPI_INT, MPI_SUM,
                              w);
}
static int c_cas_double(MPI_Win w)
{
    return MPI_Compare_and_swap(buf, buf + 2, buf + 4, MPI_DOUBLE, 0, 0, w);
}
static int c_fop_derived(MPI_Win w)
{
    return MPI_Fetch_and_op(buf, buf + 1, one_int, 0, 0, MPI_SUM, w);
}
static int c_rput_null_request(MPI_Win w)
{
    return MPI_Rput(buf, 1, MPI_INT, 0, 0, 1, MPI_INT, w, NULL);
}

struct refusal {
    const char *what;
    int epochs; /* open around the call */
    int (*call)(MPI_Win w);
    int cls;
    const char *fn, *says;
};

#define SYNC MPI_ERR_RMA_SYNC

static const struct refusal refusals[] = {
    /* MPI-4.1 section 12.5: every access in an epoch, every epoch closed
     * once, none opened inside another of a kind that excludes it */
    {"put outside any epoch", 0, c_put, SYNC, "MPI_Put", "no access epoch"},
    {"get outside any epoch", 0, c_get, SYNC, "MPI_Get", "no access epoch"},
    {"accumulate outside any epoch", 0, c_acc, SYNC, "MPI_Accumulate", "no access epoch"},
    {"put after a fence with MPI_MODE_NOSUCCEED", 0, c_put_after_nosucceed, SYNC, "MPI_Put",
     "no access epoch"},
    {"complete without start", 0, c_complete, SYNC, "MPI_Win_complete", "MPI_Win_start"},
    {"wait without post", 0, c_wait, SYNC, "MPI_Win_wait", "MPI_Win_post"},
    {"wait with no access epoch to end it", E_POST, c_wait, SYNC, "MPI_Win_wait", "forever"},
    {"wait before the access epoch completed", E_POST | E_START, c_wait, SYNC, "MPI_Win_wait",
     "has not called it yet"},
    {"complete towards a target that never posted", E_START, c_complete, SYNC, "MPI_Win_complete",
     "forever"},
    {"put towards a target that never posted", E_START, c_put, SYNC, "MPI_Put", "MPI_Win_post"},
    {"start inside start", E_START, c_start, SYNC, "MPI_Win_start", "open already"},
    {"post inside post", E_POST, c_post, SYNC, "MPI_Win_post", "open already"},
    {"lock inside lock", E_LOCK, c_lock, SYNC, "MPI_Win_lock", "locked already"},
    {"lock_all inside lock", E_LOCK, c_lock_all, SYNC, "MPI_Win_lock_all", "locked already"},
    {"lock inside lock_all", E_LOCK_ALL, c_lock, SYNC, "MPI_Win_lock", "MPI_Win_lock_all"},
    {"start inside a lock", E_LOCK, c_start, SYNC, "MPI_Win_start", "locked already"},
    {"lock inside an exposure epoch", E_POST, c_lock, SYNC, "MPI_Win_lock",
     "post-start-complete-wait"},
    {"unlock without lock", 0, c_unlock, SYNC, "MPI_Win_unlock", "rank=0"},
    {"unlock_all without lock_all", 0, c_unlock_all, SYNC, "MPI_Win_unlock_all", "not locked"},
    {"unlock after lock_all", E_LOCK_ALL, c_unlock, SYNC, "MPI_Win_unlock", "MPI_Win_unlock_all"},
    {"unlock_all after lock", E_LOCK, c_unlock_all, SYNC, "MPI_Win_unlock_all", "not locked"},
    {"flush outside any epoch", 0, c_flush, SYNC, "MPI_Win_flush", "passive target"},
    {"flush_all in a fence epoch", E_FENCE, c_flush_all, SYNC, "MPI_Win_flush_all",
     "passive target"},
    {"flush_local in a post-start epoch", E_POST | E_START, c_flush_local, SYNC,
     "MPI_Win_flush_local", "passive target"},
    {"fence inside a lock", E_LOCK, c_fence, SYNC, "MPI_Win_fence", "lock"},
    {"fence inside a post-start epoch", E_POST | E_START, c_fence, SYNC, "MPI_Win_fence",
     "post-start-complete-wait"},
    {"lock after a fence epoch that made an operation", E_FENCE_OP, c_lock, SYNC, "MPI_Win_lock",
     "fence epoch with 1 operation"},
    {"lock_all after a fence epoch that made an operation", E_FENCE_OP, c_lock_all, SYNC,
     "MPI_Win_lock_all", "fence epoch"},
    {"post after a fence epoch that made an operation", E_FENCE_OP, c_post, SYNC, "MPI_Win_post",
     "fence epoch"},
    /* section 12.3.5: request-based operations in passive target epochs */
    {"MPI_Rput in a fence epoch", E_FENCE, c_rput, SYNC, "MPI_Rput", "request-based"},
    {"MPI_Rget in a post-start epoch", E_POST | E_START, c_rget, SYNC, "MPI_Rget", "request-based"},
    {"put in an access epoch to MPI_GROUP_EMPTY", E_START_EMPTY, c_put, SYNC, "MPI_Put",
     "empty group"},
    {"bad lock type", 0, c_lock_type, MPI_ERR_LOCKTYPE, "MPI_Win_lock", "lock_type=7"},
    {"lock of rank 1", 0, c_lock_rank, MPI_ERR_RANK, "MPI_Win_lock", "rank=1"},
    {"bad assert bits on fence", 0, c_fence_assert, MPI_ERR_ASSERT, "MPI_Win_fence", "assert="},
    {"bad assert bits on start", E_POST, c_start_assert, MPI_ERR_ASSERT, "MPI_Win_start",
     "assert="},
    {"bad assert bits on lock", 0, c_lock_assert, MPI_ERR_ASSERT, "MPI_Win_lock",
     "assert=0xffffffff"},
    {"post to an invalid group", 0, c_post_bad_group, MPI_ERR_GROUP, "MPI_Win_post", "group="},
    {"MPI_Win_test without flag", E_POST, c_test_null_flag, MPI_ERR_ARG, "MPI_Win_test",
     "flag=NULL"},
    /* section 12.3: the arguments of the operations, in a lock epoch */
    {"target_rank 1", E_LOCK, c_rank, MPI_ERR_RANK, "MPI_Put", "target_rank=1"},
    {"compare-and-swap to rank 2", E_LOCK, c_cas_rank, MPI_ERR_RANK, "MPI_Compare_and_swap",
     "target_rank=2"},
    {"negative origin_count", E_LOCK, c_origin_count, MPI_ERR_COUNT, "MPI_Put", "origin_count=-1"},
    {"negative target_count", E_LOCK, c_target_count, MPI_ERR_COUNT, "MPI_Get", "target_count=-2"},
    {"negative count, large-count form", E_LOCK, c_count_c, MPI_ERR_COUNT, "MPI_Put_c",
     "origin_count=-3"},
    {"uncommitted origin_datatype", E_LOCK, c_uncommitted_origin, MPI_ERR_TYPE, "MPI_Put",
     "origin_datatype"},
    {"uncommitted target_datatype", E_LOCK, c_uncommitted_target, MPI_ERR_TYPE, "MPI_Get",
     "target_datatype"},
    {"MPI_DATATYPE_NULL target_datatype", E_LOCK, c_null_target_type, MPI_ERR_TYPE, "MPI_Put",
     "target_datatype"},
    {"origin and target signatures differ", E_LOCK, c_signatures, MPI_ERR_TYPE, "MPI_Put",
     "origin and target datatypes"},
    {"origin and target counts differ", E_LOCK, c_counts_differ, MPI_ERR_TYPE, "MPI_Put",
     "origin and target datatypes"},
    {"put through a target type that overlaps itself", E_LOCK, c_overlap_put, MPI_ERR_TYPE,
     "MPI_Put", "target_datatype"},
    {"get into an origin type that overlaps itself", E_LOCK, c_overlap_get_origin, MPI_ERR_TYPE,
     "MPI_Get", "origin_datatype"},
    {"negative target_disp", E_LOCK, c_negative_disp, MPI_ERR_DISP, "MPI_Put", "target_disp=-1"},
    {"put across the window's end", E_LOCK, c_past_end, MPI_ERR_RMA_RANGE, "MPI_Put",
     "target_disp=7"},
    {"put through a type reaching before the window", E_LOCK, c_before_start, MPI_ERR_RMA_RANGE,
     "MPI_Put", "bytes [-4, 0)"},
    {"put just past the window's end", E_LOCK, c_far_past_end, MPI_ERR_RMA_RANGE, "MPI_Put",
     "target_disp=8"},
    {"get across the window's end", E_LOCK_ALL, c_get_past_end, MPI_ERR_RMA_RANGE, "MPI_Get",
     "target_disp=6"},
    {"accumulate across the window's end", E_FENCE, c_acc_past_end, MPI_ERR_RMA_RANGE,
     "MPI_Accumulate", "target_disp=5"},
    {"get_accumulate of 2^61 bytes a side", E_LOCK, c_huge_past_end, MPI_ERR_RMA_RANGE,
     "MPI_Get_accumulate_c", "target_disp=0"},
    /* section 12.3.4: predefined operations only, defined for the type
     * (section 6.9.2); MPI_NO_OP for the fetching forms only */
    {"accumulate with a user operation", E_LOCK, c_user_op, MPI_ERR_OP, "MPI_Accumulate", "op="},
    {"MPI_NO_OP in MPI_Accumulate", E_LOCK, c_no_op, MPI_ERR_OP, "MPI_Accumulate", "op=MPI_NO_OP"},
    {"MPI_NO_OP in MPI_Raccumulate", E_LOCK, c_raccumulate_no_op, MPI_ERR_OP, "MPI_Raccumulate",
     "op=MPI_NO_OP"},
    {"MPI_OP_NULL", E_LOCK, c_op_null, MPI_ERR_OP, "MPI_Accumulate", "op="},
    {"MPI_SUM on MPI_BYTE", E_LOCK, c_sum_byte, MPI_ERR_OP, "MPI_Accumulate", "op=MPI_SUM"},
    {"MPI_LAND on MPI_DOUBLE", E_LOCK, c_land_double, MPI_ERR_OP, "MPI_Accumulate", "op=MPI_LAND"},
    {"MPI_MAXLOC on MPI_INT", E_LOCK, c_maxloc_int, MPI_ERR_OP, "MPI_Accumulate", "op=MPI_MAXLOC"},
    {"accumulate through a type of int and double", E_LOCK, c_acc_mixed, MPI_ERR_TYPE,
     "MPI_Accumulate", "target_datatype"},
    {"get_accumulate with a result type of another signature", E_LOCK, c_gacc_result, MPI_ERR_TYPE,
     "MPI_Get_accumulate", "result and target datatypes"},
    {"compare-and-swap on MPI_DOUBLE", E_LOCK, c_cas_double, MPI_ERR_TYPE, "MPI_Compare_and_swap",
     "datatype"},
    {"fetch-and-op on a derived type", E_LOCK, c_fop_derived, MPI_ERR_TYPE, "MPI_Fetch_and_op",
     "datatype"},
    {"MPI_Rput without request", E_LOCK_ALL, c_rput_null_request, MPI_ERR_ARG, "MPI_Rput",
     "request=NULL"},
};

START_TEST(test_refusals)
{
    const struct refusal *r = &refusals[_i];
    MPI_Win w;
    int rc;

    returning();
    make_types();
    w = open_win();
    open_epochs(w, r->epochs);
    rc = r->call(w);
    ck_assert_msg(class_of(rc) == r->cls, "%s: class %d, want %d", r->what, class_of(rc), r->cls);
    says(rc, r->cls, r->fn, r->says);
    ck_assert_msg(untouched(), "%s: memory was written", r->what);
    close_epochs(w, r->epochs);
    close_win(&w);
    free_types();
}
END_TEST

/* ------------------------------------------------------------ creation */

static int m_size(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_create(mem, -1, 4, MPI_INFO_NULL, MPI_COMM_WORLD, w);
}
static int m_size_allocate(MPI_Win *w, void *p)
{
    return MPI_Win_allocate(-8, 4, MPI_INFO_NULL, MPI_COMM_WORLD, p, w);
}
static int m_size_shared_c(MPI_Win *w, void *p)
{
    return MPI_Win_allocate_shared_c(-2, 4, MPI_INFO_NULL, MPI_COMM_WORLD, p, w);
}
static int m_disp(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_create(mem, sizeof mem, 0, MPI_INFO_NULL, MPI_COMM_WORLD, w);
}
static int m_disp_c(MPI_Win *w, void *p)
{
    return MPI_Win_allocate_c(16, -4, MPI_INFO_NULL, MPI_COMM_WORLD, p, w);
}
static int m_comm(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_create(mem, sizeof mem, 4, MPI_INFO_NULL, BOGUS_COMM, w);
}
static int m_comm_null(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_NULL, w);
}
static int m_win_null(MPI_Win *w, void *p)
{
    (void)w, (void)p;
    return MPI_Win_create(mem, sizeof mem, 4, MPI_INFO_NULL, MPI_COMM_WORLD, NULL);
}
static int m_baseptr(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_allocate(16, 4, MPI_INFO_NULL, MPI_COMM_WORLD, NULL, w);
}
static int m_baseptr_shared(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_allocate_shared(16, 4, MPI_INFO_NULL, MPI_COMM_WORLD, NULL, w);
}
static int m_info(MPI_Win *w, void *p)
{
    (void)p;
    return MPI_Win_create(mem, sizeof mem, 4, (MPI_Info)0x9c000007, MPI_COMM_WORLD, w);
}
static int m_info_freed(MPI_Win *w, void *p)
{
    MPI_Info info, dead;

    ok(MPI_Info_create(&info));
    dead = info;
    ok(MPI_Info_free(&info));
    return MPI_Win_allocate(16, 4, dead, MPI_COMM_WORLD, p, w);
}

struct make_refusal {
    const char *what;
    int (*call)(MPI_Win *w, void *baseptr);
    int cls;
    const char *fn, *says;
};

static const struct make_refusal make_refusals[] = {
    {"negative size", m_size, MPI_ERR_SIZE, "MPI_Win_create", "size=-1"},
    {"negative size, allocated", m_size_allocate, MPI_ERR_SIZE, "MPI_Win_allocate", "size=-8"},
    {"negative size, shared", m_size_shared_c, MPI_ERR_SIZE, "MPI_Win_allocate_shared_c",
     "size=-2"},
    {"disp_unit 0", m_disp, MPI_ERR_DISP, "MPI_Win_create", "disp_unit=0"},
    {"negative disp_unit", m_disp_c, MPI_ERR_DISP, "MPI_Win_allocate_c", "disp_unit=-4"},
    {"invalid comm", m_comm, MPI_ERR_COMM, "MPI_Win_create", "comm=0x44000007"},
    {"MPI_COMM_NULL", m_comm_null, MPI_ERR_COMM, "MPI_Win_create_dynamic", "comm="},
    {"NULL win", m_win_null, MPI_ERR_ARG, "MPI_Win_create", "win=NULL"},
    {"NULL baseptr", m_baseptr, MPI_ERR_ARG, "MPI_Win_allocate", "baseptr=NULL"},
    {"NULL baseptr, shared", m_baseptr_shared, MPI_ERR_ARG, "MPI_Win_allocate_shared",
     "baseptr=NULL"},
    {"invalid info", m_info, MPI_ERR_INFO, "MPI_Win_create", "info=0x9c000007"},
    {"freed info", m_info_freed, MPI_ERR_INFO, "MPI_Win_allocate", "info="},
};

/* No window is made: win and baseptr keep what they held. */
START_TEST(test_make_refusals)
{
    const struct make_refusal *r = &make_refusals[_i];
    MPI_Win w = MARK_WIN;
    void *base = MARK_PTR;

    returning();
    says(r->call(&w, &base), r->cls, r->fn, r->says);
    ck_assert_msg(w == MARK_WIN, "%s: win was written", r->what);
    ck_assert_msg(base == MARK_PTR, "%s: baseptr was written", r->what);
}
END_TEST

/* MPI-4.1 section 12.6.1: an error of a creation call goes to the
 * communicator's handler (MPI_COMM_WORLD's stays fatal here: were it
 * used, the test would end); the window made starts with
 * MPI_ERRORS_ARE_FATAL, whatever the communicator's. */
START_TEST(test_make_errors_on_comm)
{
    MPI_Comm c;
    MPI_Errhandler eh, got;
    MPI_Win w = MARK_WIN;
    void *base = MARK_PTR;
    int rc;

    ok(MPI_Comm_dup(MPI_COMM_WORLD, &c));
    ok(MPI_Comm_create_errhandler(counting_handler, &eh));
    ok(MPI_Comm_set_errhandler(c, eh));
    rc = MPI_Win_allocate(-1, 4, MPI_INFO_NULL, c, &base, &w);
    says(rc, MPI_ERR_SIZE, "MPI_Win_allocate", "size=-1");
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, c);
    ck_assert_int_eq(handler_code, rc);
    rc = MPI_Win_create_dynamic((MPI_Info)0x9c000007, c, &w);
    says(rc, MPI_ERR_INFO, "MPI_Win_create_dynamic", "info=");
    ck_assert_int_eq(handler_calls, 2);
    ck_assert_int_eq(handler_comm, c);
    ck_assert_int_eq(handler_code, rc);
    ck_assert(w == MARK_WIN && base == MARK_PTR);
    ok(MPI_Win_create_dynamic(MPI_INFO_NULL, c, &w));
    ok(MPI_Win_get_errhandler(w, &got));
    ck_assert_int_eq(got, MPI_ERRORS_ARE_FATAL);
    ok(MPI_Errhandler_free(&got));
    ok(MPI_Win_free(&w));
    ok(MPI_Errhandler_free(&eh));
    ok(MPI_Comm_free(&c));
}
END_TEST

/* ------------------------------------------------- dead window handles */

static int world_calls; /* counting_handler's calls expected */

/* rc, just returned, is MPI_ERR_WIN, raised on MPI_COMM_WORLD. */
static void on_world(int rc, const char *fn, const char *what)
{
    says(rc, MPI_ERR_WIN, fn, what);
    ck_assert_int_eq(handler_calls, ++world_calls);
    ck_assert_int_eq(handler_comm, MPI_COMM_WORLD);
    ck_assert_int_eq(handler_code, rc);
}

/* A freed window and MPI_WIN_NULL are MPI_ERR_WIN, raised on
 * MPI_COMM_WORLD's handler: they have none of their own.  The handle
 * given to MPI_Win_free stays as it was. */
START_TEST(test_dead_window)
{
    MPI_Errhandler eh;
    MPI_Win w = open_win(), dead = w, null = MPI_WIN_NULL;

    ok(MPI_Comm_create_errhandler(counting_handler, &eh));
    ok(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
    ok(MPI_Win_free(&w));
    on_world(put_at(dead, 0, 0), "MPI_Put", "win=");
    on_world(MPI_Win_free(&dead), "MPI_Win_free", "win=");
    ck_assert_int_ne(dead, MPI_WIN_NULL);
    on_world(MPI_Win_fence(0, dead), "MPI_Win_fence", "win=");
    on_world(MPI_Win_set_errhandler(dead, MPI_ERRORS_RETURN), "MPI_Win_set_errhandler", "win=");
    on_world(MPI_Win_call_errhandler(dead, MPI_ERR_OTHER), "MPI_Win_call_errhandler", "win=");
    on_world(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, MPI_WIN_NULL), "MPI_Win_lock", "MPI_WIN_NULL");
    on_world(MPI_Win_get_group(MPI_WIN_NULL, &(MPI_Group){0}), "MPI_Win_get_group", "MPI_WIN_NULL");
    on_world(MPI_Win_free(&null), "MPI_Win_free", "MPI_WIN_NULL");
    ck_assert_int_eq(null, MPI_WIN_NULL);
    returning();
    says(MPI_Win_free(NULL), MPI_ERR_ARG, "MPI_Win_free", "win=NULL");
    ok(MPI_Errhandler_free(&eh));
    ck_assert(untouched());
}
END_TEST

/* ---------------------------------------------------- epochs accepted */

/* An idle MPI_Win_fence(0) ends where a lock or a post-start epoch
 * begins: programs close fence phases so. */
START_TEST(test_idle_fence_then_lock)
{
    MPI_Win w = open_win();
    int v = 5;

    ok(MPI_Win_fence(0, w));
    ok(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, MPI_MODE_NOCHECK, w));
    ok(MPI_Put(&v, 1, MPI_INT, 0, 2, 1, MPI_INT, w));
    ok(MPI_Win_unlock(0, w));
    ck_assert_int_eq(mem[2], 5);
    mem[2] = 102;
    ok(MPI_Win_fence(MPI_MODE_NOPUT | MPI_MODE_NOSTORE, w));
    open_epochs(w, E_POST | E_START);
    close_epochs(w, E_POST | E_START);
    ck_assert(untouched());
    close_win(&w);
}
END_TEST

/* MPI_Win_wait would wait forever for an exposure no access epoch ends;
 * MPI_Win_test says 0, and 1 once one ended it (MPI-4.1 section
 * 12.5.2). */
START_TEST(test_win_test)
{
    MPI_Group self = self_group();
    MPI_Win w = open_win();
    int flag = -1, v = 9;

    ok(MPI_Win_post(self, 0, w));
    ok(MPI_Win_test(w, &flag));
    ck_assert_int_eq(flag, 0);
    ok(MPI_Win_test(w, &flag));
    ck_assert_int_eq(flag, 0);
    ok(MPI_Win_start(self, 0, w));
    ok(MPI_Put(&v, 1, MPI_INT, 0, 1, 1, MPI_INT, w));
    ok(MPI_Win_complete(w));
    ok(MPI_Win_test(w, &flag));
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(mem[1], 9);
    mem[1] = 101;
    says(MPI_Win_test(w, &flag), SYNC, "MPI_Win_test", "MPI_Win_post"); /* ended */
    ok(MPI_Group_free(&self));
    close_win(&w);
}
END_TEST

/* Epochs of the empty group end at once; MPI_PROC_NULL is a target that
 * takes nothing, whatever the displacement (MPI-4.1 section 12.3), in an
 * epoch or outside one (as MPICH: a lock of MPI_PROC_NULL opens none). */
START_TEST(test_empty_group_and_proc_null)
{
    MPI_Win w = open_win();
    MPI_Request r;
    int flag = 0;

    ok(MPI_Win_post(MPI_GROUP_EMPTY, 0, w));
    ok(MPI_Win_test(w, &flag));
    ck_assert_int_eq(flag, 1);
    open_epochs(w, E_START_EMPTY);
    close_epochs(w, E_START_EMPTY);
    ok(c_put_proc_null(w));
    ok(MPI_Win_lock(MPI_LOCK_SHARED, MPI_PROC_NULL, 0, w));
    ok(c_put_proc_null(w));
    ok(MPI_Win_unlock(MPI_PROC_NULL, w));
    open_epochs(w, E_LOCK_ALL);
    ok(put_at(w, MPI_PROC_NULL, 2 * N));
    ok(MPI_Get(buf, 2, MPI_INT, MPI_PROC_NULL, 0, 2, MPI_INT, w));
    ok(MPI_Accumulate(buf, 2, MPI_INT, MPI_PROC_NULL, N, 2, MPI_INT, MPI_SUM, w));
    ok(MPI_Fetch_and_op(buf, buf + 1, MPI_INT, MPI_PROC_NULL, 0, MPI_SUM, w));
    ok(MPI_Compare_and_swap(buf, buf + 1, buf + 2, MPI_INT, MPI_PROC_NULL, 0, w));
    ok(MPI_Rput(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, w, &r));
    ok(MPI_Wait(&r, MPI_STATUS_IGNORE));
    close_epochs(w, E_LOCK_ALL);
    ck_assert(untouched());
    close_win(&w);
}
END_TEST

/* A get may read through a target type that overlaps itself: only a
 * written side must not (MPI-4.1 section 12.3). */
START_TEST(test_get_overlapping_target)
{
    MPI_Win w = open_win();

    make_types();
    open_epochs(w, E_FENCE);
    ok(MPI_Get(buf, 2, MPI_INT, 0, 3, 1, overlap, w));
    close_epochs(w, E_FENCE);
    ck_assert(buf[0] == 103 && buf[1] == 103 && buf[2] == -3);
    free_types();
    close_win(&w);
}
END_TEST

/* An accumulate's type may be derived when made of one predefined type
 * (MPI-4.1 section 12.3.4); the runtime frees the types it decoded to
 * find it. */
START_TEST(test_acc_one_basic_type)
{
    MPI_Win w = open_win();
    MPI_Datatype pair, vec;
    long live;

    ok(MPI_Type_contiguous(2, MPI_INT, &pair));
    ok(MPI_Type_create_hvector(2, 1, 3 * sizeof(int), pair, &vec));
    ok(MPI_Type_commit(&vec));
    live = typeshim_live_types();
    open_epochs(w, E_LOCK);
    ok(MPI_Accumulate(buf, 4, MPI_INT, 0, 1, 1, vec, MPI_SUM, w));
    close_epochs(w, E_LOCK);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert(mem[1] == 100 && mem[2] == 100 && mem[3] == 103 && mem[4] == 101 && mem[5] == 101);
    ok(MPI_Type_free(&vec));
    ok(MPI_Type_free(&pair));
    close_win(&w);
}
END_TEST

/* MPI_Win_free is refused while a lock is open (MPI-4.1 section
 * 12.2.5); the window stays, usable, and is freed once unlocked. */
START_TEST(test_free_locked)
{
    MPI_Win w = open_win(), before = w;

    open_epochs(w, E_LOCK);
    says(MPI_Win_free(&w), SYNC, "MPI_Win_free", "lock");
    ck_assert_int_eq(w, before);
    close_epochs(w, E_LOCK);
    open_epochs(w, E_POST);
    says(MPI_Win_free(&w), SYNC, "MPI_Win_free", "exposure epoch");
    close_epochs(w, E_POST);
    close_win(&w);
}
END_TEST

/* ------------------------------------------------------ window memory */

/* A dynamic window reaches attached memory only (MPI-4.1 section
 * 12.2.4): a target outside it, or across a region's end, is
 * MPI_ERR_RMA_RANGE; regions may not overlap; detach takes the address
 * attached. */
START_TEST(test_dynamic)
{
    MPI_Win w;
    MPI_Aint at, elsewhere;
    int v[2] = {5, 6};

    returning();
    poison();
    ok(MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &w));
    ok(MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN));
    ok(MPI_Win_attach(w, mem, N * sizeof(int)));
    says(MPI_Win_attach(w, mem + N - 1, 2 * sizeof(int)), MPI_ERR_RMA_ATTACH, "MPI_Win_attach",
         "overlaps");
    says(MPI_Win_attach(w, mem + N, -1), MPI_ERR_SIZE, "MPI_Win_attach", "size=-1");
    says(MPI_Win_attach(w, NULL, 4), MPI_ERR_ARG, "MPI_Win_attach", "base=NULL");
    says(MPI_Win_detach(w, mem + 1), MPI_ERR_ARG, "MPI_Win_detach", "base=");
    ok(MPI_Get_address(mem, &at));
    ok(MPI_Get_address(buf, &elsewhere));
    ok(MPI_Win_lock_all(0, w));
    says(MPI_Put(v, 2, MPI_INT, 0, at + (N - 1) * (MPI_Aint)sizeof(int), 2, MPI_INT, w),
         MPI_ERR_RMA_RANGE, "MPI_Put", "not inside memory attached");
    says(MPI_Put(v, 1, MPI_INT, 0, elsewhere, 1, MPI_INT, w), MPI_ERR_RMA_RANGE, "MPI_Put",
         "target_disp=");
    ck_assert(untouched());
    ok(MPI_Put(v, 2, MPI_INT, 0, at, 2, MPI_INT, w));
    ck_assert(mem[0] == 5 && mem[1] == 6);
    ok(MPI_Win_unlock_all(w));
    ok(MPI_Win_detach(w, mem));
    ok(MPI_Win_lock_all(0, w));
    says(MPI_Get(v, 1, MPI_INT, 0, at, 1, MPI_INT, w), MPI_ERR_RMA_RANGE, "MPI_Get",
         "not inside memory attached");
    ok(MPI_Win_unlock_all(w));
    ck_assert(v[0] == 5);
    ok(MPI_Win_free(&w));
}
END_TEST

/* Attach and detach are for dynamic windows, shared_query for shared
 * ones (MPI_ERR_RMA_FLAVOR, MPI-4.1 section 12.6.2); outputs untouched. */
START_TEST(test_wrong_flavour)
{
    MPI_Win w = open_win(), d;
    MPI_Aint size = -5;
    int du = -5;
    void *base = MARK_PTR;

    says(MPI_Win_attach(w, buf, sizeof buf), MPI_ERR_RMA_FLAVOR, "MPI_Win_attach",
         "MPI_Win_create_dynamic");
    says(MPI_Win_detach(w, mem), MPI_ERR_RMA_FLAVOR, "MPI_Win_detach", "MPI_Win_create_dynamic");
    says(MPI_Win_shared_query(w, 0, &size, &du, &base), MPI_ERR_RMA_FLAVOR, "MPI_Win_shared_query",
         "MPI_Win_allocate_shared");
    ok(MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &d));
    ok(MPI_Win_set_errhandler(d, MPI_ERRORS_RETURN));
    says(MPI_Win_shared_query(d, MPI_PROC_NULL, &size, &du, &base), MPI_ERR_RMA_FLAVOR,
         "MPI_Win_shared_query", "MPI_Win_allocate_shared");
    ck_assert(size == -5 && du == -5 && base == MARK_PTR);
    ok(MPI_Win_free(&d));
    ck_assert(untouched());
    close_win(&w);
}
END_TEST

/* A shared window has one segment, rank 0's (MPI-4.1 section 12.2.3). */
START_TEST(test_shared_query_rank)
{
    MPI_Win w;
    MPI_Aint size = -5;
    int du = -5;
    void *base = MARK_PTR, *mine = NULL;

    ok(MPI_Win_allocate_shared(16, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &w));
    ok(MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN));
    says(MPI_Win_shared_query(w, 1, &size, &du, &base), MPI_ERR_RANK, "MPI_Win_shared_query",
         "rank=1");
    says(MPI_Win_shared_query(w, 0, &size, NULL, &base), MPI_ERR_ARG, "MPI_Win_shared_query",
         "disp_unit=NULL");
    ck_assert(size == -5 && du == -5 && base == MARK_PTR);
    ok(MPI_Win_shared_query(w, 0, &size, &du, &base));
    ck_assert(size == 16 && du == 4 && base == mine);
    ok(MPI_Win_free(&w));
}
END_TEST

/* ------------------------------------------------------ error handlers */

static int win_calls;
static MPI_Win win_seen;
static int win_code;

static void win_handler(MPI_Win *win, int *code, ...)
{
    win_calls++;
    win_seen = *win;
    win_code = *code;
}

/* A window's handler gets the window and the code it returned; the
 * program's handle to it may go, the window keeps its own. */
START_TEST(test_win_handler_called)
{
    MPI_Win w = open_win();
    MPI_Errhandler eh, got;
    int rc;

    ok(MPI_Win_create_errhandler(win_handler, &eh));
    ok(MPI_Win_set_errhandler(w, eh));
    ok(MPI_Errhandler_free(&eh));
    rc = c_put(w);
    says(rc, SYNC, "MPI_Put", "no access epoch");
    ck_assert_int_eq(win_calls, 1);
    ck_assert_int_eq(win_seen, w);
    ck_assert_int_eq(win_code, rc);
    /* MPI_Win_call_errhandler passes the code as it is, and succeeds */
    ok(MPI_Win_call_errhandler(w, rc));
    ck_assert(win_calls == 2 && win_code == rc);
    ok(MPI_Win_call_errhandler(w, MPI_ERR_RMA_CONFLICT));
    ck_assert(win_calls == 3 && win_code == MPI_ERR_RMA_CONFLICT);
    ok(MPI_Win_get_errhandler(w, &got));
    ok(MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN));
    ok(MPI_Win_set_errhandler(w, got)); /* still a live handler */
    ok(MPI_Errhandler_free(&got));
    ck_assert(untouched());
    close_win(&w);
    ck_assert_int_eq(win_calls, 3);
}
END_TEST

/* A handler made for windows is no communicator's, and the other way
 * round (MPI-4.1 section 9.3): refused with MPI_ERR_ARG on the object's
 * own handler, which stays. */
START_TEST(test_handler_kinds)
{
    MPI_Win w = open_win();
    MPI_Errhandler weh, ceh, got;
    int rc;

    returning();
    ok(MPI_Win_create_errhandler(win_handler, &weh));
    ok(MPI_Comm_create_errhandler(counting_handler, &ceh));
    says(MPI_Comm_set_errhandler(MPI_COMM_WORLD, weh), MPI_ERR_ARG, "MPI_Comm_set_errhandler",
         "errhandler=");
    ok(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got));
    ck_assert_int_eq(got, MPI_ERRORS_RETURN);
    ok(MPI_Errhandler_free(&got));
    ok(MPI_Win_set_errhandler(w, weh));
    rc = MPI_Win_set_errhandler(w, ceh);
    says(rc, MPI_ERR_ARG, "MPI_Win_set_errhandler", "errhandler=");
    ck_assert(win_calls == 1 && win_seen == w && win_code == rc);
    ck_assert_int_eq(handler_calls, 0);
    ok(MPI_Win_get_errhandler(w, &got));
    ck_assert_int_eq(got, weh);
    ok(MPI_Errhandler_free(&got));
    ok(MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN));
    ok(MPI_Errhandler_free(&weh));
    ok(MPI_Errhandler_free(&ceh));
    close_win(&w);
}
END_TEST

static void body_fatal_put(void)
{
    MPI_Win w;

    MPI_Init(NULL, NULL);
    /* the window's handler decides, not MPI_COMM_WORLD's */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Win_create(mem, sizeof mem, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
    printf("0x%x", (unsigned)w);
    put_at(w, 0, 0);
}

static void body_fatal_named(void)
{
    MPI_Win w;

    MPI_Init(NULL, NULL);
    MPI_Win_create(mem, sizeof mem, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
    MPI_Win_set_name(w, "halo");
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, w);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, w);
}

/* A window starts with MPI_ERRORS_ARE_FATAL (MPI-4.1 section 12.6.1):
 * the process ends with the error class as its status, saying which
 * window: its handle, or its name. */
START_TEST(test_fatal_default)
{
    char head[128];
    struct child c;

    run_child(body_fatal_put, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_RMA_SYNC);
    snprintf(head, sizeof head, "typeshim: rank 0: fatal error on window %.32s: MPI_Put", c.out);
    ck_assert_msg(strncmp(c.err, head, strlen(head)) == 0, "stderr '%s', want '%s...'", c.err,
                  head);
    run_child(body_fatal_named, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_RMA_SYNC);
    ck_assert_ptr_nonnull(strstr(c.err, "fatal error on window halo: MPI_Win_lock"));
}
END_TEST

/* ---------------------------------------------------------- attributes */

static int delete_rc, delete_calls;

static int deleting(MPI_Win win, int keyval, void *val, void *extra)
{
    (void)win, (void)keyval, (void)val, (void)extra;
    delete_calls++;
    return delete_rc;
}

/* Window keyvals only, and not the predefined attributes (MPI-4.1
 * section 12.2.6); a keyval freed once is no keyval. */
START_TEST(test_attr_keyvals)
{
    MPI_Win w = open_win();
    int ck, wk, copy, flag = 0;
    void *v = NULL;

    returning();
    ok(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &wk, NULL));
    ok(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &ck, NULL));
    says(MPI_Win_set_attr(w, ck, buf), MPI_ERR_KEYVAL, "MPI_Win_set_attr", "win_keyval=");
    says(MPI_Win_set_attr(w, MPI_WIN_BASE, buf), MPI_ERR_KEYVAL, "MPI_Win_set_attr", "predefined");
    says(MPI_Win_delete_attr(w, MPI_WIN_SIZE), MPI_ERR_KEYVAL, "MPI_Win_delete_attr", "predefined");
    ok(MPI_Win_get_attr(w, MPI_WIN_BASE, &v, &flag));
    ck_assert(flag == 1 && v == mem);
    ok(MPI_Win_get_attr(w, wk, &v, &flag));
    ck_assert_int_eq(flag, 0);
    copy = wk;
    ok(MPI_Win_free_keyval(&wk));
    ck_assert_int_eq(wk, MPI_KEYVAL_INVALID);
    says(MPI_Win_free_keyval(&copy), MPI_ERR_KEYVAL, "MPI_Win_free_keyval", "win_keyval=");
    says(MPI_Win_set_attr(w, copy, buf), MPI_ERR_KEYVAL, "MPI_Win_set_attr", "win_keyval=");
    ok(MPI_Comm_free_keyval(&ck));
    close_win(&w);
}
END_TEST

/* A delete callback's error stops MPI_Win_free with that error (MPI-4.1
 * section 7.7.3): the window stays, attribute included, usable; freed
 * once the callback agrees. */
START_TEST(test_attr_delete_fails)
{
    MPI_Win w = open_win(), before = w;
    int k, flag = 0;
    void *v = NULL;

    ok(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, deleting, &k, NULL));
    ok(MPI_Win_set_attr(w, k, buf));
    delete_rc = MPI_ERR_INTERN;
    says(MPI_Win_free(&w), MPI_ERR_INTERN, "MPI_Win_free", "delete callback");
    ck_assert_int_eq(w, before);
    ck_assert_int_eq(delete_calls, 1);
    ok(MPI_Win_get_attr(w, k, &v, &flag));
    ck_assert(flag == 1 && v == buf);
    still_usable(w);
    delete_rc = MPI_SUCCESS;
    ok(MPI_Win_free(&w));
    ck_assert_int_eq(delete_calls, 2);
    ck_assert_int_eq(w, MPI_WIN_NULL);
    ok(MPI_Win_free_keyval(&k));
}
END_TEST

/* ------------------------------------------------------------- leaks */

static int finalize_rc = -1;

static void body_left_at_finalize(void)
{
    MPI_Win w[5];
    MPI_Errhandler eh;
    MPI_Info info;
    void *base;
    int k;

    MPI_Init(NULL, NULL);
    MPI_Info_create(&info);
    MPI_Info_set(info, "no_locks", "true");
    MPI_Win_create(mem, sizeof mem, 4, info, MPI_COMM_WORLD, &w[0]);
    MPI_Win_allocate(64, 8, info, MPI_COMM_WORLD, &base, &w[1]);
    MPI_Win_allocate_shared(32, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w[2]);
    MPI_Win_create_dynamic(info, MPI_COMM_WORLD, &w[3]);
    MPI_Win_attach(w[3], buf, sizeof buf);
    MPI_Win_allocate(0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w[4]);
    MPI_Info_free(&info);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, deleting, &k, NULL);
    MPI_Win_set_attr(w[1], k, buf);
    MPI_Win_create_errhandler(win_handler, &eh);
    MPI_Win_set_errhandler(w[2], eh);
    MPI_Win_set_name(w[0], "left");
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, w[0]);
    MPI_Win_post(MPI_GROUP_EMPTY, 0, w[4]);
    finalize_rc = MPI_Finalize();
    printf("finalize %d, delete callbacks %d", finalize_rc, delete_calls);
    fflush(stdout); /* run_child ends the child with _exit */
}

/* Windows left at MPI_Finalize, with their memory, hints, attributes,
 * handler, regions and epochs, are erroneous (MPI-4.1 section 12.2.5)
 * but end quietly and leave nothing (valgrind, in CI, sees the child's
 * heap at its exit). */
START_TEST(test_left_at_finalize)
{
    struct child c;

    run_child(body_left_at_finalize, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, CHILD_RETURNED);
    ck_assert_str_eq(c.out, "finalize 0, delete callbacks 0");
    ck_assert_str_eq(c.err, "");
}
END_TEST

static Suite *rma_suite(void)
{
    Suite *s = suite_create("rma");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_loop_test(tc, test_refusals, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_loop_test(tc, test_make_refusals, 0,
                        (int)(sizeof make_refusals / sizeof make_refusals[0]));
    tcase_add_test(tc, test_make_errors_on_comm);
    tcase_add_test(tc, test_dead_window);
    tcase_add_test(tc, test_idle_fence_then_lock);
    tcase_add_test(tc, test_win_test);
    tcase_add_test(tc, test_empty_group_and_proc_null);
    tcase_add_test(tc, test_get_overlapping_target);
    tcase_add_test(tc, test_acc_one_basic_type);
    tcase_add_test(tc, test_free_locked);
    tcase_add_test(tc, test_dynamic);
    tcase_add_test(tc, test_wrong_flavour);
    tcase_add_test(tc, test_shared_query_rank);
    tcase_add_test(tc, test_win_handler_called);
    tcase_add_test(tc, test_handler_kinds);
    tcase_add_test(tc, test_attr_keyvals);
    tcase_add_test(tc, test_attr_delete_fails);
    suite_add_tcase(s, tc);

    tc = tcase_create("children"); /* each body runs MPI_Init in its own child */
    tcase_add_test(tc, test_fatal_default);
    tcase_add_test(tc, test_left_at_finalize);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(rma_suite());
}
