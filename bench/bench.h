/* SPDX-License-Identifier: BSD-3-Clause */
/* bench.h: what the benchmark's three files share (bench_pack.c, the
 * driver; bench_patterns.c, the layouts and their MPI types;
 * bench_loops.c, the hand-written loops). */
#ifndef BENCH_H
#define BENCH_H

#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BENCH_IMPL
#if defined(OPEN_MPI)
#define BENCH_IMPL "openmpi"
#else
#define BENCH_IMPL "mpich"
#endif
#endif

#define POISON    0xFF
#define NOINLINE  __attribute__((noinline))
#define BARRIER() __asm__ __volatile__("" ::: "memory")

/* ------------------------------------------------------------ layouts */

/* A "part" is the hand-written loop's view of (a piece of) the layout.
 * STRIDED: n[3] x n[2] x n[1] runs (outermost first) of n[0] contiguous
 * elements, byte strides s[3], s[2], s[1].  GATHER: nidx blocks at byte
 * offsets idx[], of len[i] (or blk) elements each.  STRUCT40: count
 * elements of struct{double d[3]; int i; char c; float f;}, extent 40. */
enum { PT_STRIDED, PT_GATHER, PT_STRUCT40 };

typedef struct {
    int kind;
    int esize; /* 1, 4 or 8 */
    long off;  /* byte offset from the MPI buffer pointer */
    long n[4];
    long s[4];
    long nidx;
    const long *idx;
    const int *len;
    int blk;
    long count;
} part_t;

enum {
    K_CONTIG,
    K_VEC,
    K_IDX,
    K_STRUCT40,
    K_SUBARRAY,
    K_DARRAY,
    K_MG,
    K_MILC,
    K_LAMMPS,
    K_SPEC_OC,
    K_SPEC_CM,
    K_WRF
};

typedef struct {
    char name[40];
    const char *tier;
    int kind;
    /* parameters, meaning per kind */
    long a, b, c, d;
    int esize;
    int count;     /* count argument of MPI_Pack/MPI_Unpack */
    size_t span;   /* bytes allocated for the unpacked side */
    size_t origin; /* buffer pointer passed to MPI = base + origin */
    long *idx;     /* index lists (owned) */
    int *len;
    long nidx;
    long *idx2;
    long nidx2;
    part_t parts[8];
    int nparts;
    size_t bytes; /* packed bytes */
    long blocks;  /* contiguous runs in the packed order */
} pattern_t;

/* An MPI call that must succeed: the benchmark stops otherwise. */
#define CK(call)                                                                                   \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != MPI_SUCCESS) {                                                                  \
            fprintf(stderr, "bench_pack: %s failed (%d) at %s:%d\n", #call, rc_, __FILE__,         \
                    __LINE__);                                                                     \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

/* ---- bench_patterns.c */
extern pattern_t pats[128];
extern int npats;
void *xmalloc(size_t n);
/* Builds every pattern of the tiers (only the small ones with smoke). */
void make_patterns(int smoke);
/* The MPI datatype of a pattern, committed. */
MPI_Datatype build_type(const pattern_t *p);

/* ---- bench_loops.c */
void hand_pack(const pattern_t *p, char *base, char *pk);
void hand_unpack(const pattern_t *p, char *base, char *pk);
/* The contiguous runs and bytes a pattern moves, in packed order. */
void walk(const pattern_t *p, long *runs, size_t *bytes);

#endif /* BENCH_H */
