/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_layered - what layered mode costs on the datatype calls themselves.
 * A plain MPICH program, run by bench/layered.sh on one rank three times:
 * alone, with libtypeshim preloaded, and preloaded with TYPESHIM_CHECK=1.
 * Each measurement is CPU time (CLOCK_PROCESS_CPUTIME_ID) per operation,
 * best of REPS repetitions:
 *   vector_ccf      MPI_Type_vector(4, 2, 8, MPI_DOUBLE) + commit + free
 *                   (layered: after 64 frees each gets a freed shadow back)
 *   vector_new_ccf  the same with a stride never used before in the run
 *                   (layered: no shadow to give back, MPICH makes each)
 *   indexed100_ccf  MPI_Type_indexed of 100 blocks of 1..4 doubles with gaps
 *                   (fixed seed) + commit + free
 *   size_derived    MPI_Type_size of a committed vector type
 *   size_predef     MPI_Type_size(MPI_DOUBLE)
 *   pack64          MPI_Pack of one vector(4, 2, 4, MPI_DOUBLE) (64 bytes)
 *   pack128k        MPI_Pack of one vector(8192, 2, 4, MPI_DOUBLE) (128 KiB)
 * Every size is checked, and every packed result is compared byte for byte
 * with a hand-written loop (exit status 1 with a message on a mismatch).
 * Output: a header line starting with '#', then "<name>\t<ns per op>".
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPS        5
#define CCF_OPS     20000
#define SIZE_OPS    5000000
#define PACK64_OPS  1000000
#define PACK128_OPS 2000

#define IDX_BLOCKS 100

/* a vector of COUNT blocks of BLEN doubles, STRIDE doubles apart */
#define P64_COUNT   4
#define P128_COUNT  8192
#define PACK_BLEN   2
#define PACK_STRIDE 4

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void fail(const char *what)
{
    fprintf(stderr, "bench_layered: %s\n", what);
    exit(1);
}

static void check(int rc, const char *what)
{
    if (rc != MPI_SUCCESS)
        fail(what);
}

static void report(const char *name, double best)
{
    printf("%s\t%.1f\n", name, best);
}

/* vector(4, 2, stride, MPI_DOUBLE) + commit + free, CCF_OPS times: the
 * same stride 8 each time (vector_ccf), or a stride never used before in
 * the run (vector_new_ccf).  The last type's extent is checked. */
static void bench_vector_ccf(const char *name, int new_stride)
{
    static int next_stride = 8;
    double best = 1e30;

    for (int r = 0; r < REPS; r++) {
        MPI_Aint lb, extent = 0;
        int stride = 8;
        double t0 = now_ns();
        for (int i = 0; i < CCF_OPS; i++) {
            MPI_Datatype t;
            if (new_stride)
                stride = ++next_stride;
            check(MPI_Type_vector(4, 2, stride, MPI_DOUBLE, &t), "MPI_Type_vector failed");
            check(MPI_Type_commit(&t), "MPI_Type_commit failed");
            if (i == CCF_OPS - 1)
                check(MPI_Type_get_extent(t, &lb, &extent), "MPI_Type_get_extent failed");
            check(MPI_Type_free(&t), "MPI_Type_free failed");
        }
        double dt = (now_ns() - t0) / CCF_OPS;
        if (extent != (MPI_Aint)((3 * stride + 2) * sizeof(double)))
            fail("vector(4, 2, stride, MPI_DOUBLE) has the wrong extent");
        if (dt < best)
            best = dt;
    }
    report(name, best);
}

static void bench_indexed_ccf(void)
{
    int lens[IDX_BLOCKS], disps[IDX_BLOCKS];
    int expect = 0, size = 0, d = 0;
    uint32_t seed = 12345;
    double best = 1e30;

    for (int i = 0; i < IDX_BLOCKS; i++) {
        seed = seed * 1103515245u + 12345u;
        lens[i] = 1 + (int)((seed >> 16) % 4);
        seed = seed * 1103515245u + 12345u;
        d += 1 + (int)((seed >> 16) % 4); /* a gap of 1..4 doubles */
        disps[i] = d;
        d += lens[i];
        expect += lens[i] * (int)sizeof(double);
    }

    /* the size, once */
    MPI_Datatype t;
    check(MPI_Type_indexed(IDX_BLOCKS, lens, disps, MPI_DOUBLE, &t), "MPI_Type_indexed failed");
    check(MPI_Type_commit(&t), "MPI_Type_commit failed");
    check(MPI_Type_size(t, &size), "MPI_Type_size failed");
    if (size != expect) {
        fprintf(stderr, "bench_layered: indexed size %d, expected %d\n", size, expect);
        exit(1);
    }
    check(MPI_Type_free(&t), "MPI_Type_free failed");

    for (int r = 0; r < REPS; r++) {
        double t0 = now_ns();
        for (int i = 0; i < CCF_OPS; i++) {
            check(MPI_Type_indexed(IDX_BLOCKS, lens, disps, MPI_DOUBLE, &t),
                  "MPI_Type_indexed failed");
            check(MPI_Type_commit(&t), "MPI_Type_commit failed");
            check(MPI_Type_free(&t), "MPI_Type_free failed");
        }
        double dt = (now_ns() - t0) / CCF_OPS;
        if (dt < best)
            best = dt;
    }
    report("indexed100_ccf", best);
}

static void bench_size(const char *name, MPI_Datatype t, int expect)
{
    double best = 1e30;

    for (int r = 0; r < REPS; r++) {
        long long sum = 0;
        double t0 = now_ns();
        for (int i = 0; i < SIZE_OPS; i++) {
            int size = -1;
            MPI_Type_size(t, &size);
            sum += size;
        }
        double dt = (now_ns() - t0) / SIZE_OPS;
        if (sum != (long long)expect * SIZE_OPS) {
            fprintf(stderr, "bench_layered: %s: sizes add up to %lld, expected %lld\n", name, sum,
                    (long long)expect * SIZE_OPS);
            exit(1);
        }
        if (dt < best)
            best = dt;
    }
    report(name, best);
}

/* MPI_Pack of one vector(count, PACK_BLEN, PACK_STRIDE, MPI_DOUBLE) */
static void bench_pack(const char *name, int count, int ops)
{
    int packed = count * PACK_BLEN * (int)sizeof(double);
    int nin = (count - 1) * PACK_STRIDE + PACK_BLEN;
    double *in = malloc((size_t)nin * sizeof(double));
    double *want = malloc((size_t)packed);
    char *out = malloc((size_t)packed);
    double best = 1e30;
    MPI_Datatype t;
    MPI_Aint lb, extent;
    int size, pos;

    if (!in || !want || !out)
        fail("out of memory");
    for (int i = 0; i < nin; i++)
        in[i] = i + 0.25;
    for (int b = 0; b < count; b++)
        for (int j = 0; j < PACK_BLEN; j++)
            want[b * PACK_BLEN + j] = in[b * PACK_STRIDE + j];

    check(MPI_Type_vector(count, PACK_BLEN, PACK_STRIDE, MPI_DOUBLE, &t), "MPI_Type_vector failed");
    check(MPI_Type_commit(&t), "MPI_Type_commit failed");
    check(MPI_Type_size(t, &size), "MPI_Type_size failed");
    check(MPI_Type_get_extent(t, &lb, &extent), "MPI_Type_get_extent failed");
    if (size != packed || lb != 0 || extent != (MPI_Aint)nin * (MPI_Aint)sizeof(double)) {
        fprintf(stderr, "bench_layered: %s: size %d lb %ld extent %ld, expected %d 0 %ld\n", name,
                size, (long)lb, (long)extent, packed, (long)nin * (long)sizeof(double));
        exit(1);
    }

    /* the packed bytes, once */
    memset(out, 0xa5, (size_t)packed);
    pos = 0;
    check(MPI_Pack(in, 1, t, out, packed, &pos, MPI_COMM_SELF), "MPI_Pack failed");
    if (pos != packed) {
        fprintf(stderr, "bench_layered: %s: packed %d bytes, expected %d\n", name, pos, packed);
        exit(1);
    }
    if (memcmp(out, want, (size_t)packed) != 0) {
        for (int i = 0; i < packed; i++)
            if (out[i] != ((char *)want)[i]) {
                fprintf(stderr, "bench_layered: %s: packed byte %d is 0x%02x, expected 0x%02x\n",
                        name, i, (unsigned char)out[i], (unsigned char)((char *)want)[i]);
                break;
            }
        exit(1);
    }

    for (int r = 0; r < REPS; r++) {
        long long total = 0;
        double t0 = now_ns();
        for (int i = 0; i < ops; i++) {
            pos = 0;
            MPI_Pack(in, 1, t, out, packed, &pos, MPI_COMM_SELF);
            total += pos;
        }
        double dt = (now_ns() - t0) / ops;
        if (total != (long long)packed * ops) {
            fprintf(stderr, "bench_layered: %s: packed %lld bytes in all, expected %lld\n", name,
                    total, (long long)packed * ops);
            exit(1);
        }
        if (dt < best)
            best = dt;
    }
    if (memcmp(out, want, (size_t)packed) != 0)
        fail("packed bytes changed while timed");
    report(name, best);

    check(MPI_Type_free(&t), "MPI_Type_free failed");
    free(in);
    free(want);
    free(out);
}

int main(int argc, char **argv)
{
    MPI_Datatype derived;
    int size;

    MPI_Init(&argc, &argv);
    printf("# bench_layered: ns per operation, CPU time, best of %d\n", REPS);

    bench_vector_ccf("vector_ccf", 0);
    bench_vector_ccf("vector_new_ccf", 1);
    bench_indexed_ccf();

    check(MPI_Type_vector(4, 2, 8, MPI_DOUBLE, &derived), "MPI_Type_vector failed");
    check(MPI_Type_commit(&derived), "MPI_Type_commit failed");
    check(MPI_Type_size(derived, &size), "MPI_Type_size failed");
    if (size != 8 * (int)sizeof(double))
        fail("vector(4, 2, 8, MPI_DOUBLE) is not 64 bytes");
    bench_size("size_derived", derived, size);
    check(MPI_Type_free(&derived), "MPI_Type_free failed");
    check(MPI_Type_size(MPI_DOUBLE, &size), "MPI_Type_size failed");
    if (size != (int)sizeof(double))
        fail("MPI_DOUBLE is not 8 bytes");
    bench_size("size_predef", MPI_DOUBLE, size);

    bench_pack("pack64", P64_COUNT, PACK64_OPS);
    bench_pack("pack128k", P128_COUNT, PACK128_OPS);

    MPI_Finalize();
    return 0;
}
