/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_build - what building a large datatype costs: create, commit and
 * free of indexed, hindexed and struct types of n random blocks of doubles
 * (n = 10^3 ... 10^6), in ns per block, CPU time and wall time, fresh (the
 * first build in the process: the memory is new to it) and warm (best of
 * the next REPS builds), and the resident bytes per block while the
 * committed type is held.  One MPI program, built against typeshim
 * (standalone), MPICH and Open MPI (bench/build.sh).  Every type's size
 * and extent are verified against the blocks.  Output, one line per
 * (pattern, n): pattern n create_cpu commit_cpu free_cpu create_wall
 * commit_wall fresh_cpu fresh_wall bytes_per_block.
 *
 * --keep-heap: malloc keeps what is freed (no mmap below 32 MiB, no trim
 * of the heap), so that the warm builds reuse memory the process already
 * touched; without it glibc returns the large blocks of one build to the
 * system and the next build takes a page fault for every page again.  The
 * same for every library: it is this program that sets it, not them.
 */
#include <limits.h>
#include <malloc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define REPS 5

static double clock_of(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static long resident(void)
{
    long pages = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");

    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &res) != 2)
            res = 0;
        fclose(f);
    }
    return res * sysconf(_SC_PAGESIZE);
}

enum { INDEXED, HINDEXED, STRUCT };
static const char *const names[] = {"indexed", "hindexed", "struct"};

typedef struct blocks {
    int n;
    int *len, *disp; /* in doubles */
    MPI_Aint *bdisp; /* in bytes */
    MPI_Datatype *types;
    long size, span;
} blocks;

static void blocks_make(blocks *b, int n)
{
    long pos = 0;

    b->n = n;
    b->len = malloc((size_t)n * sizeof(int));
    b->disp = malloc((size_t)n * sizeof(int));
    b->bdisp = malloc((size_t)n * sizeof(MPI_Aint));
    b->types = malloc((size_t)n * sizeof(MPI_Datatype));
    b->size = 0;
    srand(12345);
    for (int i = 0; i < n; i++) {
        b->len[i] = 1 + rand() % 4;
        b->disp[i] = (int)pos;
        b->bdisp[i] = (MPI_Aint)pos * 8;
        b->types[i] = MPI_DOUBLE;
        b->size += b->len[i] * 8;
        pos += b->len[i] + 1 + rand() % 4; /* a gap after each block */
    }
    b->span = (long)(b->disp[n - 1] + b->len[n - 1]) * 8;
}

static void blocks_free(blocks *b)
{
    free(b->len);
    free(b->disp);
    free(b->bdisp);
    free(b->types);
}

static MPI_Datatype build(int pattern, const blocks *b)
{
    MPI_Datatype t;

    if (pattern == INDEXED)
        MPI_Type_indexed(b->n, b->len, b->disp, MPI_DOUBLE, &t);
    else if (pattern == HINDEXED)
        MPI_Type_create_hindexed(b->n, b->len, b->bdisp, MPI_DOUBLE, &t);
    else
        MPI_Type_create_struct(b->n, b->len, b->bdisp, b->types, &t);
    return t;
}

static void verify(MPI_Datatype t, const blocks *b, const char *what)
{
    MPI_Aint lb, extent;
    int size;

    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &extent);
    if (size != b->size || lb != 0 || extent != b->span) {
        fprintf(stderr, "bench_build: %s of %d blocks: size %d extent %ld, want %ld %ld\n", what,
                b->n, size, (long)extent, b->size, b->span);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--keep-heap")) {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, INT_MAX);
    }
    MPI_Init(&argc, &argv);
    for (int pattern = INDEXED; pattern <= STRUCT; pattern++)
        for (int n = 1000; n <= 1000000; n *= 10) {
            blocks b;
            double best[5] = {1e30, 1e30, 1e30, 1e30, 1e30}, fresh[2] = {0, 0};
            long bytes = 0;
            blocks_make(&b, n);
            for (int r = 0; r <= REPS; r++) {
                /* resident() reads /proc (three system calls): outside the
                 * timed window, or it adds ~10 us to every build */
                long r0 = resident();
                double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC);
                MPI_Datatype t = build(pattern, &b);
                double c1 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w1 = clock_of(CLOCK_MONOTONIC);
                MPI_Type_commit(&t);
                double c2 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w2 = clock_of(CLOCK_MONOTONIC);
                long r1 = resident();
                verify(t, &b, names[pattern]);
                double c3 = clock_of(CLOCK_PROCESS_CPUTIME_ID);
                MPI_Type_free(&t);
                double c4 = clock_of(CLOCK_PROCESS_CPUTIME_ID);
                if (r == 0) { /* the first build: fresh memory */
                    fresh[0] = c2 - c0;
                    fresh[1] = w2 - w0;
                    bytes = r1 - r0;
                    continue;
                }
                double v[5] = {c1 - c0, c2 - c1, c4 - c3, w1 - w0, w2 - w1};
                for (int k = 0; k < 5; k++)
                    if (v[k] < best[k])
                        best[k] = v[k];
            }
            printf("%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\n", names[pattern], n,
                   best[0] / n * 1e9, best[1] / n * 1e9, best[2] / n * 1e9, best[3] / n * 1e9,
                   best[4] / n * 1e9, fresh[0] / n * 1e9, fresh[1] / n * 1e9, (double)bytes / n);
            blocks_free(&b);
        }
    MPI_Finalize();
    return 0;
}
