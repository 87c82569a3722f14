/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: collectives (their shared steps, persistent plans, the macros
 * that write a family's six calls), reduction operations and
 * neighbourhood collectives.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_COLL_H
#define TSS_COLL_H

/* ---- persistent collectives (tss_coll.c) ----
 * MPI_Start runs a persistent collective's plan after releasing the lock
 * (a user operation may run and may call MPI), then completes the
 * request. */
/* Runs p: the data moves as the blocking collective would.  Returns an
 * error class with e filled. */
TSS_HIDDEN int tss_plan_run(const tss_plan *p, tss_error *e);
/* Lock held.  Frees p and lets go of the datatypes it holds. */
TSS_HIDDEN void tss_plan_free(tss_plan *p);
/* Type matching: MPI_SUCCESS when the signature of (scount, stype) begins
 * (how TYPESHIM_MATCH_PREFIX: a receive, MPI-4.1 section 3.3.1) or equals
 * (TYPESHIM_MATCH_EQUAL: a collective, section 6.1) that of (rcount,
 * rtype), both valid datatypes, or when either side is all MPI_BYTE
 * (MPICH's and Open MPI's rule; reported on stderr naming call under
 * TYPESHIM_CHECK, refused under TYPESHIM_CHECK=strict); else
 * MPI_ERR_TYPE with e filled: "<fn>: <rule>: <where the signatures
 * part>" ("<rule>: ..." when fn is NULL). */
TSS_HIDDEN int tss_sig_compare(const char *fn, const char *call, const char *rule, MPI_Count scount,
                               MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype, int how,
                               tss_error *e);
/* Inline: one datatype on both sides, the usual case, takes no call. */
static inline int tss_sig_check(const char *fn, const char *call, const char *rule,
                                MPI_Count scount, MPI_Datatype stype, MPI_Count rcount,
                                MPI_Datatype rtype, int how, tss_error *e)
{
    if (stype == rtype && (how == TYPESHIM_MATCH_PREFIX ? scount <= rcount : scount == rcount))
        return MPI_SUCCESS;
    return tss_sig_compare(fn, call, rule, scount, stype, rcount, rtype, how, e);
}

/* ---- reduction operations (tss_op.c, tss_op_kernels.c) ---- */
/* A persistent reduction's own reference to op (*held: MPI_OP_NULL for a
 * predefined or invalid op, which need none), so that the program may
 * free op meanwhile.  Takes the lock; an error class with e filled. */
TSS_HIDDEN int tss_op_hold(const char *fn, MPI_Op op, MPI_Op *held, tss_error *e);
/* Lock held.  Lets a hold go (MPI_OP_NULL: nothing). */
TSS_HIDDEN void tss_op_unhold(MPI_Op held);
/* Whether op may reduce datatype: a live user operation, or a predefined
 * one defined for the predefined type datatype is made of (MPI_ERR_OP
 * with e filled otherwise).  Takes tss_p2p_lock. */
TSS_HIDDEN int tss_op_check(const char *fn, MPI_Op op, MPI_Datatype type, tss_error *e);
/* 1 when op is a predefined operation of the collectives defined for
 * named predefined type t (the common reduction, in two table lookups);
 * 0 says nothing: tss_op_check decides (tss_op_kernels.c). */
TSS_HIDDEN int tss_op_plainly_allows(MPI_Op op, MPI_Datatype t);
/* io = in op io, count elements of type (MPI_Reduce_local's rule).
 * Takes tss_p2p_lock; a user function runs without it. */
TSS_HIDDEN int tss_op_apply(const char *fn, const void *in, void *io, MPI_Count count,
                            MPI_Datatype type, MPI_Op op, tss_error *e);
/* Whether op may serve a one-sided accumulate on elements of basic (a
 * predefined type): a predefined operation defined for it, MPI_REPLACE,
 * and MPI_NO_OP when fetch (MPI_Get_accumulate, MPI_Fetch_and_op);
 * MPI_ERR_OP with e filled otherwise. */
TSS_HIDDEN int tss_op_rma_check(const char *fn, MPI_Op op, MPI_Datatype basic, int fetch,
                                tss_error *e);
/* io = in op io on nbytes of packed elements of basic, op accepted by
 * tss_op_rma_check (MPI_REPLACE: io = in; MPI_NO_OP: nothing). */
TSS_HIDDEN void tss_op_rma_apply(MPI_Op op, MPI_Datatype basic, const void *in, void *io,
                                 MPI_Count nbytes);
/* Lock held.  Frees the user operations (MPI_Finalize). */
TSS_HIDDEN void tss_op_finalize(void);

/* ---- collectives' shared steps (tss_coll.c; tss_neighbor.c uses them) ---- */

/* buf moved by bytes, in integers: buf may be MPI_BOTTOM (NULL), from
 * which absolute addresses count, and C gives NULL no arithmetic. */
static inline const char *tss_at(const void *buf, MPI_Aint bytes)
{
    return (const char *)((uintptr_t)buf + (uintptr_t)bytes);
}

/* buf moved by disp elements of type (not moved when type has no extent
 * yet: its own check then refuses it). */
TSS_HIDDEN const char *tss_shifted(const void *buf, MPI_Aint disp, MPI_Datatype type);
/* tss_shifted into *at, for a block of count elements: MPI_ERR_COUNT (e
 * filled, name the displacement's argument, arg the datatype's) when disp
 * x the extent passes MPI_Aint and the block is not empty. */
TSS_HIDDEN int tss_shift_check(const char *fn, const char *name, const void *buf, MPI_Aint disp,
                               MPI_Count count, MPI_Datatype type, const char *arg, const char **at,
                               tss_error *e);

/* One side of a block a collective moves: its buffer, count and datatype,
 * arg naming it in messages; bytes is set by tss_coll_match. */
typedef struct tss_block {
    const char *arg;
    const void *buf; /* written through on the receive side */
    MPI_Count count;
    MPI_Datatype type;
    MPI_Count bytes;
} tss_block;

/* Checks a block's send side s and receive side r (valid committed
 * types, counts) and that their sizes agree (MPI-4.1 section 6.1: the
 * type signatures match): MPI_ERR_TRUNCATE when s is longer, MPI_ERR_TYPE
 * when shorter.  Returns an error class with e filled. */
TSS_HIDDEN int tss_coll_match(const char *fn, tss_block *s, tss_block *r, tss_error *e);
/* Moves a block tss_coll_match accepted (the two sides may overlap). */
TSS_HIDDEN int tss_coll_copy(const char *fn, const tss_block *s, const tss_block *r, tss_error *e);
/* Ends a collective: rc raised with e's message, or (request not NULL,
 * the nonblocking forms) a complete request handed out. */
TSS_HIDDEN int tss_coll_done(const char *fn, MPI_Comm comm, int rc, const tss_error *e,
                             MPI_Request *request);

/* A nonblocking or persistent form's request pointer must be there (how:
 * 0 blocking, 1 nonblocking, 2 persistent). */
#define TSS_REQ_CHECK(fn, comm, request, how)                                                      \
    do {                                                                                           \
        if ((how) && !(request))                                                                   \
            return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);         \
    } while (0)

/* A persistent form's info must be MPI_INFO_NULL or an info object; it
 * carries no hint this runtime uses (the other forms pass
 * MPI_INFO_NULL, which costs no call). */
#define TSS_INFO_CHECK(fn, comm, info)                                                             \
    do {                                                                                           \
        int rc_ = (info) == MPI_INFO_NULL ? MPI_SUCCESS : tss_info_check(fn, comm, info);          \
        if (rc_ != MPI_SUCCESS)                                                                    \
            return rc_;                                                                            \
    } while (0)

/* A collective family's six calls: the int form (CT int, AT int) and the
 * large-count form (CT MPI_Count, AT MPI_Aint), blocking (TSS_NO_PARAM,
 * request NULL, how 0), nonblocking (I, TSS_REQ_PARAM, how 1) and
 * persistent (_init, TSS_INIT_PARAM, how 2, with its info).  The
 * parameter lists are function-like macros: expanded only where a
 * prototype is written, not while passed from macro to macro. */
#define TSS_REQ_PARAM()  , MPI_Request *request
#define TSS_INIT_PARAM() , MPI_Info info, MPI_Request *request
#define TSS_NO_PARAM()
#define TSS_SIX(FAMILY, NAME, INAME)                                                               \
    FAMILY(NAME, int, int, TSS_NO_PARAM, NULL, 0, MPI_INFO_NULL)                                   \
    FAMILY(NAME##_c, MPI_Count, MPI_Aint, TSS_NO_PARAM, NULL, 0, MPI_INFO_NULL)                    \
    FAMILY(INAME, int, int, TSS_REQ_PARAM, request, 1, MPI_INFO_NULL)                              \
    FAMILY(INAME##_c, MPI_Count, MPI_Aint, TSS_REQ_PARAM, request, 1, MPI_INFO_NULL)               \
    FAMILY(NAME##_init, int, int, TSS_INIT_PARAM, request, 2, info)                                \
    FAMILY(NAME##_init_c, MPI_Count, MPI_Aint, TSS_INIT_PARAM, request, 2, info)

/* A persistent request whose every start calls run(ctx) (without the
 * request lock) and whose release calls drop(ctx) (lock held: it may
 * tss_type_unhold).  On failure drop(ctx) is called and the error raised
 * on comm. */
TSS_HIDDEN int tss_persist_call(const char *fn, MPI_Comm comm, int (*run)(void *ctx, tss_error *e),
                                void (*drop)(void *ctx), void *ctx, MPI_Request *request);

/* ---- neighbourhood collectives (tss_neighbor.c) ---- */

enum tss_nbr_kind {
    TSS_NBR_ALLGATHER,
    TSS_NBR_ALLGATHERV,
    TSS_NBR_ALLTOALL,
    TSS_NBR_ALLTOALLV,
    TSS_NBR_ALLTOALLW
};

/* One neighbourhood collective as its call gave it: tss_neighbor_run
 * carries it out, which a persistent form may do at each start with the
 * arguments it saved.  The arrays are the program's: counts int[] or,
 * wide (the _c forms), MPI_Count[]; displacements int[] or, wide,
 * MPI_Aint[] (elements), and MPI_Aint[] (bytes) in the w forms. */
typedef struct tss_nbr {
    const char *fn; /* the MPI function, for messages */
    enum tss_nbr_kind kind;
    int wide;
    const void *sendbuf;
    MPI_Count sendcount;              /* allgather(v), alltoall */
    const void *sendcounts, *sdispls; /* alltoallv, alltoallw */
    MPI_Datatype sendtype;            /* all but alltoallw */
    const MPI_Datatype *sendtypes;    /* alltoallw */
    void *recvbuf;
    MPI_Count recvcount;              /* allgather, alltoall */
    const void *recvcounts, *rdispls; /* allgatherv, alltoallv, alltoallw */
    MPI_Datatype recvtype;            /* all but alltoallw */
    const MPI_Datatype *recvtypes;    /* alltoallw */
    MPI_Comm comm;                    /* a valid communicator */
    int dry;                          /* checked only (a persistent form made) */
} tss_nbr;

/* Carries a out on its communicator's topology: every argument checked,
 * then every block moved (nothing written when one is wrong).  Returns an
 * error class with e filled, not raised. */
TSS_HIDDEN int tss_neighbor_run(const tss_nbr *a, tss_error *e);

#endif /* TSS_COLL_H */
