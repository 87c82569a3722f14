/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_pack: MPI_Pack / MPI_Unpack throughput and type construction cost.
 *
 * Three sources (bench_pack.c, the driver; bench_patterns.c; bench_loops.c),
 * built three times (bench/local.mk): against typeshim
 * (libtypeshim + libtypeshim-serial, MPICH's mpi.h), against MPICH
 * (pkg-config mpich) and against Open MPI (mpicc.openmpi).  It uses only the
 * MPI API.  For every pattern, in this one process, it times MPI_Pack,
 * MPI_Unpack, a hand-written C loop for the same layout (pack and unpack
 * direction), memcpy of the same number of bytes, and the type's
 * create+commit(+free); each figure is the median of repeated samples.
 * Every result is verified byte for byte first: MPI_Pack's output must equal
 * the hand loop's, and MPI_Unpack into a poisoned buffer must produce exactly
 * what the hand unpack produces (the original bytes at the data positions,
 * the poison everywhere else), with exactly `size` bytes written.
 *
 * Output: one tab-separated line per pattern (see print_header), so that
 * bench/report.sh can merge the three runs.
 *
 *   bench_pack [--smoke] [--tier cache|large|create|all] [--only SUBSTR]
 *              [--pattern NAME] [--samples N] [--ms MS] [--list]
 *
 * --pattern NAME: that pattern alone (--only matches substrings: "contig"
 * is L_contig too).
 * --smoke: every pattern, one repetition, verification only (exit 1 on any
 * mismatch, 77 when this build's MPI has no MPI_Pack yet).
 *
 * Tiers: "cache" patterns pack 128-256 KiB (the in-cache tier, L2 is 1 MiB
 * here; 3-D faces of a 64^3 array pack 32 KiB as the issue fixes their
 * size), "large" ones 64 MiB (or a face of a 256^3 array, 128 MiB touched),
 * "call" is the 64-byte per-call pattern and "create" the indexed type with
 * 131072 blocks (construction cost per block).
 *
 * DDTBench shapes (Schneider, Gerstenberger, Hoefler: "Micro-applications
 * for communication data access patterns and MPI datatypes"), rebuilt with
 * the constructors DDTBench uses, at sizes that pack 128-256 KiB:
 *   ddt_mg_{x,y,z}  NAS MG faces of a 130^3 double array (interior 128^2):
 *                   x: hvector(128, 1, 130*130*8, vector(128, 1, 130, dbl))
 *                   y: vector(128, 128, 130*130, dbl)
 *                   z: vector(128, 128, 130, dbl)
 *   ddt_milc_zdown  MILC su3_zdown on a 16x16x16x24 lattice, site =
 *                   su3_vector = contiguous(6, float):
 *                   hvector(2, 1, half lattice, vector(24, 16*16/2,
 *                   16*16*16/2, su3))  (3 KiB blocks)
 *   ddt_lammps      LAMMPS "full": struct of 6 indexed_block types over
 *                   x[3], tag, type, mask, q, molecule (doubles) for 2048
 *                   of 8192 atoms (ascending random send list); the atom
 *                   arrays live in one allocation (relative displacements,
 *                   not MPI_BOTTOM)
 *   ddt_specfem_oc  SPECFEM3D outer core: indexed_block(32768, 1, list,
 *                   float), ascending random list over 65536 points
 *   ddt_specfem_cm  SPECFEM3D crust-mantle + inner core: struct of two
 *                   indexed_block(n, 3, 3*list, float) (8192 + 2731 points)
 *   ddt_wrf_{x,y}   WRF halo, x and y direction (vec variant): struct of
 *                   2 2-D fields vector(sub_j, sub_i, dim_i, float),
 *                   4 3-D fields hvector(sub_j, 1, plane, vector(sub_k,
 *                   sub_i, dim_i, float)), 1 4-D field (4 scalars)
 *                   hvector(4, 1, volume, 3-D); i*k*j = 70*32*70 memory,
 *                   halo 3 wide, interior 64
 */
#include "bench.h"

/* Every build has the pack functions (kept as a hook: a build without them
 * would report n/a instead of failing). */
static int have_pack(void)
{
    return 1;
}

/* ------------------------------------------------------------ timing */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

enum { OP_PACK, OP_UNPACK, OP_HPACK, OP_HUNPACK, OP_MEMCPY, OP_CREATE, NOPS };

typedef struct {
    const pattern_t *p;
    MPI_Datatype t;
    char *src, *dst, *pk, *pk2;
    int pksize;
} ctx_t;

static int g_fail;

static void run_op(ctx_t *c, int op)
{
    const pattern_t *p = c->p;
    int pos = 0;
    switch (op) {
    case OP_PACK:
        MPI_Pack(c->src + p->origin, p->count, c->t, c->pk, c->pksize, &pos, MPI_COMM_WORLD);
        break;
    case OP_UNPACK:
        MPI_Unpack(c->pk, c->pksize, &pos, c->dst + p->origin, p->count, c->t, MPI_COMM_WORLD);
        break;
    case OP_HPACK:
        hand_pack(p, c->src + p->origin, c->pk2);
        break;
    case OP_HUNPACK:
        hand_unpack(p, c->dst + p->origin, c->pk2);
        break;
    case OP_MEMCPY:
        memcpy(c->pk2, c->src, p->bytes);
        break;
    case OP_CREATE: {
        MPI_Datatype t = build_type(p);
        MPI_Type_free(&t);
        break;
    }
    }
    BARRIER();
}

/* ns per call: reps calibrated to about target_ns per sample */
static double time_op(ctx_t *c, int op, long reps)
{
    double t0 = now_ns();
    for (long r = 0; r < reps; r++)
        run_op(c, op);
    return (now_ns() - t0) / (double)reps;
}

static long calibrate(ctx_t *c, int op, double target_ns)
{
    long reps = 1;
    for (;;) {
        double t = time_op(c, op, reps) * (double)reps;
        if (t >= target_ns / 4 || reps >= (1L << 30))
            return t >= target_ns ? reps : (long)((double)reps * target_ns / (t > 1 ? t : 1)) + 1;
        reps *= 4;
    }
}

/* ------------------------------------------------------------ verification */

static void fill_src(char *s, size_t n)
{
    /* values 0..250: never the poison byte */
    unsigned v = 7;
    for (size_t i = 0; i < n; i++) {
        s[i] = (char)v;
        v += 131;
        if (v >= 251)
            v -= 251;
    }
}

static int verify(ctx_t *c, const char *impl)
{
    const pattern_t *p = c->p;
    int ok = 1, pos = 0, psz = -1;
    char *ref = xmalloc(p->bytes), *dref = xmalloc(p->span);

    CK(MPI_Pack_size(p->count, c->t, MPI_COMM_WORLD, &psz));
    if (psz < (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Pack_size %d < size %zu\n", impl, p->name, psz, p->bytes);
        ok = 0;
    }
    memset(ref, POISON, p->bytes);
    hand_pack(p, c->src + p->origin, ref);
    memset(c->pk, POISON, (size_t)c->pksize);
    CK(MPI_Pack(c->src + p->origin, p->count, c->t, c->pk, c->pksize, &pos, MPI_COMM_WORLD));
    if (pos != (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Pack position %d, expected %zu\n", impl, p->name, pos,
                p->bytes);
        ok = 0;
    } else if (memcmp(ref, c->pk, p->bytes) != 0) {
        size_t i = 0;
        while (ref[i] == c->pk[i])
            i++;
        fprintf(stderr, "%s %s: MPI_Pack output differs from the hand loop at byte %zu\n", impl,
                p->name, i);
        ok = 0;
    }
    /* unpack into poison, compared with the hand unpack into poison */
    memset(dref, POISON, p->span);
    hand_unpack(p, dref + p->origin, ref);
    memset(c->dst, POISON, p->span);
    pos = 0;
    CK(MPI_Unpack(ref, (int)p->bytes, &pos, c->dst + p->origin, p->count, c->t, MPI_COMM_WORLD));
    if (pos != (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Unpack position %d, expected %zu\n", impl, p->name, pos,
                p->bytes);
        ok = 0;
    } else if (memcmp(dref, c->dst, p->span) != 0) {
        size_t i = 0;
        while (dref[i] == c->dst[i])
            i++;
        fprintf(stderr, "%s %s: MPI_Unpack result differs at byte %zu (%s)\n", impl, p->name, i,
                (unsigned char)dref[i] == POISON ? "wrote into a gap" : "wrong data");
        ok = 0;
    }
    /* the reference itself: exactly `bytes` original bytes, poison elsewhere */
    size_t written = 0;
    for (size_t i = 0; i < p->span; i++) {
        if ((unsigned char)dref[i] != POISON) {
            written++;
            if (dref[i] != c->src[i]) {
                fprintf(stderr, "%s %s: hand unpack wrote a wrong byte at %zu\n", impl, p->name, i);
                ok = 0;
                break;
            }
        }
    }
    if (written != p->bytes) {
        fprintf(stderr, "%s %s: hand unpack wrote %zu bytes, expected %zu\n", impl, p->name,
                written, p->bytes);
        ok = 0;
    }
    free(ref);
    free(dref);
    return ok;
}

/* ------------------------------------------------------------ main */

static void usage(void)
{
    fprintf(stderr,
            "usage: bench_pack [--smoke] [--tier cache|call|create|large|all] [--only SUBSTR]\n"
            "                  [--pattern NAME]\n"
            "                  [--samples N] [--ms MS] [--list]\n");
    exit(2);
}

static void print_header(void)
{
    printf("#impl\tpattern\ttier\tbytes\tblocks\tpack_ns\tunpack_ns\thand_pack_ns\thand_unpack_ns\t"
           "memcpy_ns\tcreate_ns\n");
}

static void fmt(char *b, size_t n, double v)
{
    if (v < 0)
        snprintf(b, n, "n/a");
    else
        snprintf(b, n, "%.1f", v);
}

int main(int argc, char **argv)
{
    int smoke = 0, list = 0, samples = -1;
    double ms = 2.0;
    const char *tier = "all", *only = NULL, *exact = NULL;
    const char *impl = BENCH_IMPL;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke"))
            smoke = 1;
        else if (!strcmp(argv[i], "--list"))
            list = 1;
        else if (!strcmp(argv[i], "--tier") && i + 1 < argc)
            tier = argv[++i];
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--pattern") && i + 1 < argc)
            exact = argv[++i];
        else if (!strcmp(argv[i], "--samples") && i + 1 < argc)
            samples = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--ms") && i + 1 < argc)
            ms = atof(argv[++i]);
        else
            usage();
    }

    make_patterns(smoke);
    if (list) {
        for (int i = 0; i < npats; i++)
            printf("%s\t%s\t%zu\t%ld\n", pats[i].name, pats[i].tier, pats[i].bytes, pats[i].blocks);
        return 0;
    }

    CK(MPI_Init(&argc, &argv));
    int packing = have_pack();
    if (smoke && !packing) {
        printf("bench_pack (%s): no MPI_Pack in this build yet: skipped\n", impl);
        MPI_Finalize();
        return 77;
    }
    if (!smoke)
        print_header();

    int nok = 0;
    for (int i = 0; i < npats; i++) {
        pattern_t *p = &pats[i];
        if (strcmp(tier, "all") && strcmp(tier, p->tier))
            continue;
        if ((only && !strstr(p->name, only)) || (exact && strcmp(p->name, exact)))
            continue;

        ctx_t c;
        memset(&c, 0, sizeof c);
        c.p = p;
        c.t = build_type(p);
        {
            int sz;
            MPI_Aint tlb, text, lb, ext;
            CK(MPI_Type_size(c.t, &sz));
            CK(MPI_Type_get_true_extent(c.t, &tlb, &text));
            CK(MPI_Type_get_extent(c.t, &lb, &ext));
            MPI_Aint first = (MPI_Aint)p->origin + tlb;
            MPI_Aint end = first + text + (MPI_Aint)(p->count - 1) * ext;
            if ((size_t)sz * (size_t)p->count != p->bytes || first < 0 || end > (MPI_Aint)p->span) {
                fprintf(stderr,
                        "%s %s: type size %d x %d, true extent [%ld, +%ld) do not match "
                        "the layout (%zu bytes, span %zu)\n",
                        impl, p->name, sz, p->count, (long)tlb, (long)text, p->bytes, p->span);
                g_fail = 1;
                MPI_Type_free(&c.t);
                continue;
            }
        }
        c.src = xmalloc(p->span);
        c.dst = xmalloc(p->span);
        c.pksize = (int)p->bytes;
        c.pk = xmalloc(p->bytes);
        c.pk2 = xmalloc(p->bytes);
        fill_src(c.src, p->span);

        if (packing && !verify(&c, impl)) {
            g_fail = 1;
        } else if (smoke) {
            nok++;
        } else {
            int ns = samples > 0 ? samples : !strcmp(p->tier, "large") ? 5 : 11;
            double *v[NOPS], res[NOPS];
            long reps[NOPS];
            int ops[NOPS], nops = 0;
            for (int op = 0; op < NOPS; op++) {
                if ((op == OP_PACK || op == OP_UNPACK) && !packing)
                    continue;
                ops[nops++] = op;
            }
            for (int k = 0; k < nops; k++) {
                v[ops[k]] = malloc(sizeof(double) * (size_t)ns);
                run_op(&c, ops[k]); /* warm */
                reps[ops[k]] = calibrate(&c, ops[k], ms * 1e6);
            }
            /* round robin, so that drift hits every op alike */
            for (int s = 0; s < ns; s++)
                for (int k = 0; k < nops; k++)
                    v[ops[k]][s] = time_op(&c, ops[k], reps[ops[k]]);
            for (int op = 0; op < NOPS; op++)
                res[op] = -1;
            for (int k = 0; k < nops; k++) {
                res[ops[k]] = median(v[ops[k]], ns);
                free(v[ops[k]]);
            }
            char f[NOPS][32];
            for (int op = 0; op < NOPS; op++)
                fmt(f[op], sizeof f[op], res[op]);
            printf("%s\t%s\t%s\t%zu\t%ld\t%s\t%s\t%s\t%s\t%s\t%s\n", impl, p->name, p->tier,
                   p->bytes, p->blocks, f[OP_PACK], f[OP_UNPACK], f[OP_HPACK], f[OP_HUNPACK],
                   f[OP_MEMCPY], f[OP_CREATE]);
            fflush(stdout);
        }
        MPI_Type_free(&c.t);
        free(c.src);
        free(c.dst);
        free(c.pk);
        free(c.pk2);
    }
    if (smoke)
        printf("bench_pack (%s): %d patterns verified%s\n", impl, nok, g_fail ? ", FAILURES" : "");
    for (int i = 0; i < npats; i++) {
        free(pats[i].idx);
        free(pats[i].len);
        free(pats[i].idx2);
    }
    MPI_Finalize();
    return g_fail ? 1 : 0;
}
