/* SPDX-License-Identifier: BSD-3-Clause */
/* tsd_build_priv.h: what the constructors (tsd_build.c) and their runs
 * form (tsd_build_runs.c) share. */
#ifndef TSD_BUILD_PRIV_H
#define TSD_BUILD_PRIV_H

/* What tsd_build_runs_struct_id finds: the list's entries before touching runs
 * join, and the blocks behind them. */
typedef struct runs_plan {
    int64_t entries, src;
} runs_plan;

/* tsd_build.c.  Whether t is a predefined basic type (no marker) of
 * positive extent. */
TSU_HIDDEN int tsd_build_is_basic(const tsd_type *t);
/* len more elements of basic type old in t's size and element counts;
 * -1 on overflow. */
TSU_HIDDEN int tsd_build_add_contents(tsd_type *t, const tsd_type *old, int64_t len);
/* Ends a loop-free build whose bounds the caller found. */
TSU_HIDDEN int tsd_build_finish_with_bounds(tsd_builder *b, int64_t lb, int64_t ub, int64_t tlb,
                                            int64_t tub, int epsilon, tsd_type **out);

/* tsd_build_runs.c.  Whether basic t's blocks can be runs. */
TSU_HIDDEN int tsd_build_runs_member(const tsd_type *t);
/* The blocks of one basic type `one` as runs; see tsd_build_runs.c. */
TSU_HIDDEN int tsd_build_runs_blocks(const tsd_blocks *bk, const tsd_type *one, int epsilon,
                                     tsd_type **out);
/* Whether a struct with a derived member is in the runs form: its id
 * (and *plan), 0 for records, or -TSD_ERR_NOMEM. */
TSU_HIDDEN int tsd_build_runs_struct_id(const tsd_blocks *bk, const tsd_type *const *types,
                                        runs_plan *plan);
/* The struct tsd_build_runs_struct_id accepted, built in the runs form. */
TSU_HIDDEN int tsd_build_runs_struct(const tsd_blocks *bk, const tsd_type *const *types, int id,
                                     const runs_plan *plan, int epsilon, tsd_type **out);

#endif /* TSD_BUILD_PRIV_H */
