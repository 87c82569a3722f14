/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_common.h - helpers shared by the layered-mode tests (test/layered/).
 *
 * The lt_* programs are plain MPICH programs: they include MPICH's mpi.h
 * and never typeshim.h, so one binary runs unmodified on MPICH alone, with
 * libtypeshim.so preloaded, or with -ltypeshim linked ahead of -lmpich.
 * What they must observe is chosen by the environment:
 *
 *   LT_EXPECT=mpich     plain MPICH, or typeshim with TYPESHIM_DISABLE=1:
 *                       typeshim_mode is absent or returns 2 (disabled),
 *                       and datatype answers are MPICH's;
 *   LT_EXPECT=typeshim  typeshim is layered (typeshim_mode() == 1), its
 *                       answers differ from MPICH's where typeshim(7)
 *                       says so, and no shadow is left in MPICH at the end;
 *   LT_EXPECT=standalone  typeshim answers alone (typeshim_mode() == 0:
 *                       libtypeshim-serial, one process): typeshim's
 *                       answers, no MPI and so no shadows;
 *   unset               taken from typeshim_mode() (typeshim or not).
 *
 * Checks never use assert(): LT_CHECK* print file:line, the expression and
 * the values, count the failure and go on.  Counters are atomic (GCC/Clang
 * __atomic builtins; the rest is C99), so threads may check concurrently.
 *
 * A program: MPI_Init; lt_begin(name) (or, for a typeshim-only program,
 * LT_REQUIRE_TYPESHIM() and lt_stats()); checks; free every type;
 * lt_check_no_leak(); MPI_Finalize; return lt_finish(name, rank), which
 * prints the rank's line, "<prog> rank R: ok (N checks)" or
 * "<prog> rank R: FAILED (F of N checks)", and returns 0 or 1.
 */
#ifndef LT_COMMON_H
#define LT_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT */
#endif

#include <dlfcn.h>
#include <mpi.h>

#include "../mpi1_compat.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LT_UNUSED   __attribute__((unused))
#define LT_NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Failures printed in full; later ones are only counted. */
#define LT_MAX_REPORTS 60

extern const char *lt_prog;
extern int lt_rank;
extern long lt_nchecks;
extern long lt_nfailed;

void lt_vfail(const char *file, int line, const char *fmt, va_list ap);

void lt_fail_at(const char *file, int line, const char *fmt, ...);

/* Counts a check; returns cond, so callers can skip what depends on it. */
int lt_count(int cond);

/* LT_CHECK(expr): a truth value. */
#define LT_CHECK(expr) (lt_count(!!(expr)) ? 1 : (lt_fail_at(__FILE__, __LINE__, "%s", #expr), 0))

/* LT_CHECK_INT(a, op, b): an integer comparison (op one of == != < <= > >=),
 * each side evaluated once, both values printed. */
#define LT_CHECK_INT(a, op, b)                                                                     \
    lt_check_int(__FILE__, __LINE__, #a, #op, #b, (long long)(a), (long long)(b))

int lt_check_int(const char *file, int line, const char *ta, const char *op, const char *tb,
                 long long a, long long b);

/* LT_CHECK_STR(a, b): two C strings are equal. */
#define LT_CHECK_STR(a, b) lt_check_str(__FILE__, __LINE__, #a, #b, a, b)

int lt_check_str(const char *file, int line, const char *ta, const char *tb, const char *a,
                 const char *b);

/* Text of an MPI error code (into a caller's buffer: threads use it). */
const char *lt_errstr(int rc, char *buf, int size);

/* LT_CHECK_MPI(call): an MPI call returns MPI_SUCCESS (the programs set
 * MPI_ERRORS_RETURN on MPI_COMM_WORLD, where datatype errors are raised). */
#define LT_CHECK_MPI(call) lt_check_mpi(__FILE__, __LINE__, #call, call)

int lt_check_mpi(const char *file, int line, const char *text, int rc);

/* Compares n bytes; prints the first few differing offsets. */
#define LT_CHECK_BYTES(got, want, n, what) lt_check_bytes(__FILE__, __LINE__, got, want, n, what)

int lt_check_bytes(const char *file, int line, const void *got, const void *want, long n,
                   const char *what);

/* ------------------------------------------------------------------
 * Proof that typeshim answered (or that it did not).
 *
 * typeshim_mode and typeshim_layer_stats_get are looked up at run time
 * (RTLD_DEFAULT), so the same source serves the preloaded, the linked and
 * the plain-MPICH cases.  The struct mirrors include/typeshim.h.
 * ------------------------------------------------------------------ */

#define LT_EXPECT_MPICH    0
#define LT_EXPECT_TYPESHIM 1

#ifndef TYPESHIM_H /* else typeshim.h declared it */
typedef struct typeshim_layer_stats {
    long shadows, adopted, checks, divergences, intended;
} typeshim_layer_stats;
#endif

extern int lt_expect;
extern int lt_standalone; /* typeshim_mode() was 0: no MPI under typeshim */
extern long lt_shadows0;  /* stats.shadows right after MPI_Init */

/* typeshim_mode(), or -1 when no typeshim is loaded. */
int lt_ts_mode(void);

/* Fills *st from typeshim_layer_stats_get; 0 on success, -1 if absent. */
int lt_ts_stats(typeshim_layer_stats *st);

long lt_shadows_now(void);

/* ------------------------------------------------------------------
 * Answers that differ between typeshim and MPICH 4.0.2 (typeshim(7)),
 * measured on this MPICH; used by lt_begin and by lt_p2p's marker cases.
 * ------------------------------------------------------------------ */

/* struct{MPI_LB@4, MPI_LB@-2, MPI_INT@0}: typeshim takes the min of the
 * markers and keeps epsilon (lb -2, ub 6, extent 8); MPICH takes the last
 * marker and drops epsilon (lb -2, ub 4, extent 6).  Both: size 4, true
 * lb 0, true extent 4. */
#define LT_TWO_LB_LB     (-2)
#define LT_TWO_LB_EXTENT (lt_expect == LT_EXPECT_TYPESHIM ? 8 : 6)

/* struct{MPI_INT@0, child@100} with child = struct{MPI_LB@8, MPI_INT@8}:
 * typeshim keeps the inherited marker (lb 108, ub 112, extent 4); MPICH
 * forgets it (lb 0, ub 112, extent 112).  Both: size 8, true lb 0, true
 * extent 112. */
#define LT_STICKY_LB     (lt_expect == LT_EXPECT_TYPESHIM ? 108 : 0)
#define LT_STICKY_EXTENT (lt_expect == LT_EXPECT_TYPESHIM ? 4 : 112)

void lt_make_two_lb(MPI_Datatype *t);

void lt_make_sticky(MPI_Datatype *t);

/* The bounds of a type, checked against expected values. */
#define LT_CHECK_BOUNDS(t, lb, extent, size, tlb, textent)                                         \
    lt_check_bounds(__FILE__, __LINE__, #t, t, lb, extent, size, tlb, textent)

int lt_check_bounds(const char *file, int line, const char *what, MPI_Datatype t, long lb,
                    long extent, long size, long tlb, long textent);

/* After MPI_Init: name the program, make errors return, settle what to
 * expect and prove it (mode, shadow count, a semantic difference). */
void lt_begin(const char *prog);

/* Under typeshim, while derived types are live, typeshim holds shadows. */
void lt_check_shadows_live(void);

/* For programs that only make sense layered (LT_EXPECT=typeshim): fails
 * unless typeshim_mode() is 1; shadows are then counted from here. */
#define LT_REQUIRE_TYPESHIM() lt_require_typeshim(__FILE__, __LINE__)

void lt_require_typeshim(const char *file, int line);

/* The layer counters; a failed check (and zeros) without typeshim. */
void lt_stats(typeshim_layer_stats *st);

#define LT_CHECK_EQ(a, b) LT_CHECK_INT(a, ==, b)

/* Before MPI_Finalize, with every type freed: under typeshim, no shadow
 * is left in MPICH beyond those of MPI_Init. */
void lt_check_no_leak(void);

/* Prints the rank's line and returns the exit status (0 or 1); may be
 * called after MPI_Finalize. */
int lt_finish(const char *prog, int rank);

/* ------------------------------------------------------------------
 * Reference layouts ("maps"): the byte blocks of a type map in type-map
 * order, with the bounds, computed by hand from the constructor rules,
 * never by MPI.  Pack of (buf, count, t) must equal the concatenation of
 * the blocks of count copies of t's map shifted by i * extent.
 * ------------------------------------------------------------------ */

typedef struct lt_map {
    long n, cap;
    long *off, *len;
    long lb, extent;
    long size;
} lt_map;

void lt_map_init(lt_map *m);

void lt_map_free(lt_map *m);

void lt_map_add(lt_map *m, long off, long len);

/* Appends count copies of src, the i-th shifted by shift + i * src->extent. */
void lt_map_append(lt_map *dst, const lt_map *src, long shift, long count);

/* A basic type of the given size (lb 0, extent size). */
void lt_map_basic(lt_map *m, long size);

/* Bounds of blocks of `old` copies placed at the given shifts (the
 * MPI-2 rule without markers and without epsilon). */
void lt_map_bounds(lt_map *m, const lt_map *old, long nblk, const long *disp, const long *bl);

/* hindexed(nblk, bl, disp in bytes, old); vector forms go through it. */
void lt_map_hindexed(lt_map *m, long nblk, const long *bl, const long *disp, const lt_map *old);

void lt_map_hvector(lt_map *m, long count, long bl, long stride, const lt_map *old);

void lt_map_resized(lt_map *m, const lt_map *old, long lb, long extent);

/* ------------------------------------------------------------------
 * Reference maps of subarray and darray (the type map lists the selected
 * elements in array storage order, C or Fortran).
 * ------------------------------------------------------------------ */

/* Elements of a ndims array, in storage order, kept when keep[d][idx[d]]
 * holds for every d (keep == NULL: the box [lo, lo + n) per dimension). */
void lt_array_map(lt_map *m, int ndims, const int *sizes, const int *lo, const int *n,
                  const char *const *keep, int order, long elsize);

/* Pattern byte of the sender's buffer at offset off from the buffer
 * pointer; never the 0xA5 poison. */
unsigned char lt_pat(int src, long off, int salt);

#define LT_POISON 0xA5

/* The byte span [lo, hi) that count copies of m touch. */
void lt_map_span(const lt_map *m, long count, long *lo, long *hi);

/* The packed stream of (buf, count, m) into out (count * m->size bytes). */
void lt_map_pack(const unsigned char *buf, long count, const lt_map *m, unsigned char *out);

/* The inverse: the first nbytes of the stream go to the blocks (a
 * partial receive when nbytes < count * m->size), nothing else moves. */
void lt_map_unpack_n(const unsigned char *in, long nbytes, unsigned char *buf, long count,
                     const lt_map *m);

void lt_map_unpack(const unsigned char *in, unsigned char *buf, long count, const lt_map *m);

/* A buffer for count copies of m, with a poisoned margin on both sides:
 * base is the allocation, buf the pointer to pass to MPI. */
typedef struct lt_buf {
    unsigned char *base, *buf;
    long total;
} lt_buf;

#define LT_MARGIN 64

void lt_buf_alloc(lt_buf *b, const lt_map *m, long count);

void lt_buf_fill(lt_buf *b, int src, int salt);

void lt_buf_free(lt_buf *b);

/* Checks that b holds exactly what unpacking the first nbytes of stream as
 * count copies of m into a poisoned b gives: the data where m puts it, the
 * poison everywhere else (margins and gaps included). */
#define LT_CHECK_UNPACKED(b, stream, nbytes, count, m, what)                                       \
    lt_check_unpacked(__FILE__, __LINE__, b, stream, nbytes, count, m, what)

int lt_check_unpacked(const char *file, int line, const lt_buf *b, const unsigned char *stream,
                      long nbytes, long count, const lt_map *m, const char *what);

/* typeshim_set_alloc_funcs, looked up at run time (a failed check when
 * no typeshim is loaded). */
void lt_set_alloc(void *(*m)(size_t), void (*f)(void *));

/* Frees a datatype returned by MPI_Type_get_contents when it must be freed:
 * derived types only; named and f90 (unnamed predefined) ones are not. */
void lt_free_returned(MPI_Datatype *t);

#endif /* LT_COMMON_H */
