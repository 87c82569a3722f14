/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsl: the modes, and typeshim layered over MPICH (typeshim(7), USES).
 * It decides the mode, and plugs into the façade only through the hooks it
 * installs then (tsf_hooks); the binding calls it to raise errors and, under
 * TYPESHIM_CHECK, for the cross-check's decorators.  It talks to the next
 * layer (MPICH's PMPI_ functions, found with dlsym(RTLD_NEXT), or in an
 * MPICH a plugin loaded), keeps a shadow of every derived type there,
 * adopts handles MPICH made, and cross-checks answers.  It calls the
 * façade's object-level functions, never the binding; the façade never
 * calls it.
 *
 * Files:
 *   tsl_next.c    mode decision (and the hooks), the next layer's
 *                 function table, errors raised through MPICH's handlers
 *   tsl_shadow.c  the layered hooks: shadows (and check twins) made,
 *                 committed and freed with their objects
 *   tsl_adopt.c   adopting handles MPICH made, by decoding them
 *   tsl_check.c   TYPESHIM_CHECK: the decorators and comparisons of
 *                 queries, decoding and element counts
 *   tsl_check_pack.c  TYPESHIM_CHECK: MPI_Pack and MPI_Unpack compared
 *   tsl_check_sizes.c TYPESHIM_CHECK: MPI_Status_set_elements, MPI_Pack_size
 *   tsl_report.c  TYPESHIM_CHECK: reports, counters, the summary; the
 *                 leak report's stream (the report is the façade's)
 *   tsl_quarantine.c  freed shadows held back before MPICH reuses them,
 *                 then given back to the same construction
 *   tsl_key.c     a construction over predefined types as a key
 *   tsl_version.c MPI_Get_library_version: typeshim's words before MPICH's
 *
 * Ownership: a derived tsf_dtype holds exactly one MPICH reference to its
 * shadow (o->handle) and, when distinct, one to its twin (its tsl_type's
 * twin); both are released when the object is destroyed, after its handle
 * left the table.  Handles get_contents returns are typeshim references
 * only.  An adopted (foreign) object holds no reference to its own handle
 * (the program does), so the program's MPI_Type_free is also passed to
 * MPICH.
 */
#ifndef TSL_H
#define TSL_H

#include "facade/tsf.h"

enum tsl_mode {
    TSL_STANDALONE = TYPESHIM_MODE_STANDALONE,
    TSL_LAYERED = TYPESHIM_MODE_LAYERED,
    TSL_DISABLED = TYPESHIM_MODE_DISABLED,
    /* standalone while no handle was issued: tsl_mode() says
     * TSL_STANDALONE, and looks for a newly loaded MPICH */
    TSL_PROVISIONAL = -2,
};

/* The next layer: one pointer per MPI function of libtypeshim (tsl_next,
 * NULL where the next layer lacks it); per function the binding wraps
 * (tsl_wrap: in standalone mode those of libtypeshim-serial, when it comes
 * after libtypeshim); and the other MPI functions the layer itself needs
 * (tsl_mpi). */
#define TSL_MPI_FUNCTIONS(X)                                                                       \
    X(Abort)                                                                                       \
    X(Add_error_code)                                                                              \
    X(Comm_call_errhandler)                                                                        \
    X(Comm_create_keyval)                                                                          \
    X(Comm_dup)                                                                                    \
    X(Comm_free)                                                                                   \
    X(Comm_get_errhandler)                                                                         \
    X(Comm_rank)                                                                                   \
    X(Comm_remote_size)                                                                            \
    X(Comm_set_attr)                                                                               \
    X(Comm_set_errhandler)                                                                         \
    X(Comm_size)                                                                                   \
    X(Comm_test_inter)                                                                             \
    X(Errhandler_free)                                                                             \
    X(Error_class)                                                                                 \
    X(Error_string)                                                                                \
    X(File_call_errhandler)                                                                        \
    X(File_get_errhandler)                                                                         \
    X(Finalized)                                                                                   \
    X(Get_library_version)                                                                         \
    X(Initialized)                                                                                 \
    X(Win_call_errhandler)                                                                         \
    X(Win_get_errhandler)

typedef struct tsl_mpi_table {
#define TSL_MPI_PTR(n) __typeof__(MPI_##n) *n;
    TSL_MPI_FUNCTIONS(TSL_MPI_PTR)
#undef TSL_MPI_PTR
} tsl_mpi_table;

/* The wrapped functions of the next layer, each looked up on its first
 * call (TSL_WRAP_NEXT): looking up all 250 when the mode is decided cost
 * every process 0.2 ms at its first datatype call, for functions most
 * programs never call.  NULL: not looked up since the last decision. */
typedef struct tsl_wrap_table {
#define TSL_WRAP(n) void *n;
#include "layer/tsl_wrap.def"
#undef TSL_WRAP
} tsl_wrap_table;

TSU_HIDDEN extern tsf_fn_table tsl_next;
TSU_HIDDEN extern tsl_mpi_table tsl_mpi;
TSU_HIDDEN extern tsl_wrap_table tsl_wrap;
/* Looks "PMPI_<n>" up in the next layer into *slot; NULL when absent. */
TSU_HIDDEN void *tsl_wrap_resolve(void **slot, const char *name);
static inline void *tsl_wrap_get(void **slot, const char *name)
{
    void *p = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    return TSU_LIKELY(p != NULL) ? p : tsl_wrap_resolve(slot, name);
}
/* The next layer's MPI_<n>, or NULL when it has none. */
#define TSL_WRAP_NEXT(n) ((__typeof__(MPI_##n) *)tsl_wrap_get(&tsl_wrap.n, "PMPI_" #n))
TSU_HIDDEN extern _Atomic int tsl_mode_now; /* -1 until decided, then a tsl_mode */
TSU_HIDDEN extern int tsl_checking;         /* TYPESHIM_CHECK, set with the mode */
TSU_HIDDEN extern int tsl_leaks;            /* TYPESHIM_LEAKS or TYPESHIM_CHECK, layered */

TSU_HIDDEN int tsl_init(void);
/* Before a standalone handle is issued: fixes the standalone mode for
 * good, or fails (an unraised MPI error code) when MPICH was loaded since
 * and would receive handles it cannot know. */
TSU_HIDDEN int tsl_standalone_issue(const char *fn);
/* At exit: whether this process is checked, deciding nothing anew (no
 * object is opened: destructors may have run). */
TSU_HIDDEN int tsl_checking_at_exit(void);

static inline int tsl_mode(void)
{
    int m = atomic_load_explicit(&tsl_mode_now, memory_order_acquire);
    return TSU_LIKELY(m >= 0) ? m : tsl_init();
}

/* The layer's state of each type, kept in the object (mode_state), zero
 * for predefined types and at creation. */
typedef struct tsl_type {
    MPI_Datatype twin;    /* MPICH's literal construction, when not the
                           * shadow; 0 when none (MPICH never uses 0) */
    unsigned rows;        /* documented differences the construction contains */
    atomic_uint reported; /* cross-check kinds already reported */
    uint8_t owns_handle;  /* holds one MPICH reference to o->handle */
    uint8_t committed;    /* that shadow is committed in MPICH */
} tsl_type;

_Static_assert(sizeof(tsl_type) <= sizeof(((tsf_dtype *)0)->mode_state),
               "tsl_type must fit in tsf_dtype's mode_state");

static inline tsl_type *tsl_of(const tsf_dtype *o)
{
    return (tsl_type *)(uintptr_t)o->mode_state;
}

/* The MPICH type the cross-check asks about o: its twin when o has one
 * (the literal replay), else its shadow. */
static inline MPI_Datatype tsl_twin_of(const tsf_dtype *o)
{
    MPI_Datatype t = tsl_of(o)->twin;
    return t ? t : o->handle;
}

/* What layered mode adds to the façade (tsl_shadow.c). */
TSU_HIDDEN extern const tsf_hooks tsl_layered_hooks;

/* Whether MPICH can be called now: between MPI_Init and MPI_Finalize. */
TSU_HIDDEN int tsl_mpi_live(void);

/* ---- errors (tsl_errors.c) ----
 * Raise a typeshim error code on the handler of a communicator, window or
 * file of MPICH (MPI_COMM_WORLD for tsl_raise).  Layered: a fatal handler
 * prints "typeshim: rank N: fatal error: <message>" and aborts through
 * MPICH; another handler gets, and the program receives, an error code
 * MPICH made for the class (MPI_Add_error_code, from a bounded pool)
 * whose MPI_Error_string is typeshim's message.  Disabled: the message is
 * printed when the handler is fatal, and MPICH gets the plain class. */
TSU_HIDDEN int tsl_raise(int code);
TSU_HIDDEN int tsl_raise_on_comm(MPI_Comm comm, int code);
TSU_HIDDEN int tsl_raise_on_win(MPI_Win win, int code);
TSU_HIDDEN int tsl_raise_on_file(MPI_File fh, int code);
/* An unraised MPI_ERR_OTHER code: fn has no next layer to carry it. */
TSU_HIDDEN int tsl_no_next(const char *fn);
/* This process's rank in MPI_COMM_WORLD (from the launcher's environment
 * when MPICH cannot be asked), 0 when unknown. */
TSU_HIDDEN int tsl_rank(void);

/* ---- wrapped calls (tsl_next.c) ---- */
/* Whether this process is the root of a rooted collective on comm. */
TSU_HIDDEN int tsl_is_root(MPI_Comm comm, int root);
/* The length of a per-process array argument on comm: its size, the
 * remote group's for an intercommunicator; -1 when unknown. */
TSU_HIDDEN int tsl_group_size(MPI_Comm comm);
/* MPICH's message for an error code it returned, for our messages. */
TSU_HIDDEN const char *tsl_next_error(int code, char *buf, int len);

/* ---- shadows (tsl_shadow.c) ---- */
/* Releases the MPICH references o holds (after its handle left the
 * table, or when it moved to an adopted one). */
TSU_HIDDEN void tsl_shadow_free(tsf_dtype *o);
/* Takes over one MPICH reference to a freed shadow h and releases it
 * later (tsl_quarantine.c), so that MPICH does not reuse h at once.  c:
 * h's construction (NULL: none to give h back to), committed: whether h
 * is committed in MPICH. */
TSU_HIDDEN void tsl_quarantine_put(MPI_Datatype h, const tsf_contents *c, int committed);
/* A freed shadow of construction c whose quarantine is over, in *h with
 * its MPICH reference (and *committed), instead of a new one: 1, or 0
 * when there is none. */
TSU_HIDDEN int tsl_quarantine_reuse(const tsf_contents *c, MPI_Datatype *h, int *committed);

/* Whether h, a handle typeshim does not know, may be asked of the next
 * layer without crashing it (tsl_next.c). */
TSU_HIDDEN int tsl_next_may_ask(MPI_Datatype h);

/* ---- the next layer's large-count forms (tsl_next_wide.c) ----
 * Each calls the MPI-4.0 function when the next layer has it, else its
 * int form when the arguments fit; TSL_NEXT_CANNOT when neither can be
 * asked (no MPI error class: the next layer was not called). */
#define TSL_NEXT_CANNOT (-1)
TSU_HIDDEN int tsl_next_envelope(MPI_Datatype h, MPI_Count *ni, MPI_Count *na, MPI_Count *nc,
                                 MPI_Count *nd, int *comb);
TSU_HIDDEN int tsl_next_contents(MPI_Datatype h, MPI_Count ni, MPI_Count na, MPI_Count nc,
                                 MPI_Count nd, int ints[], MPI_Aint addrs[], MPI_Count counts[],
                                 MPI_Datatype kids[]);
/* MPI_Get_elements (elements) or MPI_Get_count, in a count. */
TSU_HIDDEN int tsl_next_get_count(const MPI_Status *st, MPI_Datatype t, MPI_Count *n, int elements);
TSU_HIDDEN int tsl_next_pack_size(MPI_Count count, MPI_Datatype t, MPI_Comm comm, MPI_Count *size);
TSU_HIDDEN int tsl_next_pack(const void *in, MPI_Count count, MPI_Datatype t, void *out,
                             MPI_Count outsize, MPI_Count *pos, MPI_Comm comm);
TSU_HIDDEN int tsl_next_unpack(const void *in, MPI_Count insize, MPI_Count *pos, void *out,
                               MPI_Count count, MPI_Datatype t, MPI_Comm comm);
TSU_HIDDEN int tsl_next_hvector(MPI_Count n, MPI_Count blocklen, MPI_Count stride, MPI_Datatype old,
                                MPI_Datatype *out);

/* ---- keys (tsl_key.c) ----
 * A construction over predefined types whose arguments take at most
 * TSL_KEY_WORDS 32-bit words (an address or a count takes two): a
 * vector, a small struct, subarray or indexed. */
#if TS_ABI_OMPI
#define TSL_KEY_WORDS 11 /* one fewer: a held shadow's handle is a pointer */
#else
#define TSL_KEY_WORDS 12
#endif
typedef struct tsl_key {
    uint32_t w[TSL_KEY_WORDS];
    int16_t combiner;
    uint8_t ni, na, nc, nd;
    uint8_t len; /* words used; 0: no key */
} tsl_key;
/* k := c's key: 1, or 0 (k says no key) when c cannot be one. */
TSU_HIDDEN int tsl_key_set(tsl_key *k, const tsf_contents *c);
/* Whether k is c's key. */
TSU_HIDDEN int tsl_key_equal(const tsl_key *k, const tsf_contents *c);
/* h, the shadow of a predefined type typeshim made, is released by
 * MPI_Finalize (before MPICH looks for leaked handles). */
TSU_HIDDEN void tsl_release_at_finalize(MPI_Datatype h);

/* ---- adoption (tsl_adopt.c) ---- */
/* The object of a handle MPICH made, decoded and entered in the table on
 * first sight; NULL when MPICH does not know it either. */
TSU_HIDDEN tsf_dtype *tsl_adopt(MPI_Datatype h);
/* The hooks' MPI_Type_free of an adopted object. */
TSU_HIDDEN void tsl_adopted_free(tsf_dtype *o);
/* MPICH just issued h for a new type while typeshim still has an object
 * under it: MPICH freed that type behind typeshim's back (a tool or
 * library calling MPICH's own PMPI_Type_free).  Takes the stale object
 * out of the table and drops the program's references to it: 1, or 0
 * when there was none. */
TSU_HIDDEN int tsl_evict_stale(MPI_Datatype h);

/* ---- counters (tsl_next.c, tsl_check.c) ---- */
TSU_HIDDEN void tsl_check_counts(long *checks, long *divergences, long *intended);
TSU_HIDDEN void tsl_count_shadows(long delta);
/* MPICH datatypes the layer holds for live types (shadows, check twins,
 * adopted handles): what the quarantine must leave room for. */
TSU_HIDDEN long tsl_live_shadows(void);
TSU_HIDDEN void tsl_count_adopted(void);

/* ---- cross-check (tsl_check.c) ----
 * The decorators (tsl_api.h) call the façade, then compare its answer with
 * MPICH's on o's twin (o->handle when there is none), report a divergence
 * once per type and kind, and count.  Called only when tsl_checking. */
enum tsl_rows {
    TSL_ROW_MULTI_MARKER = 1u << 0, /* several MPI_LB (MPI_UB) in one struct */
    TSL_ROW_STICKY = 1u << 1,       /* markers inherited from a child */
    TSL_ROW_EPS_LB = 1u << 2,       /* padding with MPI_LB and no MPI_UB */
    TSL_ROW_FLOAT16 = 1u << 3,      /* MPICH's MPIX_C_FLOAT16 is broken */
    TSL_ROW_NEG_CONTIG = 1u << 4,   /* MPICH misplaces contiguous copies of extent < 0 */
    /* Open MPI 4.1's, in libtypeshim-ompi instead of those above */
    TSL_ROW_OMPI_EPSILON = 1u << 5, /* h-types padded to their alignment */
    TSL_ROW_OMPI_EMPTY = 1u << 6,   /* empty blocks and types out of the bounds */
    TSL_ROW_OMPI_RESIZED = 1u << 7, /* a resized child's bounds kept in the parent */
    TSL_ROW_REFUSED = 1u << 8,      /* the MPI refused the construction: an empty shadow */
};
TSU_HIDDEN void tsl_check_summary(void);
/* The check's own communicator for MPICH's calls (a dup of MPI_COMM_SELF
 * whose errors return), or MPI_COMM_NULL when it cannot be made. */
TSU_HIDDEN MPI_Comm tsl_check_comm(void);
/* At MPI_Finalize: frees what the comparisons hold in MPICH. */
TSU_HIDDEN void tsl_check_release(void);

/* ---- reports (tsl_report.c) ---- */
enum tsl_kind {
    TSL_K_BOUNDS = 1u << 0,
    TSL_K_DECODE = 1u << 1,
    TSL_K_PACK = 1u << 2,
    TSL_K_UNPACK = 1u << 3,
    TSL_K_ELEMENTS = 1u << 4,
    TSL_K_REFUSED = 1u << 5, /* MPICH failed a call typeshim carried out */
    TSL_K_ERROR = 1u << 6,   /* typeshim failed a call MPICH carried out */
};
/* One divergence of a kind on o, reported the first time only: intended
 * when o's construction has a documented row, or when why (a documented
 * difference of the call itself) is given. */
TSU_HIDDEN void tsl_diverged(tsf_dtype *o, unsigned kind, const char *fn, const char *ours,
                             const char *theirs, const char *why);
/* One more comparison (and the summary armed). */
TSU_HIDDEN void tsl_counted(void);
/* Arranges for the summary and the leak report at MPI_Finalize (once MPI
 * is initialised). */
TSU_HIDDEN void tsl_check_hook(void);
/* The leak report (tsl_leaks.c): every derived type the program still
 * holds, with its construction and the call that made it. */
TSU_HIDDEN void tsl_leak_report(void);

#endif /* TSL_H */
