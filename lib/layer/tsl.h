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
 *   tsl_check.c   TYPESHIM_CHECK: the decorators and comparisons
 *   tsl_report.c  TYPESHIM_CHECK: reports, counters, the summary
 *   tsl_quarantine.c  freed shadows held back before MPICH reuses them
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
 * NULL where the next layer lacks it), and the other MPI functions the
 * layer itself needs (tsl_mpi). */
typedef struct tsl_mpi_table {
    __typeof__(PMPI_Comm_get_errhandler) *Comm_get_errhandler;
    __typeof__(PMPI_Errhandler_free) *Errhandler_free;
    __typeof__(PMPI_Comm_call_errhandler) *Comm_call_errhandler;
    __typeof__(PMPI_Error_string) *Error_string;
    __typeof__(PMPI_Initialized) *Initialized;
    __typeof__(PMPI_Finalized) *Finalized;
    __typeof__(PMPI_Comm_rank) *Comm_rank;
    __typeof__(PMPI_Comm_create_keyval) *Comm_create_keyval;
    __typeof__(PMPI_Comm_set_attr) *Comm_set_attr;
    __typeof__(PMPI_Comm_dup) *Comm_dup;
    __typeof__(PMPI_Comm_free) *Comm_free;
    __typeof__(PMPI_Comm_set_errhandler) *Comm_set_errhandler;
} tsl_mpi_table;

TSU_HIDDEN extern tsf_fn_table tsl_next;
TSU_HIDDEN extern tsl_mpi_table tsl_mpi;
TSU_HIDDEN extern _Atomic int tsl_mode_now; /* -1 until decided, then a tsl_mode */
TSU_HIDDEN extern int tsl_checking;         /* TYPESHIM_CHECK, set with the mode */

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
    int owns_handle;      /* holds one MPICH reference to o->handle */
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

/* ---- errors (tsl_next.c) ----
 * Raises a typeshim error code on MPICH's MPI_COMM_WORLD handler: the
 * message is printed first when that handler is fatal; MPICH gets (and the
 * program receives) the plain class, the only code MPICH can decode. */
TSU_HIDDEN int tsl_raise(int code);
/* MPICH's message for an error code it returned, for our messages. */
TSU_HIDDEN const char *tsl_next_error(int code, char *buf, int len);

/* ---- shadows (tsl_shadow.c) ---- */
/* Releases the MPICH references o holds (after its handle left the
 * table, or when it moved to an adopted one). */
TSU_HIDDEN void tsl_shadow_free(tsf_dtype *o);
/* Takes over one MPICH reference to a freed shadow h and releases it
 * later (tsl_quarantine.c), so that MPICH does not reuse h at once. */
TSU_HIDDEN void tsl_quarantine_put(MPI_Datatype h);

/* ---- adoption (tsl_adopt.c) ---- */
/* The object of a handle MPICH made, decoded and entered in the table on
 * first sight; NULL when MPICH does not know it either. */
TSU_HIDDEN tsf_dtype *tsl_adopt(MPI_Datatype h);
/* The hooks' MPI_Type_free of an adopted object. */
TSU_HIDDEN void tsl_adopted_free(tsf_dtype *o);

/* ---- counters (tsl_next.c, tsl_check.c) ---- */
TSU_HIDDEN void tsl_check_counts(long *checks, long *divergences, long *intended);
TSU_HIDDEN void tsl_count_shadows(long delta);
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
};
TSU_HIDDEN void tsl_check_summary(void);
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
/* "vector", "struct"...: the name of an MPI_COMBINER_ value. */
TSU_HIDDEN const char *tsl_combiner_name(int combiner);
/* Arranges for the summary at MPI_Finalize (once MPI is initialised). */
TSU_HIDDEN void tsl_check_hook(void);

#endif /* TSL_H */
