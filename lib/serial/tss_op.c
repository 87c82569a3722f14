/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reduction operations (MPI-4.1 section 6.9): the predefined operations on
 * the types MPI defines them for, user operations (MPI_Op_create,
 * MPI_Op_free, MPI_Op_commutative) and MPI_Reduce_local.
 *
 * A predefined operation works on the predefined datatypes MPI lists for
 * it, and on no derived datatype (MPI-4.1 section 6.9.2: "predefined
 * operators work only with the MPI types listed"; one-sided accumulates
 * are where derived datatypes of one predefined type are allowed).  Both
 * buffers are packed through libtypeshim (pair types lose their padding),
 * combined element by element, and the result is unpacked into the inout
 * buffer.  A user operation is called with the program's buffers and
 * datatype, as MPI requires.
 *
 * This file holds the user operations and their handles, the checks and
 * the application of any operation, and the MPI calls; the predefined
 * operations' element kinds and kernels are in tss_op_kernels.c
 * (tss_op_priv.h declares what the two share).
 */
#include "typeshim_config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_op_priv.h"

/* ------------------------------------------------------- user operations */

/* User operation handles: MPICH's kind bits of a direct MPI_Op
 * (0x98000000), the slot in bits 0..15, its generation in bits 16..25;
 * a freed slot rests for 1024 frees (object/tso_abi.h).  A persistent
 * reduction holds its operation by a slot of its own (tss_op_hold), so
 * that the program may free its handle meanwhile, as MPI_Op_free only
 * marks the operation for deallocation (MPI-4.1 section 6.9.5): a record
 * lives as long as a slot names it (refs). */
typedef struct user_op {
    MPI_User_function *fn;
    MPI_User_function_c *fn_c;
    int commute;
    int refs;
} user_op;

static tso_table ops = TSO_TABLE(TSO_OP, &tss_tso_alloc); /* tss_p2p_lock */

/* Lock held.  The user operation op names, or NULL; its slot in *idx. */
static user_op *user_at(MPI_Op op, unsigned *idx)
{
    if (tso_find(&ops, TSO_WORD(op), idx) != TSO_LIVE)
        return NULL;
    return *tso_obj(&ops, *idx);
}

static user_op *user_of(MPI_Op op)
{
    unsigned idx;

    return user_at(op, &idx);
}

/* Why op names no user operation ("freed", "never made"), for messages. */
static const char *op_why(MPI_Op op)
{
    const char *why;

    tss_p2p_lock();
    why = tso_why(&ops, TSO_WORD(op));
    tss_p2p_unlock();
    return why;
}

static int is_predefined(MPI_Op op)
{
    return tss_op_id(op) != OP_NONE;
}

/* Lock held.  Slot idx lets its record go (freed with its last slot). */
static void op_release(unsigned idx)
{
    user_op **slot = (user_op **)tso_obj(&ops, idx), *u = *slot;

    *slot = NULL; /* no spare: another slot may still name the record */
    tso_put(&ops, idx);
    if (--u->refs == 0)
        tss_free(u);
}

void tss_op_finalize(void)
{
    for (unsigned i = 0; i < ops.fresh; i++)
        if (*tso_obj(&ops, i))
            op_release(i);
    tso_reset(&ops);
}

/* Lock held.  A slot naming u, its handle in *op; the class on failure. */
static int op_slot(user_op *u, MPI_Op *op)
{
    unsigned i;
    int rc = tso_take(&ops, &i);

    if (rc != MPI_SUCCESS)
        return rc;
    *tso_obj(&ops, i) = u;
    u->refs++;
    *op = TSO_HANDLE(MPI_Op, tso_handle(&ops, i));
    return MPI_SUCCESS;
}

static const char *op_lack(int rc)
{
    return rc == MPI_ERR_NO_MEM ? "out of memory" : "every operation handle is live";
}

int tss_op_hold(const char *fn, MPI_Op op, MPI_Op *held, tss_error *e)
{
    user_op *u;
    int rc = MPI_SUCCESS;

    *held = MPI_OP_NULL;
    tss_p2p_lock();
    if ((u = user_of(op))) /* predefined, or invalid (checked at each start): none */
        rc = op_slot(u, held);
    tss_p2p_unlock();
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_fail(e, rc, "%s: %s", fn, op_lack(rc));
}

void tss_op_unhold(MPI_Op held)
{
    unsigned idx;

    if (user_at(held, &idx))
        op_release(idx);
}

/* tss_op_check's checks of op, which is no user operation: a predefined
 * one (its id, found once for the checks and the kernel) defined for
 * type, whose kind goes to *k (and *vk, *ik: tss_op_kind_of_any). */
static int check_predefined(const char *fn, MPI_Op op, enum op_id id, MPI_Datatype type,
                            enum kind *k, enum kind *vk, enum kind *ik, tss_error *e)
{
    if (id == OP_NONE)
        return tss_fail(e, MPI_ERR_OP, "%s(op=" TSS_HFMT "): Invalid operation (%s)", fn,
                        TSS_HARG(op), op_why(op));
    if (id == OP_REPLACE || id == OP_NO_OP)
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=" TSS_HFMT
                        "): MPI_REPLACE and MPI_NO_OP serve one-sided accumulates only "
                        "(MPI-4.1 section 6.9.2)",
                        fn, TSS_HARG(op));
    if (!tss_op_allows(id, tss_op_class_of_kind(*k = tss_op_kind_of_any(type, vk, ik))))
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=%s): not defined for this datatype (MPI-4.1 section 6.9.2 lists "
                        "the predefined types of each predefined operation; a derived datatype "
                        "needs a user operation, MPI_Op_create)",
                        fn, tss_op_name(id));
    return MPI_SUCCESS;
}

/* Whether op (whose predefined id is id) is a user operation, *u then a
 * copy of it.  A predefined operation is none, known without the lock. */
static int user_copy(MPI_Op op, enum op_id id, user_op *u)
{
    user_op *up;

    if (id != OP_NONE)
        return 0;
    tss_p2p_lock();
    if ((up = user_of(op)))
        *u = *up;
    tss_p2p_unlock();
    return up != NULL;
}

int tss_op_check(const char *fn, MPI_Op op, MPI_Datatype type, tss_error *e)
{
    enum op_id id = tss_op_id(op);
    enum kind k, vk, ik;
    user_op u;

    if (user_copy(op, id, &u))
        return MPI_SUCCESS;
    return check_predefined(fn, op, id, type, &k, &vk, &ik, e);
}

/* The kernel of predefined operation id on elements of type: the one
 * of its kind, or NULL for an unnamed value-index pair (*vk, *ik its
 * kinds); *esize the packed size of an element. */
static kernel_fn *kernel_for(MPI_Datatype type, enum kind *vk, enum kind *ik, MPI_Count *esize)
{
    enum kind k = tss_op_kind_of_any(type, vk, ik);
    MPI_Count isize;

    if (k != K_VALUE_INDEX)
        return tss_op_kernel_of(k, esize);
    tss_op_kernel_of(*vk, esize);
    tss_op_kernel_of(*ik, &isize);
    *esize += isize;
    return NULL;
}

int tss_op_apply(const char *fn, const void *in, void *io, MPI_Count count, MPI_Datatype type,
                 MPI_Op op, tss_error *e)
{
    MPI_Count nbytes = 0, esize, pos = 0;
    char *a = NULL, *b = NULL;
    enum kind k = K_NONE, vk = K_NONE, ik = K_NONE;
    enum op_id id = tss_op_id(op);
    kernel_fn *kernel;
    user_op u = {0};
    int rc;

    if (user_copy(op, id, &u)) { /* the program's function, on its buffers */
        MPI_Datatype t = type;
        if (u.fn_c) {
            MPI_Count n = count;
            u.fn_c((void *)(uintptr_t)in, io, &n, &t);
        } else if (count > INT_MAX) {
            return tss_fail(e, MPI_ERR_COUNT,
                            "%s(count=%lld): a user operation made by MPI_Op_create takes an "
                            "int count (MPI_Op_create_c makes one that takes more)",
                            fn, (long long)count);
        } else {
            int n = (int)count;
            u.fn((void *)(uintptr_t)in, io, &n, &t);
        }
        return MPI_SUCCESS;
    }
    if ((rc = check_predefined(fn, op, id, type, &k, &vk, &ik, e)))
        return rc;
    kernel = kernel_for(type, &vk, &ik, &esize);
    if ((rc = tss_type_check(fn, "datatype", in, count, type, 0, &nbytes, e)))
        return rc;
    if (nbytes == 0)
        return MPI_SUCCESS;
    if (!(a = tss_malloc((size_t)nbytes)) || !(b = tss_malloc((size_t)nbytes))) {
        tss_free(a);
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory (%lld bytes)", fn, (long long)nbytes);
    }
    tss_quiet_begin();
    rc = PMPI_Pack_c(in, count, type, a, nbytes, &pos, MPI_COMM_SELF);
    pos = 0;
    if (rc == MPI_SUCCESS)
        rc = PMPI_Pack_c(io, count, type, b, nbytes, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS) {
        if (kernel)
            kernel(id, a, b, nbytes / esize);
        else
            tss_op_value_index_kernel(id, vk, ik, a, b, nbytes / esize);
        rc = typeshim_unpack_segment(b, 0, nbytes, io, count, type);
    }
    tss_quiet_end();
    tss_free(a);
    tss_free(b);
    return rc == MPI_SUCCESS ? MPI_SUCCESS
                             : tss_fail(e, MPI_ERR_TYPE, "%s: the buffers could not be packed", fn);
}

int tss_op_rma_check(const char *fn, MPI_Op op, MPI_Datatype basic, int fetch, tss_error *e)
{
    enum op_id id = tss_op_id(op);
    enum kind k, vk, ik;
    user_op u;

    if (id == OP_REPLACE || (id == OP_NO_OP && fetch))
        return MPI_SUCCESS;
    if (id == OP_NO_OP)
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=MPI_NO_OP): MPI_NO_OP serves MPI_Get_accumulate and "
                        "MPI_Fetch_and_op only (MPI-4.1 section 12.3.4)",
                        fn);
    if (user_copy(op, id, &u))
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=" TSS_HFMT "): one-sided accumulates take predefined operations "
                        "only, not one of MPI_Op_create (MPI-4.1 section 12.3.4)",
                        fn, TSS_HARG(op));
    return check_predefined(fn, op, id, basic, &k, &vk, &ik, e);
}

void tss_op_rma_apply(MPI_Op op, MPI_Datatype basic, const void *in, void *io, MPI_Count nbytes)
{
    enum op_id id = tss_op_id(op);
    enum kind vk = K_NONE, ik = K_NONE;
    MPI_Count esize = 1;
    kernel_fn *kernel;

    if (id == OP_NO_OP)
        return;
    if (id == OP_REPLACE) {
        memmove(io, in, (size_t)nbytes);
        return;
    }
    kernel = kernel_for(basic, &vk, &ik, &esize);
    if (kernel)
        kernel(id, in, io, nbytes / esize);
    else
        tss_op_value_index_kernel(id, vk, ik, in, io, nbytes / esize);
}

static int op_create(const char *fn, MPI_User_function *f, MPI_User_function_c *fc, int commute,
                     MPI_Op *op)
{
    user_op *u;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((!f && !fc) || !op)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         op ? "user_fn" : "op");
    if (!(u = tss_malloc(sizeof(*u))))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    u->fn = f;
    u->fn_c = fc;
    u->commute = commute != 0;
    u->refs = 0;
    tss_p2p_lock();
    rc = op_slot(u, op);
    tss_p2p_unlock();
    if (rc != MPI_SUCCESS) {
        tss_free(u);
        return tss_raise(MPI_COMM_WORLD, rc, "%s: %s", fn, op_lack(rc));
    }
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Op_create, PMPI_Op_create)
int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    return op_create("MPI_Op_create", user_fn, NULL, commute, op);
}

TSS_WEAK_ALIAS(MPI_Op_create_c, PMPI_Op_create_c)
int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
    return op_create("MPI_Op_create_c", NULL, user_fn, commute, op);
}

TSS_WEAK_ALIAS(MPI_Op_free, PMPI_Op_free)
int PMPI_Op_free(MPI_Op *op)
{
    unsigned idx;
    int rc = tss_check_init("MPI_Op_free");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!op)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_free(op=NULL): Invalid argument");
    tss_p2p_lock();
    if (!user_at(*op, &idx)) {
        const char *why = tso_why(&ops, TSO_WORD(*op));

        tss_p2p_unlock();
        if (is_predefined(*op))
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP,
                             "MPI_Op_free(op=" TSS_HFMT "): a predefined operation cannot be freed",
                             TSS_HARG(*op));
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP,
                         "MPI_Op_free(op=" TSS_HFMT "): Invalid operation (%s)", TSS_HARG(*op),
                         why);
    }
    op_release(idx);
    tss_p2p_unlock();
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Op_commutative, PMPI_Op_commutative)
int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    user_op *u;
    int rc = tss_check_init("MPI_Op_commutative");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!commute)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Op_commutative(commute=NULL): Invalid argument");
    tss_p2p_lock();
    u = user_of(op);
    rc = u ? u->commute : 1;
    tss_p2p_unlock();
    if (!u && !is_predefined(op))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP,
                         "MPI_Op_commutative(op=" TSS_HFMT "): Invalid operation (%s)",
                         TSS_HARG(op), op_why(op));
    *commute = rc;
    return MPI_SUCCESS;
}

static int reduce_local(const char *fn, const void *in, void *io, MPI_Count count,
                        MPI_Datatype type, MPI_Op op)
{
    tss_error e;
    MPI_Count bytes;
    int rc = tss_check_init(fn);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_count_check(fn, MPI_COMM_WORLD, "count", count)))
        return rc;
    if (in == MPI_IN_PLACE || io == MPI_IN_PLACE)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_BUFFER,
                         "%s(%s=MPI_IN_PLACE): Invalid buffer (not allowed here)", fn,
                         in == MPI_IN_PLACE ? "inbuf" : "inoutbuf");
    if ((rc = tss_type_check(fn, "datatype", io, count, type, 1, &bytes, &e)) ||
        (rc = tss_op_check(fn, op, type, &e)) ||
        (count > 0 && (rc = tss_op_apply(fn, in, io, count, type, op, &e))))
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Reduce_local, PMPI_Reduce_local)
int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                      MPI_Op op)
{
    return reduce_local("MPI_Reduce_local", inbuf, inoutbuf, count, datatype, op);
}

TSS_WEAK_ALIAS(MPI_Reduce_local_c, PMPI_Reduce_local_c)
int PMPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype,
                        MPI_Op op)
{
    return reduce_local("MPI_Reduce_local_c", inbuf, inoutbuf, count, datatype, op);
}
