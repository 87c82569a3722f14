/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_threads.c - datatypes created, queried, packed and freed from 8
 * threads at once (MPI_THREAD_MULTIPLE).
 *
 * Every thread builds random-shaped types (vector, indexed, struct,
 * subarray, resized, dup) over one shared committed base type, checks
 * their bounds, decoding, MPI_Pack output (against a reference packed by
 * hand from the type's map), name and attributes, and frees them; each
 * iteration also queries and packs the shared base and a shared derived
 * type.  Finally a type made in a thread travels around the ring.
 * LT_THREAD_ITERS overrides the iteration count (default 2000).
 */
#include "lt_common.h"

#include <pthread.h>

#define NTHREADS 8

static int rank, nranks;
static int iters = 2000;

/* The shared types: base = struct{SHORT@0, DOUBLE@8, INT@16} (size 14,
 * extent 24); svec = vector(3, 2, 4, base) (size 84, extent 240). */
static MPI_Datatype base, svec;
static lt_map m_base, m_svec;
static int keyval = MPI_KEYVAL_INVALID;
static long deletes_seen, deletes_expected;

/* The type thread 0 leaves for the final exchange, and its map. */
static MPI_Datatype kept = MPI_DATATYPE_NULL;
static int kept_has_attr;
static lt_map m_kept;

struct slot {
    int magic;
    int tid;
};
static struct slot slots[NTHREADS];

static int delete_fn(MPI_Datatype t, int kv, void *val, void *extra)
{
    struct slot *s = val;

    if (!LT_CHECK(s != NULL && s->magic == 0x5a5a))
        return MPI_SUCCESS;
    __atomic_add_fetch(&deletes_seen, 1, __ATOMIC_RELAXED);
    return MPI_SUCCESS;
}

static unsigned rnd(unsigned *state)
{
    unsigned x = *state;

    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* A random integer in [lo, hi]. */
static int rnd_in(unsigned *state, int lo, int hi)
{
    return lo + (int)(rnd(state) % (unsigned)(hi - lo + 1));
}

/* Pack (buf, count, t) and compare with the map's reference stream. */
static void check_pack(const char *what, MPI_Datatype t, int count, const lt_map *m, int salt)
{
    lt_buf b;
    long n = count * m->size;
    unsigned char *out = malloc((size_t)n + 16), *want = malloc((size_t)n + 16); /* freed below */
    int pos = 0, psize = -1;

    lt_buf_alloc(&b, m, count);
    lt_buf_fill(&b, rank, salt);
    LT_CHECK_MPI(MPI_Pack_size(count, t, MPI_COMM_WORLD, &psize));
    LT_CHECK_INT(psize, >=, n);
    LT_CHECK_MPI(MPI_Pack(b.buf, count, t, out, (int)n + 16, &pos, MPI_COMM_WORLD));
    if (LT_CHECK_INT(pos, ==, n)) {
        lt_map_pack(b.buf, count, m, want);
        LT_CHECK_BYTES(out, want, n, what);
    }
    lt_buf_free(&b);
    free(out);
    free(want);
}

static void check_shape(MPI_Datatype t, const lt_map *m)
{
    long lo, hi;

    lt_map_span(m, 1, &lo, &hi);
    LT_CHECK_BOUNDS(t, m->lb, m->extent, m->size, lo, hi - lo);
}

/* Queries and packs of the shared types (no thread modifies them). */
static void touch_shared(int salt)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1, sz = -1;
    MPI_Aint lb = -1, ext = -1;

    LT_CHECK_MPI(MPI_Type_size(base, &sz));
    LT_CHECK_INT(sz, ==, 14);
    LT_CHECK_MPI(MPI_Type_get_extent(svec, &lb, &ext));
    LT_CHECK(lb == 0 && ext == 240);
    LT_CHECK_MPI(MPI_Type_get_name(base, name, &len));
    LT_CHECK_STR(name, "lt_shared_base");
    LT_CHECK_MPI(MPI_Type_get_name(svec, name, &len));
    LT_CHECK_STR(name, "lt_shared_vector");
    LT_CHECK_INT(len, ==, 16);
    if (salt % 4 == 0)
        check_pack("shared base x3", base, 3, &m_base, salt);
    else if (salt % 4 == 1)
        check_pack("shared vector", svec, 1, &m_svec, salt);
}

/* Builds a random type over base (or svec) into *t with its map; returns
 * the expected combiner. */
static int make_random(unsigned *st, MPI_Datatype *t, lt_map *m)
{
    int shape = rnd_in(st, 0, 5);

    *t = MPI_DATATYPE_NULL;
    switch (shape) {
    case 0: { /* vector */
        int count = rnd_in(st, 1, 4), bl = rnd_in(st, 1, 3), stride = bl + rnd_in(st, 0, 3);

        LT_CHECK_MPI(MPI_Type_vector(count, bl, stride, base, t));
        lt_map_hvector(m, count, bl, stride * 24L, &m_base);
        return MPI_COMBINER_VECTOR;
    }
    case 1: { /* indexed: increasing disjoint blocks, gaps, some empty */
        int n = rnd_in(st, 1, 4), bl[4], dp[4], at = rnd_in(st, -2, 2);
        long lbl[4], ldp[4];

        for (int i = 0; i < n; i++) {
            bl[i] = rnd_in(st, i == 0 ? 1 : 0, 3);
            dp[i] = at;
            at += bl[i] + rnd_in(st, 0, 2);
            lbl[i] = bl[i];
            ldp[i] = dp[i] * 24L;
        }
        LT_CHECK_MPI(MPI_Type_indexed(n, bl, dp, base, t));
        lt_map_hindexed(m, n, lbl, ldp, &m_base);
        return MPI_COMBINER_INDEXED;
    }
    case 2: { /* struct{base x b0 @0, base x b1 @d1, INT @d2}: padded to 8 */
        int bl[3] = {rnd_in(st, 1, 2), rnd_in(st, 1, 2), 1};
        MPI_Aint dp[3];
        MPI_Datatype ty[3] = {base, base, MPI_INT};
        long ub;

        dp[0] = 0;
        dp[1] = bl[0] * 24 + 8 * rnd_in(st, 0, 2);
        dp[2] = dp[1] + bl[1] * 24 + 4 * rnd_in(st, 0, 3);
        LT_CHECK_MPI(MPI_Type_create_struct(3, bl, dp, ty, t));
        lt_map_init(m);
        lt_map_append(m, &m_base, (long)dp[0], bl[0]);
        lt_map_append(m, &m_base, (long)dp[1], bl[1]);
        lt_map_add(m, (long)dp[2], 4);
        ub = (long)dp[2] + 4;
        m->lb = 0;
        m->extent = (ub + 7) / 8 * 8; /* epsilon: the double in base */
        return MPI_COMBINER_STRUCT;
    }
    case 3: { /* subarray */
        int sizes[2] = {rnd_in(st, 1, 4), rnd_in(st, 1, 4)}, sub[2], starts[2];
        int order = rnd(st) & 1 ? MPI_ORDER_C : MPI_ORDER_FORTRAN;

        for (int d = 0; d < 2; d++) {
            sub[d] = rnd_in(st, 1, sizes[d]);
            starts[d] = rnd_in(st, 0, sizes[d] - sub[d]);
        }
        LT_CHECK_MPI(MPI_Type_create_subarray(2, sizes, sub, starts, order, base, t));
        {
            /* the map of an array of base elements, element by element */
            lt_map cells;

            lt_array_map(&cells, 2, sizes, starts, sub, NULL, order, 24);
            lt_map_init(m);
            for (long i = 0; i < cells.n; i++)
                for (long k = 0; k < cells.len[i] / 24; k++)
                    lt_map_append(m, &m_base, cells.off[i] + 24 * k, 1);
            m->lb = 0;
            m->extent = cells.extent;
            lt_map_free(&cells);
        }
        return MPI_COMBINER_SUBARRAY;
    }
    case 4: { /* resized(base or svec) */
        int on_vec = rnd(st) & 1;
        long lb = -8L * rnd_in(st, 0, 3), extent = 8L * rnd_in(st, 3, 40);

        LT_CHECK_MPI(MPI_Type_create_resized(on_vec ? svec : base, lb, extent, t));
        lt_map_resized(m, on_vec ? &m_svec : &m_base, lb, extent);
        return MPI_COMBINER_RESIZED;
    }
    default: { /* dup(base or svec) */
        int on_vec = rnd(st) & 1;

        LT_CHECK_MPI(MPI_Type_dup(on_vec ? svec : base, t));
        lt_map_init(m);
        lt_map_append(m, on_vec ? &m_svec : &m_base, 0, 1);
        m->lb = 0;
        m->extent = on_vec ? 240 : 24;
        return MPI_COMBINER_DUP;
    }
    }
}

static void check_decoding(MPI_Datatype t, int comb)
{
    int ni = -1, na = -1, nd = -1, c = -1;
    int ints[16];
    MPI_Aint addrs[8];
    MPI_Datatype types[4];

    if (!LT_CHECK_MPI(MPI_Type_get_envelope(t, &ni, &na, &nd, &c)))
        return;
    if (!LT_CHECK_INT(c, ==, comb) || !LT_CHECK(ni <= 16 && na <= 8 && nd <= 4 && nd >= 1))
        return;
    if (!LT_CHECK_MPI(MPI_Type_get_contents(t, ni, na, nd, ints, addrs, types)))
        return;
    for (int i = 0; i < nd; i++) {
        if (types[i] != MPI_INT) { /* base or svec: a new reference to free */
            int sz = -1;

            LT_CHECK_MPI(MPI_Type_size(types[i], &sz));
            LT_CHECK(sz == 14 || sz == 84);
        }
        lt_free_returned(&types[i]);
    }
}

static void *worker(void *arg)
{
    int tid = (int)(long)arg;
    unsigned st = 2463534242u + 7919u * (unsigned)tid; /* the same on every rank */
    char name[MPI_MAX_OBJECT_NAME], want[MPI_MAX_OBJECT_NAME];

    slots[tid].magic = 0x5a5a;
    slots[tid].tid = tid;
    for (int it = 0; it < iters; it++) {
        MPI_Datatype t;
        lt_map m;
        int comb = make_random(&st, &t, &m), len = -1, flag = -1;
        void *val = NULL;

        if (!LT_CHECK_MPI(MPI_Type_commit(&t))) {
            lt_map_free(&m);
            continue;
        }
        check_shape(t, &m);
        check_decoding(t, comb);
        check_pack("thread type", t, 1 + it % 2, &m, tid * 100000 + it);

        snprintf(want, sizeof want, "lt thread %d iter %d", tid, it);
        LT_CHECK_MPI(MPI_Type_set_name(t, want));
        LT_CHECK_MPI(MPI_Type_get_name(t, name, &len));
        LT_CHECK_STR(name, want);
        LT_CHECK_INT(len, ==, strlen(want));

        LT_CHECK_MPI(MPI_Type_set_attr(t, keyval, &slots[tid]));
        LT_CHECK_MPI(MPI_Type_get_attr(t, keyval, &val, &flag));
        LT_CHECK(flag == 1 && val == &slots[tid]);
        if (it % 3 != 0) { /* else left for MPI_Type_free to delete */
            LT_CHECK_MPI(MPI_Type_delete_attr(t, keyval));
            __atomic_add_fetch(&deletes_expected, 1, __ATOMIC_RELAXED);
            LT_CHECK_MPI(MPI_Type_get_attr(t, keyval, &val, &flag));
            LT_CHECK_INT(flag, ==, 0);
        }

        touch_shared(tid * 100000 + it);

        if (tid == 0 && it == iters - 1) {
            kept = t; /* for the exchange after the join */
            kept_has_attr = it % 3 == 0;
            m_kept = m;
            continue;
        }
        LT_CHECK_MPI(MPI_Type_free(&t));
        LT_CHECK(t == MPI_DATATYPE_NULL);
        if (it % 3 == 0)
            __atomic_add_fetch(&deletes_expected, 1, __ATOMIC_RELAXED);
        lt_map_free(&m);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided = -1;
    pthread_t th[NTHREADS];
    const char *env = getenv("LT_THREAD_ITERS");

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    lt_begin("lt_threads");
    rank = lt_rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (env != NULL && atoi(env) > 0)
        iters = atoi(env);
    if (!LT_CHECK_INT(provided, ==, MPI_THREAD_MULTIPLE)) {
        MPI_Finalize();
        return lt_finish("lt_threads", rank);
    }

    {
        int bl[3] = {1, 1, 1};
        MPI_Aint dp[3] = {0, 8, 16};
        MPI_Datatype ty[3] = {MPI_SHORT, MPI_DOUBLE, MPI_INT};

        LT_CHECK_MPI(MPI_Type_create_struct(3, bl, dp, ty, &base));
        LT_CHECK_MPI(MPI_Type_commit(&base));
        LT_CHECK_MPI(MPI_Type_set_name(base, "lt_shared_base"));
        lt_map_init(&m_base);
        lt_map_add(&m_base, 0, 2);
        lt_map_add(&m_base, 8, 8);
        lt_map_add(&m_base, 16, 4);
        m_base.extent = 24;
        LT_CHECK_MPI(MPI_Type_vector(3, 2, 4, base, &svec));
        LT_CHECK_MPI(MPI_Type_commit(&svec));
        LT_CHECK_MPI(MPI_Type_set_name(svec, "lt_shared_vector"));
        lt_map_hvector(&m_svec, 3, 2, 96, &m_base);
        check_shape(base, &m_base);
        check_shape(svec, &m_svec);
        LT_CHECK_MPI(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, delete_fn, &keyval, NULL));
    }

    for (long i = 0; i < NTHREADS; i++)
        if (pthread_create(&th[i], NULL, worker, (void *)i) != 0) {
            fprintf(stderr, "lt_threads: pthread_create failed\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    lt_check_shadows_live(); /* base and svec at least */
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    LT_CHECK_INT(deletes_seen, ==, deletes_expected);

    /* the type thread 0 made goes around the ring (the same on every rank) */
    if (LT_CHECK(kept != MPI_DATATYPE_NULL)) {
        int left = (rank + nranks - 1) % nranks, right = (rank + 1) % nranks, cnt = -1;
        lt_buf sb, rb, lsb;
        unsigned char *stream = malloc((size_t)(2 * m_kept.size) + 1); /* freed below */
        MPI_Status status;

        lt_buf_alloc(&sb, &m_kept, 2);
        lt_buf_fill(&sb, rank, 7);
        lt_buf_alloc(&rb, &m_kept, 2);
        LT_CHECK_MPI(MPI_Sendrecv(sb.buf, 2, kept, right, 7, rb.buf, 2, kept, left, 7,
                                  MPI_COMM_WORLD, &status));
        lt_buf_alloc(&lsb, &m_kept, 2);
        lt_buf_fill(&lsb, left, 7);
        lt_map_pack(lsb.buf, 2, &m_kept, stream);
        LT_CHECK_UNPACKED(&rb, stream, 2 * m_kept.size, 2, &m_kept,
                          "thread-made type around the ring");
        LT_CHECK_MPI(MPI_Get_count(&status, kept, &cnt));
        LT_CHECK_INT(cnt, ==, 2);
        free(stream);
        lt_buf_free(&sb);
        lt_buf_free(&rb);
        lt_buf_free(&lsb);
        LT_CHECK_MPI(MPI_Type_free(&kept)); /* deletes its attribute, if set */
        deletes_expected += kept_has_attr;
        lt_map_free(&m_kept);
        LT_CHECK_INT(deletes_seen, ==, deletes_expected);
    }

    LT_CHECK_MPI(MPI_Type_free_keyval(&keyval));
    LT_CHECK_MPI(MPI_Type_free(&svec));
    LT_CHECK_MPI(MPI_Type_free(&base));
    lt_map_free(&m_base);
    lt_map_free(&m_svec);
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_threads", rank);
}
