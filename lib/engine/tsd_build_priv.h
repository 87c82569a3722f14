/* SPDX-License-Identifier: BSD-3-Clause */
/* tsd_build_priv.h: what the constructors (tsd_build.c) and their runs
 * form (tsd_build_runs.c) share.  The helpers keep their short names in
 * C; their symbols carry the engine's prefix (a static link puts them
 * beside the program's own). */
#ifndef TSD_BUILD_PRIV_H
#define TSD_BUILD_PRIV_H

#define TSD_BUILD_SYMBOL(sym) __asm__(#sym)

/* What runs_struct_id finds: the list's entries before touching runs
 * join, and the blocks behind them. */
typedef struct runs_plan {
    int64_t entries, src;
} runs_plan;

/* tsd_build.c.  Whether t is a predefined basic type (no marker) of
 * positive extent. */
TSU_HIDDEN int is_basic(const tsd_type *t) TSD_BUILD_SYMBOL(tsd_build_is_basic);
/* len more elements of basic type old in t's size and element counts;
 * -1 on overflow. */
TSU_HIDDEN int add_contents(tsd_type *t, const tsd_type *old, int64_t len)
    TSD_BUILD_SYMBOL(tsd_build_add_contents);
/* Ends a loop-free build whose bounds the caller found. */
TSU_HIDDEN int finish_with_bounds(tsd_builder *b, int64_t lb, int64_t ub, int64_t tlb, int64_t tub,
                                  int epsilon, tsd_type **out)
    TSD_BUILD_SYMBOL(tsd_build_finish_with_bounds);

/* tsd_build_runs.c.  Whether basic t's blocks can be runs. */
TSU_HIDDEN int runs_member(const tsd_type *t) TSD_BUILD_SYMBOL(tsd_build_runs_member);
/* The blocks of one basic type `one` as runs; see tsd_build_runs.c. */
TSU_HIDDEN int runs_blocks(const tsd_blocks *bk, const tsd_type *one, int epsilon, tsd_type **out)
    TSD_BUILD_SYMBOL(tsd_build_runs_blocks);
/* Whether a struct with a derived member is in the runs form: its id
 * (and *plan), 0 for records, or -TSD_ERR_NOMEM. */
TSU_HIDDEN int runs_struct_id(const tsd_blocks *bk, const tsd_type *const *types, runs_plan *plan)
    TSD_BUILD_SYMBOL(tsd_build_runs_struct_id);
/* The struct runs_struct_id accepted, built in the runs form. */
TSU_HIDDEN int runs_struct(const tsd_blocks *bk, const tsd_type *const *types, int id,
                           const runs_plan *plan, int epsilon, tsd_type **out)
    TSD_BUILD_SYMBOL(tsd_build_runs_struct);

#endif /* TSD_BUILD_PRIV_H */
