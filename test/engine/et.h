/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * et.h - helpers of the engine (tsd_*) white-box tests.
 *
 * The tests link libtypeshim-internal.la and call the engine directly: no
 * handle, no façade.  Expected descriptions are written as arrays of
 * ET_ELEM / ET_LOOP / ET_END records and compared field by field.
 *
 * Every test runs with a counting allocator installed through
 * typeshim_set_alloc_funcs(); et_live() is the number of blocks the library
 * holds, and the checked fixture fails a test that leaves any behind.
 */
#ifndef ET_H
#define ET_H

#include "typeshim_config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "typeshim.h"
#include "engine/tsd.h"

/* ---- predefined types, as the façade makes them (tsd_init_basic) ---- */
extern const tsd_type *I1, *U1, *U2, *U4, *U8, *I4, *F8, *MLB, *MUB;
void et_init_basics(void);

/* ---- counting allocator ---- */
void et_alloc_install(void);
long et_live(void);      /* blocks allocated and not freed */
void et_fail_at(long n); /* the n-th allocation from now fails (0: none) */
long et_calls(void);     /* allocations since the last et_fail_at() */
int et_failed(void);     /* whether the armed failure has happened */

/* Adds the leak-checking fixture to tc. */
void et_fixture(TCase *tc);

/* ---- expected records ---- */
typedef struct et_rec {
    int kind;
    int type;
    int64_t f[4];
} et_rec;
enum { ET_K_ELEM = 1, ET_K_LOOP, ET_K_END };
/* clang-format off */
/* elem {type, count, blocklen, extent, disp} */
#define ET_ELEM(T, count, blocklen, extent, disp) \
    { ET_K_ELEM, TSD_##T, { (count), (blocklen), (extent), (disp) } }
/* loop {loops, items, extent} */
#define ET_LOOP(loops, items, extent) \
    { ET_K_LOOP, TSD_LOOP, { (loops), (items), (extent), 0 } }
/* end_loop {items, size, first_elem_disp} */
#define ET_END(items, size, first_elem_disp) \
    { ET_K_END, TSD_END_LOOP, { (items), (size), (first_elem_disp), 0 } }
/* clang-format on */
#define ET_N(a) ((int64_t)(sizeof(a) / sizeof((a)[0])))

/* The final end_loop of a committed desc / opt_desc carries the
 * displacement of the first elem (OPAL), not true_lb; cases
 * where the two differ write FINAL_FED(first elem disp, true_lb).  (Once
 * engine bug B2, fixed.) */
#define FINAL_FED(first_elem, true_lb) (first_elem)

/* An empty type map is vacuously CONTIGUOUS and NO_GAPS (OPAL), as
 * the engine's own empty predefined types are.  (Once engine bug B1.) */
#define EMPTY_CONTIG  TSD_FLAG_CONTIGUOUS
#define EMPTY_NO_GAPS TSD_FLAG_NO_GAPS

/* Constructor arguments as array literals. */
#define A64(...) ((const int64_t[]){__VA_ARGS__})
#define AI(...)  ((const int[]){__VA_ARGS__})
#define TY(...)  ((const tsd_type *const[]){__VA_ARGS__})

/* Compares a description with x[0..nx): with_final = 1 when x ends with the
 * extra end_loop of a committed description (then used == nx - 1). */
void et_check_desc_at(const char *file, int line, const char *what, const tsd_desc *d,
                      int with_final, const et_rec *x, int64_t nx);
#define ET_DESC(t, x)   et_check_desc_at(__FILE__, __LINE__, "desc", tsd_desc_of(t), 0, x, ET_N(x))
#define ET_DESC_C(t, x) et_check_desc_at(__FILE__, __LINE__, "desc", tsd_desc_of(t), 1, x, ET_N(x))
#define ET_OPT(t, x)    et_check_desc_at(__FILE__, __LINE__, "opt_desc", tsd_opt_of(t), 1, x, ET_N(x))

/* size, lb, ub, true_lb, true_ub, nbElems, align */
void et_check_bounds_at(const char *file, int line, const tsd_type *t, int64_t size, int64_t lb,
                        int64_t ub, int64_t true_lb, int64_t true_ub, int64_t nbElems,
                        int64_t align);
#define ET_BOUNDS(t, size, lb, ub, tlb, tub, nb, align)                                            \
    et_check_bounds_at(__FILE__, __LINE__, t, size, lb, ub, tlb, tub, nb, align)

/* Exact flags (named in the message). */
void et_check_flags_at(const char *file, int line, const tsd_type *t, unsigned mask,
                       unsigned expect);
#define ET_FLAGS(t, f) et_check_flags_at(__FILE__, __LINE__, t, 0xffffu, f)
/* Before commit only the flags construction decides are compared: USER_LB,
 * USER_UB, DATA, PREDEFINED and COMMITTED (contiguity and overlap are a
 * commit-time matter). */
#define ET_PRE_MASK                                                                                \
    (TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_DATA | TSD_FLAG_PREDEFINED | TSD_FLAG_COMMITTED)
#define ET_PREFLAGS(t, f) et_check_flags_at(__FILE__, __LINE__, t, ET_PRE_MASK, f)

/* btypes: {id, count} pairs; every other id must be 0, and bdt_used must be
 * exactly the ids listed. */
typedef struct et_bt {
    int id;
    int64_t n;
} et_bt;
void et_check_btypes_at(const char *file, int line, const tsd_type *t, const et_bt *x);
#define ET_BTYPES(t, ...)                                                                          \
    et_check_btypes_at(__FILE__, __LINE__, t, (const et_bt[]){__VA_ARGS__, {-1, 0}})
#define ET_NO_BTYPES(t) et_check_btypes_at(__FILE__, __LINE__, t, (const et_bt[]){{-1, 0}})

/* The type map of a description: (basic id, displacement) in signature order. */
typedef struct et_ent {
    int type;
    int64_t disp;
} et_ent;
/* Returns the number of entries, or -1 past max. */
int64_t et_typemap(const tsd_desc *d, et_ent *out, int64_t max);
void et_check_typemap_at(const char *file, int line, const tsd_type *t, const et_ent *x,
                         int64_t nx);
#define ET_TYPEMAP(t, x) et_check_typemap_at(__FILE__, __LINE__, t, x, ET_N(x))

/* tsd_check() accepts t; for a committed t also: desc and opt_desc describe
 * the same bytes in the same order (opt_desc only merges and re-types). */
void et_ok_at(const char *file, int line, const tsd_type *t);
#define ET_OK(t) et_ok_at(__FILE__, __LINE__, t)

/* tsd_commit succeeds and the result passes ET_OK. */
void et_commit_at(const char *file, int line, tsd_type *t);
#define ET_COMMIT(t) et_commit_at(__FILE__, __LINE__, t)

/* Asserts an engine call returned TSD_OK. */
#define ET_RC(call)                                                                                \
    do {                                                                                           \
        int et_rc_ = (call);                                                                       \
        ck_assert_msg(et_rc_ == TSD_OK, "%s returned %d", #call, et_rc_);                          \
    } while (0)

/* a and b are the same type: flags, id, bounds, counts, both
 * descriptions record for record, and once committed the loop depth and
 * the block list's length too. */
void et_same_type(const tsd_type *a, const tsd_type *b);

/* The checks every zero-length type (empty type map, bounds and true bounds
 * 0/0, alignment 1, no records) passes, before and after commit (which it
 * does). */
void et_check_zerolen_at(const char *file, int line, tsd_type *t);
#define et_check_zerolen(t) et_check_zerolen_at(__FILE__, __LINE__, t)

/* {F8@0, I1@8} with the struct epsilon (TSD_EPS_ALWAYS): size 9, lb 0,
 * ub 9 rounded up to the alignment 8 -> 16, true bounds 0..9. */
tsd_type *et_make_f8_i1(void);
/* MPI-1.1 §3.12.3's type1: struct{(LB,-3), (int,0), (UB,6)}, extent 9. */
tsd_type *et_make_lbub_type1(void);

/* Runs the suites; returns EXIT_SUCCESS / EXIT_FAILURE. */
int et_run(Suite *const *suites, int n);

#endif /* ET_H */
