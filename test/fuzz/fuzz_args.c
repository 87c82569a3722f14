/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_args: the bytes of an input choose a sequence of calls to the
 * exported MPI functions of libtypeshim and libtypeshim-serial, each with
 * forged arguments (fuzz_args_gen.h): live, freed, null, garbage and
 * wrong-kind handles, counts near 0, INT_MAX, 2^31 and 2^63, bad ranks
 * and tags, NULL outputs and arrays.  Every call must return MPI_SUCCESS
 * or a code whose class MPI_Error_class gives, between MPI_SUCCESS and
 * MPI_ERR_LASTCODE; a crash, a sanitizer report or a hang is a bug.  When
 * the input ends, everything it made is freed and typeshim_live_types()
 * must be back where it started (a leak aborts).
 *
 * Pointers to user memory are never forged: the harness owns the buffers
 * and sizes each one to what the call may touch by the MPI standard (a
 * (buf, count, datatype) triple lies at the end of a static arena, so a
 * write past its type map is a global-buffer-overflow; a buffer of
 * declared size, such as MPI_Pack's outbuf, is allocated at exactly that
 * size).  A forged handle or count is fair game; a forged address is not.
 *
 * The table of called functions is fz_fns[] (F(name) rows, in
 * fuzz_args_calls.h), the
 * only list; test/fuzz/check-args-coverage.sh checks that it and the skip
 * list cover every MPI_ name of lib/typeshim.sym and
 * lib/typeshim-serial.sym.
 *
 * Not called, by design (the skip list, one name a line):
 * SKIP-BEGIN
 *   MPI_Abort            ends the process
 *   MPI_Finalize         ends MPI for the process; nothing could follow
 *   MPI_Init             called once, at start-up (MPI-4.1 section 11.2.1)
 *   MPI_Init_thread      called once, at start-up
 *   MPI_F_STATUS_IGNORE  a variable, not a function (passed as an argument)
 *   MPI_F_STATUSES_IGNORE  the same
 *   MPI_UNWEIGHTED       a variable, not a function (passed as an argument)
 *   MPI_WEIGHTS_EMPTY    a variable, not a function (passed as an argument)
 *   MPIR_Dup_fn          a callback (MPI_TYPE_DUP_FN, MPI_COMM_DUP_FN): passed
 *                        to the keyval constructors, called by MPI
 * SKIP-END
 * MPI_Buffer_attach(_c) and MPI_Free_mem are called with the harness's
 * own memory only (bsend_buf, MPI_Alloc_mem's blocks): a forged address
 * there is the caller's broken promise, not a library bug.
 *
 * Blocking calls: the runtime runs at MPI_THREAD_SINGLE here, where a
 * receive, probe or synchronous send that nothing can match fails with
 * MPI_ERR_OTHER at once instead of waiting (lib/serial/tss.h), so they
 * are all called.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <mpi.h>

#include "typeshim.h"

#include "fuzz_args_gen.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- buffers -------------------------------------------------------- */

#define ARENA    (1 << 16)
#define WORK_MAX ((MPI_Count)1 << 26) /* bytes a call may be asked to move */
static unsigned char arena[3][ARENA];

/* Where (count, t) at byte displacement disp (plus del extents) fits at
 * the end of arena r.  A valid t whose type map does not fit gets *n = 1,
 * then 0: the harness never passes a buffer MPI would let the call
 * overrun.  An invalid t or a negative count must be refused, so the
 * buffer does not matter then. */
static void *place(int r, MPI_Count *n, MPI_Datatype t, MPI_Aint dbytes, MPI_Count del)
{
    uintptr_t end = (uintptr_t)(arena[r] + ARENA);
    MPI_Count tlb, text, lb, ext, step, d, lo, hi, span, size, work;

    if (*n <= 0 || MPI_Type_get_true_extent_x(t, &tlb, &text) != MPI_SUCCESS ||
        MPI_Type_get_extent_x(t, &lb, &ext) != MPI_SUCCESS ||
        MPI_Type_size_x(t, &size) != MPI_SUCCESS)
        return (void *)(end - 64);
    /* Elements of a zero extent all fit, however many: a count whose bytes
     * are representable but huge (2^50) is valid work no input can wait
     * for.  Past MPI_Count it stays, for the overflow checks. */
    if (*n > 1 && size > 0 && !__builtin_mul_overflow(*n, size, &work) && work > WORK_MAX)
        *n = 1;
    for (;;) {
        if (!__builtin_mul_overflow(*n - 1, ext, &step) && !__builtin_mul_overflow(del, ext, &d) &&
            !__builtin_add_overflow(d, (MPI_Count)dbytes, &d) &&
            !__builtin_add_overflow(d, tlb, &lo) && !__builtin_add_overflow(lo, text, &hi) &&
            !__builtin_add_overflow(step < 0 ? lo : hi, step, step < 0 ? &lo : &hi) &&
            !__builtin_sub_overflow(hi, lo, &span) && span <= ARENA && span >= 0)
            return (void *)(end - (uintptr_t)hi);
        if (*n == 1) {
            *n = 0;
            return (void *)(end - 64);
        }
        *n = 1;
    }
}

static void *place_i(int r, int *n, MPI_Datatype t, MPI_Aint dbytes, MPI_Count del)
{
    MPI_Count c = *n;
    void *p = place(r, &c, t, dbytes, del);

    *n = (int)c;
    return p;
}

#define PL(r, np, t)       _Generic((np), int * : place_i, MPI_Count * : place)(r, np, t, 0, 0)
#define PLD(r, np, t, del) _Generic((np), int * : place_i, MPI_Count * : place)(r, np, t, 0, del)
#define PLB(r, np, t, db)  _Generic((np), int * : place_i, MPI_Count * : place)(r, np, t, db, 0)

/* sendbuf of a collective: MPI_IN_PLACE now and then */
#define INPL(p) (u8() % 8 == 7 ? MPI_IN_PLACE : (p))

/* an array of n (1..64) elements of type E, each from gen, or NULL */
#define ARR(E, n, gen)                                                                             \
    ({                                                                                             \
        E *a_ = u8() % 16 == 15 ? NULL : S((size_t)(n) * sizeof(E));                               \
        for (int i_ = 0; a_ && i_ < (n); i_++)                                                     \
            a_[i_] = (gen);                                                                        \
        a_;                                                                                        \
    })

static MPI_Status st_buf[8];
#ifndef NULL_STATUS
#define NULL_STATUS 1
#endif
#define STATUS (NULL_STATUS ? OUT(&st_buf[0]) : &st_buf[0])

/* the out-degree and in-degree of comm's topology (0 when it has none) */
static void degrees(MPI_Comm c, int *indeg, int *outdeg)
{
    int kind, n, w;

    *indeg = *outdeg = 0;
    if (MPI_Topo_test(c, &kind) != MPI_SUCCESS)
        return;
    if (kind == MPI_CART && MPI_Cartdim_get(c, &n) == MPI_SUCCESS)
        *indeg = *outdeg = 2 * n;
    else if (kind == MPI_GRAPH && MPI_Graph_neighbors_count(c, 0, &n) == MPI_SUCCESS)
        *indeg = *outdeg = n;
    else if (kind == MPI_DIST_GRAPH)
        MPI_Dist_graph_neighbors_count(c, indeg, outdeg, &w);
    /* The call reads exactly this many entries of each array: a cap below
     * the real degree (a Cartesian topology of 40 dimensions has 80
     * neighbours) would be the harness overrunning its own arrays.  The
     * harness's constructors stay far below this one. */
    if (*indeg > 4096 || *indeg < 0)
        *indeg = 4096;
    if (*outdeg > 4096 || *outdeg < 0)
        *outdeg = 4096;
}

/* ---- keeping what a call made --------------------------------------- */

static void keep_type(MPI_Datatype t);
static void keep_comm(MPI_Comm c);
static void keep_req(MPI_Request r);
static void drain(MPI_Comm c);

#define KEEP(K, H, NULLH, FREE)                                                                    \
    static void keep_##K(H h)                                                                      \
    {                                                                                              \
        unsigned slot = u8() % NPOOL;                                                              \
        if (h == NULLH)                                                                            \
            return;                                                                                \
        if (K##_pool[slot] != NULLH)                                                               \
            K##_died(K##_pool[slot]), FREE;                                                        \
        K##_pool[slot] = h;                                                                        \
    }

KEEP(type, MPI_Datatype, MPI_DATATYPE_NULL, MPI_Type_free(&type_pool[slot]))
KEEP(comm, MPI_Comm, MPI_COMM_NULL, (drain(comm_pool[slot]), MPI_Comm_free(&comm_pool[slot])))
KEEP(grp, MPI_Group, MPI_GROUP_NULL, MPI_Group_free(&grp_pool[slot]))
KEEP(op, MPI_Op, MPI_OP_NULL, MPI_Op_free(&op_pool[slot]))
KEEP(info, MPI_Info, MPI_INFO_NULL, MPI_Info_free(&info_pool[slot]))
KEEP(eh, MPI_Errhandler, MPI_ERRHANDLER_NULL, MPI_Errhandler_free(&eh_pool[slot]))
KEEP(tkv, int, MPI_KEYVAL_INVALID, MPI_Type_free_keyval(&tkv_pool[slot]))
/* Closes every epoch a window may have open, then frees it: twice
 * through the closes, as an exposure to the empty group must end before
 * the process's own can be opened and completed (errors are expected). */
static void win_close(MPI_Win *w)
{
    MPI_Group self;
    int rc, cls;

    MPI_Win_set_errhandler(*w, MPI_ERRORS_RETURN);
    MPI_Comm_group(MPI_COMM_SELF, &self);
    for (int pass = 0; pass < 2; pass++) {
        int flag;
        MPI_Win_unlock(0, *w);
        MPI_Win_unlock_all(*w);
        MPI_Win_post(self, 0, *w);
        MPI_Win_complete(*w);
        MPI_Win_start(self, 0, *w);
        MPI_Win_complete(*w);
        MPI_Win_test(*w, &flag);
    }
    MPI_Group_free(&self);
    /* MPI_ERR_WIN: freed already through a copy of its handle (the pool
     * keeps the stale one); anything else leaves an open epoch behind */
    if ((rc = MPI_Win_free(w)) != MPI_SUCCESS &&
        (MPI_Error_class(rc, &cls) != MPI_SUCCESS || cls != MPI_ERR_WIN)) {
        fprintf(stderr, "fuzz_args: a window could not be freed\n");
        abort();
    }
}

KEEP(win, MPI_Win, MPI_WIN_NULL, win_close(&win_pool[slot]))
KEEP(wkv, int, MPI_KEYVAL_INVALID, MPI_Win_free_keyval(&wkv_pool[slot]))

/* Closes a file the input opened (a split collective it began is ended
 * by the close); MPI_ERR_FILE: closed already through a copy. */
static void file_close(MPI_File *f)
{
    int rc, cls;

    MPI_File_set_errhandler(*f, MPI_ERRORS_RETURN);
    if ((rc = MPI_File_close(f)) != MPI_SUCCESS &&
        (MPI_Error_class(rc, &cls) != MPI_SUCCESS || cls != MPI_ERR_FILE)) {
        fprintf(stderr, "fuzz_args: a file could not be closed\n");
        abort();
    }
}

KEEP(file, MPI_File, MPI_FILE_NULL, file_close(&file_pool[slot]))

/* Finalizes a session the input opened; MPI_ERR_SESSION: finalized
 * already through a copy. */
static void ses_close(MPI_Session *s)
{
    int rc, cls;

    MPI_Session_set_errhandler(*s, MPI_ERRORS_RETURN);
    if ((rc = MPI_Session_finalize(s)) != MPI_SUCCESS &&
        (MPI_Error_class(rc, &cls) != MPI_SUCCESS || cls != MPI_ERR_SESSION)) {
        fprintf(stderr, "fuzz_args: a session could not be finalized\n");
        abort();
    }
}

KEEP(ses, MPI_Session, MPI_SESSION_NULL, ses_close(&ses_pool[slot]))
KEEP(ckv, int, MPI_KEYVAL_INVALID,
     (MPI_Comm_delete_attr(MPI_COMM_WORLD, ckv_pool[slot]),
      MPI_Comm_delete_attr(MPI_COMM_SELF, ckv_pool[slot]), MPI_Comm_free_keyval(&ckv_pool[slot])))

static void req_done(MPI_Request *r)
{
    if (*r == MPI_REQUEST_NULL)
        return;
    /* a generalized request no call completed would wait for good (and
     * its record stay): completed first (MPI_ERR_REQUEST for the others) */
    MPI_Grequest_complete(*r);
    MPI_Cancel(r);
    MPI_Wait(r, MPI_STATUS_IGNORE);
    if (*r != MPI_REQUEST_NULL)
        MPI_Request_free(r);
}

static void msg_done(MPI_Message *m)
{
    if (*m == MPI_MESSAGE_NULL)
        return;
    MPI_Mrecv(arena[2], ARENA, MPI_PACKED, m, MPI_STATUS_IGNORE);
    *m = MPI_MESSAGE_NULL;
}

static void keep_req(MPI_Request r)
{
    unsigned slot = u8() % NPOOL;

    if (r == MPI_REQUEST_NULL)
        return;
    req_done(&req_pool[slot]);
    req_pool[slot] = r;
}

static void keep_msg(MPI_Message m)
{
    unsigned slot = u8() % NPOOL;

    if (m == MPI_MESSAGE_NULL || m == MPI_MESSAGE_NO_PROC)
        return;
    msg_done(&msg_pool[slot]);
    msg_pool[slot] = m;
}

/* Receives (MPI_PACKED matches any signature) every message queued on c:
 * nothing can receive them once c is freed, and they would pile up
 * across inputs. */
static void drain(MPI_Comm c)
{
    int flag = 1, n;
    MPI_Status st;

    if (c == MPI_COMM_NULL)
        return;
    for (int i = 0; i < 1000 && flag; i++) {
        if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, c, &flag, &st) != MPI_SUCCESS || !flag)
            return;
        if (MPI_Get_count(&st, MPI_BYTE, &n) != MPI_SUCCESS || n < 0 || n > ARENA)
            abort(); /* the harness never sends more than an arena */
        MPI_Recv(arena[2], n, MPI_PACKED, st.MPI_SOURCE, st.MPI_TAG, c, MPI_STATUS_IGNORE);
    }
}

/* ---- callbacks ------------------------------------------------------ */

static void user_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)in, (void)inout, (void)len, (void)t;
}

static void user_op_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *t)
{
    (void)in, (void)inout, (void)len, (void)t;
}

static void user_eh(MPI_Comm *c, int *code, ...)
{
    (void)c, (void)code;
}

static int copy_fail(void *o, int kv, void *extra, void *in, void *out, int *flag)
{
    (void)o, (void)kv, (void)extra, (void)in, (void)out, (void)flag;
    return MPI_ERR_OTHER;
}

static int copy_ok(void *o, int kv, void *extra, void *in, void *out, int *flag)
{
    (void)o, (void)kv, (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int del_ok(void *o, int kv, void *v, void *extra)
{
    (void)o, (void)kv, (void)v, (void)extra;
    return MPI_SUCCESS;
}

/* Delete callbacks always succeed: one that fails makes the free fail by
 * MPI's rules (MPI-4.1 section 7.7.2), and the object could never be
 * freed at the end of the input. */
static MPI_Type_copy_attr_function *tcopy(void)
{
    switch (pick(4)) {
    case 0:
        return MPI_TYPE_NULL_COPY_FN;
    case 1:
        return MPI_TYPE_DUP_FN;
    case 2:
        return (MPI_Type_copy_attr_function *)(void (*)(void))copy_fail;
    default:
        return (MPI_Type_copy_attr_function *)(void (*)(void))copy_ok;
    }
}

static MPI_Comm_copy_attr_function *ccopy(void)
{
    switch (pick(4)) {
    case 0:
        return MPI_COMM_NULL_COPY_FN;
    case 1:
        return MPI_COMM_DUP_FN;
    case 2:
        return (MPI_Comm_copy_attr_function *)(void (*)(void))copy_fail;
    default:
        return (MPI_Comm_copy_attr_function *)(void (*)(void))copy_ok;
    }
}

#include "fuzz_args_calls.h"

/* ---- the driver ----------------------------------------------------- */

static long live0;
static int ready;
static int trace; /* FUZZ_ARGS_TRACE set: each call's name and code */

/* libFuzzer calls it before the first input; the replay driver may not,
 * and LLVMFuzzerTestOneInput calls it then */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    int provided;

    (void)argc, (void)argv;
    if (ready)
        return 0;
    ready = 1;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS ||
        provided != MPI_THREAD_SINGLE)
        abort();
    /* datatype errors are raised on MPI_COMM_WORLD's handler (MPI-4.1
     * section 9.3), the others on the call's communicator */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    type_pool_init(), comm_pool_init(), grp_pool_init(), op_pool_init(), info_pool_init();
    req_pool_init(), eh_pool_init(), msg_pool_init(), tkv_pool_init(), ckv_pool_init();
    win_pool_init(), wkv_pool_init(), file_pool_init(), ses_pool_init();
    fz_files_init();
    live0 = typeshim_live_types();
    return 0;
}

static void check(const char *name, int rc)
{
    int cls = -1;

    if (rc == MPI_SUCCESS)
        return;
    if (MPI_Error_class(rc, &cls) != MPI_SUCCESS || cls < MPI_SUCCESS || cls > MPI_ERR_LASTCODE) {
        fprintf(stderr, "fuzz_args: %s returned %d, of no error class (%d)\n", name, rc, cls);
        abort();
    }
}

static void cleanup(void)
{
    long live;

    for (int i = 0; i < NPOOL; i++)
        req_done(&req_pool[i]);
    kept_free(); /* what those requests could read */
    for (int i = 0; i < NPOOL; i++)
        msg_done(&msg_pool[i]);
    fz_bsend_detach();
    drain(MPI_COMM_WORLD);
    drain(MPI_COMM_SELF);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    uerr_close();
    for (int i = 0; i < NPOOL; i++) {
        if (comm_pool[i] != MPI_COMM_NULL) {
            drain(comm_pool[i]);
            MPI_Comm_set_errhandler(comm_pool[i], MPI_ERRORS_RETURN);
            MPI_Comm_free(&comm_pool[i]);
            comm_pool[i] = MPI_COMM_NULL;
        }
        if (ckv_pool[i] != MPI_KEYVAL_INVALID) {
            MPI_Comm_delete_attr(MPI_COMM_WORLD, ckv_pool[i]);
            MPI_Comm_delete_attr(MPI_COMM_SELF, ckv_pool[i]);
            MPI_Comm_free_keyval(&ckv_pool[i]);
        }
        if (type_pool[i] != MPI_DATATYPE_NULL)
            MPI_Type_free(&type_pool[i]);
        if (tkv_pool[i] != MPI_KEYVAL_INVALID) {
            for (size_t k = 0; k < sizeof(type_predefs) / sizeof(type_predefs[0]); k++)
                MPI_Type_delete_attr(type_predefs[k], tkv_pool[i]);
            MPI_Type_free_keyval(&tkv_pool[i]);
        }
        if (grp_pool[i] != MPI_GROUP_NULL)
            MPI_Group_free(&grp_pool[i]);
        if (op_pool[i] != MPI_OP_NULL)
            MPI_Op_free(&op_pool[i]);
        if (info_pool[i] != MPI_INFO_NULL)
            MPI_Info_free(&info_pool[i]);
        if (eh_pool[i] != MPI_ERRHANDLER_NULL)
            MPI_Errhandler_free(&eh_pool[i]);
        fz_free_mem_slot(i);
    }
    /* windows and files last: their attributes' keyvals and their
     * handlers above were the program's references only */
    for (int i = 0; i < NPOOL; i++)
        if (file_pool[i] != MPI_FILE_NULL)
            file_close(&file_pool[i]);
    fz_files_reset();
    fz_dyn_reset();
    for (int i = 0; i < NPOOL; i++)
        if (ses_pool[i] != MPI_SESSION_NULL)
            ses_close(&ses_pool[i]);
    for (int i = 0; i < NPOOL; i++) {
        if (win_pool[i] != MPI_WIN_NULL)
            win_close(&win_pool[i]);
        if (wkv_pool[i] != MPI_KEYVAL_INVALID)
            MPI_Win_free_keyval(&wkv_pool[i]);
    }
    type_pool_init(), comm_pool_init(), grp_pool_init(), op_pool_init(), info_pool_init();
    req_pool_init(), eh_pool_init(), msg_pool_init(), tkv_pool_init(), ckv_pool_init();
    win_pool_init(), wkv_pool_init(), file_pool_init(), ses_pool_init();
    if ((live = typeshim_live_types()) != live0) {
        fprintf(stderr, "fuzz_args: %ld datatypes live after the input, %ld before\n", live, live0);
        abort();
    }
}

#define NFNS (sizeof(fz_fns) / sizeof(fz_fns[0]))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    LLVMFuzzerInitialize(NULL, NULL);
    trace = getenv("FUZZ_ARGS_TRACE") != NULL;
    in_p = data;
    in_n = size;
    in_read = 0;
    for (int calls = 0; in_n && calls < 64; calls++) {
        unsigned k = (u8() << 8 | u8()) % NFNS;

        size_t at = in_read - 2;
        int rc;

        if (trace)
            fprintf(stderr, "fuzz_args: %s\n", fz_fns[k].name);
        rc = fz_fns[k].call();
        if (trace)
            fprintf(stderr, "fuzz_args:   -> %d (bytes %zu..%zu)\n", rc, at, in_read);
        check(fz_fns[k].name, rc);
        scratch_reset();
    }
    cleanup();
    return 0;
}
