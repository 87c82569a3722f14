/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsl: typeshim layered over MPICH (typeshim(7), USES).  This is
 * the façade's other side: it talks to the next layer (MPICH's PMPI_
 * functions, found with dlsym(RTLD_NEXT), or in an MPICH a plugin loaded), keeps a shadow of every
 * derived type there, adopts handles MPICH made, and cross-checks answers.
 * The engine never sees any of it.
 *
 * Files:
 *   tsl_next.c    mode decision, the next layer's function table, errors
 *                 raised through MPICH's handlers, typeshim_mode()
 *   tsl_shadow.c  building and freeing shadows (and check twins)
 *   tsl_adopt.c   adopting handles MPICH made, by decoding them
 *   tsl_check.c   TYPESHIM_CHECK: the comparisons
 *   tsl_report.c  TYPESHIM_CHECK: reports, counters, the summary
 *   tsl_quarantine.c  freed shadows held back before MPICH reuses them
 *
 * Ownership: a derived tsf_dtype holds exactly one MPICH reference to its
 * shadow (o->handle) and, when distinct, one to its twin (o->twin); both
 * are released when the object is destroyed, after its handle left the
 * table.  Handles get_contents returns are typeshim references only.  An
 * adopted object holds no reference to its own handle (the program does),
 * so the program's MPI_Type_free is also passed to MPICH.
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

/* The next layer: one pointer per exported function (NULL when the next
 * layer lacks it), plus what the layer itself needs. */
typedef struct tsl_next_table {
#define TSL_FN(n) __typeof__(PMPI_##n) *n;
#include "layer/tsl_next.def"
#undef TSL_FN
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
} tsl_next_table;

TSU_HIDDEN extern tsl_next_table tsl_next;
/* typeshim's own functions in the same table shape (adoption replays). */
TSU_HIDDEN extern const tsl_next_table tsl_self;
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

/* The MPICH type the cross-check asks about o: its twin when o has one
 * (the literal replay), else its shadow. */
static inline MPI_Datatype tsl_twin_of(const tsf_dtype *o)
{
    return o->twin != MPI_DATATYPE_NULL ? o->twin : o->handle;
}

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
/* Replays the constructor call c records through table fns (MPICH's or
 * typeshim's own) over the child handles kids; returns fns' error code. */
TSU_HIDDEN int tsl_construct(const tsl_next_table *fns, const tsf_contents *c,
                             const MPI_Datatype *kids, MPI_Datatype *out);
/* Gives o (published, with its contents and engine type) its MPICH
 * shadow: on success o->handle is the shadow, and o->twin the literal
 * construction when it differs.  Returns an unraised MPI error code. */
TSU_HIDDEN int tsl_shadow_new(tsf_dtype *o, const char *fn);
TSU_HIDDEN int tsl_shadow_commit(tsf_dtype *o, const char *fn);
/* Releases the MPICH references o holds (after its handle left the table). */
TSU_HIDDEN void tsl_shadow_free(tsf_dtype *o);
/* Takes over one MPICH reference to a freed shadow h and releases it
 * later (tsl_quarantine.c), so that MPICH does not reuse h at once. */
TSU_HIDDEN void tsl_quarantine_put(MPI_Datatype h);
/* Which documented differences o's construction contains (TSL_ROW_ bits). */
TSU_HIDDEN unsigned tsl_rows_of(const tsf_record *rec, const tsd_type *eng);

/* ---- adoption (tsl_adopt.c) ---- */
/* The object of a handle MPICH made, decoded and entered in the table on
 * first sight; NULL when MPICH does not know it either. */
TSU_HIDDEN tsf_dtype *tsl_adopt(MPI_Datatype h);
/* In tsl_shadow_new: when an adoption is replaying on this thread, o takes
 * the adopted handle instead of a new shadow (returns 1). */
TSU_HIDDEN int tsl_adopt_claim(tsf_dtype *o);

/* ---- counters (tsl_next.c, tsl_check.c) ---- */
TSU_HIDDEN void tsl_check_counts(long *checks, long *divergences, long *intended);
TSU_HIDDEN void tsl_count_shadows(long delta);
TSU_HIDDEN void tsl_count_adopted(void);

/* ---- cross-check (tsl_check.c) ----
 * Each compares typeshim's answer with MPICH's on o's twin (o->handle when
 * there is none), reports a divergence once per type and kind, and counts.
 * Called only when tsl_checking. */
enum tsl_rows {
    TSL_ROW_MULTI_MARKER = 1u << 0, /* several MPI_LB (MPI_UB) in one struct */
    TSL_ROW_STICKY = 1u << 1,       /* markers inherited from a child */
    TSL_ROW_EPS_LB = 1u << 2,       /* padding with MPI_LB and no MPI_UB */
    TSL_ROW_FLOAT16 = 1u << 3,      /* MPICH's MPIX_C_FLOAT16 is broken */
};
TSU_HIDDEN void tsl_check_bounds(tsf_dtype *o, const char *fn);
TSU_HIDDEN void tsl_check_decode(tsf_dtype *o, const char *fn);
/* MPI_Pack/MPI_Unpack's engine call, done and compared with MPICH's;
 * returns the engine's status. */
TSU_HIDDEN int tsl_checked_transfer(tsf_dtype *o, const char *fn, int unpack, void *buf,
                                    int64_t count, void *packed, int64_t bytes);
/* MPI_Pack/MPI_Unpack that typeshim refused with `code` because the
 * `bytes` of the stream do not fit the buffer: MPICH's answer to the same
 * call, asked in a sandbox (MPICH does not check the size, and would
 * write or read past the program's buffer), and compared. */
TSU_HIDDEN void tsl_check_truncated(tsf_dtype *o, const char *fn, int unpack, const void *buf,
                                    int64_t count, const void *packed, int64_t bufsize,
                                    int64_t position, int64_t bytes, int code);
TSU_HIDDEN void tsl_check_elements(tsf_dtype *o, const char *fn, const MPI_Status *st,
                                   int64_t value, int elements);
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
