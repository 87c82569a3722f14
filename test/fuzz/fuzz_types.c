/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_types.c - libFuzzer target: the input bytes make a random nested
 * datatype (fuzz_build.h: every constructor, negative strides and
 * displacements, zero and huge counts); a constructor may fail, with a
 * clean error.  A type that was built is committed and checked against
 * itself and against the harness's own reading of its decoding:
 *  - every query and its _c/_x form agree;
 *  - the walker's type map has the type's size and true bounds, and its
 *    element count is what MPI_Status_set_elements/Get_elements report;
 *  - MPI_Pack (count 1 and 2) gives the walker's bytes, from a buffer
 *    filled with a pattern; MPI_Unpack writes what the walker writes and
 *    nothing else; segments, external32 (byte-swapped runs) likewise;
 *  - the type rebuilt from its decoding has the same bounds and bytes;
 *  - no handle outlives the input (typeshim_live_types).
 * Any violation aborts with a message on stderr.
 */
#include "fuzz_build.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Calls the constructor of d's combiner on d's arguments (one level). */
static int rebuild(const fz_dec *d, MPI_Datatype *out)
{
    const int *i = d->ints;
    const MPI_Aint *a = d->addrs;
    const MPI_Count *k = d->counts;
    MPI_Datatype *ty = d->types;

    if (d->comb == MPI_COMBINER_DUP)
        return MPI_Type_dup(ty[0], out);
    if (d->nc > 0) {
        switch (d->comb) {
        case MPI_COMBINER_CONTIGUOUS:
            return MPI_Type_contiguous_c(k[0], ty[0], out);
        case MPI_COMBINER_VECTOR:
            return MPI_Type_vector_c(k[0], k[1], k[2], ty[0], out);
        case MPI_COMBINER_HVECTOR:
            return MPI_Type_create_hvector_c(k[0], k[1], k[2], ty[0], out);
        case MPI_COMBINER_INDEXED:
            return MPI_Type_indexed_c(k[0], k + 1, k + 1 + k[0], ty[0], out);
        case MPI_COMBINER_HINDEXED:
            return MPI_Type_create_hindexed_c(k[0], k + 1, k + 1 + k[0], ty[0], out);
        case MPI_COMBINER_INDEXED_BLOCK:
            return MPI_Type_create_indexed_block_c(k[0], k[1], k + 2, ty[0], out);
        case MPI_COMBINER_HINDEXED_BLOCK:
            return MPI_Type_create_hindexed_block_c(k[0], k[1], k + 2, ty[0], out);
        case MPI_COMBINER_STRUCT:
            return MPI_Type_create_struct_c(k[0], k + 1, k + 1 + k[0], ty, out);
        case MPI_COMBINER_SUBARRAY:
            return MPI_Type_create_subarray_c(i[0], k, k + i[0], k + 2 * i[0], i[1], ty[0], out);
        case MPI_COMBINER_DARRAY:
            return MPI_Type_create_darray_c(i[0], i[1], i[2], k, i + 3, i + 3 + i[2],
                                            i + 3 + 2 * i[2], i[3 + 3 * i[2]], ty[0], out);
        case MPI_COMBINER_RESIZED:
            return MPI_Type_create_resized_c(ty[0], k[0], k[1], out);
        }
    } else {
        switch (d->comb) {
        case MPI_COMBINER_CONTIGUOUS:
            return MPI_Type_contiguous(i[0], ty[0], out);
        case MPI_COMBINER_VECTOR:
            return MPI_Type_vector(i[0], i[1], i[2], ty[0], out);
        case MPI_COMBINER_HVECTOR:
            return MPI_Type_create_hvector(i[0], i[1], a[0], ty[0], out);
        case MPI_COMBINER_INDEXED:
            return MPI_Type_indexed(i[0], i + 1, i + 1 + i[0], ty[0], out);
        case MPI_COMBINER_HINDEXED:
            return MPI_Type_create_hindexed(i[0], i + 1, a, ty[0], out);
        case MPI_COMBINER_INDEXED_BLOCK:
            return MPI_Type_create_indexed_block(i[0], i[1], i + 2, ty[0], out);
        case MPI_COMBINER_HINDEXED_BLOCK:
            return MPI_Type_create_hindexed_block(i[0], i[1], a, ty[0], out);
        case MPI_COMBINER_STRUCT:
            return MPI_Type_create_struct(i[0], i + 1, a, ty, out);
        case MPI_COMBINER_SUBARRAY:
            return MPI_Type_create_subarray(i[0], i + 1, i + 1 + i[0], i + 1 + 2 * i[0],
                                            i[1 + 3 * i[0]], ty[0], out);
        case MPI_COMBINER_DARRAY:
            return MPI_Type_create_darray(i[0], i[1], i[2], i + 3, i + 3 + i[2], i + 3 + 2 * i[2],
                                          i + 3 + 3 * i[2], i[3 + 4 * i[2]], ty[0], out);
        case MPI_COMBINER_RESIZED:
            return MPI_Type_create_resized(ty[0], a[0], a[1], out);
        }
    }
    FZ_ASSERT(0, "combiner %d cannot be rebuilt", d->comb);
    return MPI_ERR_INTERN;
}

/* Decodes t all the way down, freeing every derived handle returned;
 * MPI_Type_get_contents agrees with its _c form where both apply. */
static void decode_tree(MPI_Datatype t, int depth)
{
    fz_dec d;
    int *ints;
    MPI_Aint *addrs;
    MPI_Datatype *types;

    FZ_ASSERT(depth <= 2 * FZ_MAX_DEPTH + 4, "decoding deeper than the type was built");
    fz_decode(t, &d);
    if (d.comb != MPI_COMBINER_NAMED && d.nc == 0) {
        ints = malloc((size_t)d.ni * sizeof(int) + 1);
        addrs = malloc((size_t)d.na * sizeof(MPI_Aint) + 1);
        types = malloc((size_t)d.nd * sizeof(MPI_Datatype) + 1);
        FZ_ASSERT(ints && addrs && types, "out of memory");
        FZ_OK(MPI_Type_get_contents(t, (int)d.ni, (int)d.na, (int)d.nd, ints, addrs, types));
        FZ_ASSERT(memcmp(ints, d.ints, (size_t)d.ni * sizeof(int)) == 0 &&
                      memcmp(addrs, d.addrs, (size_t)d.na * sizeof(MPI_Aint)) == 0 &&
                      memcmp(types, d.types, (size_t)d.nd * sizeof(MPI_Datatype)) == 0,
                  "MPI_Type_get_contents and its _c form differ");
        for (MPI_Count i = 0; i < d.nd; i++)
            fz_free(&types[i]);
        free(ints);
        free(addrs);
        free(types);
    }
    for (MPI_Count i = 0; i < d.nd; i++)
        decode_tree(d.types[i], depth + 1);
    fz_dec_free(&d);
}

typedef struct bounds {
    MPI_Count size, lb, extent, tlb, textent;
} bounds;

/* Every query, and its other forms, agree; returns the bounds. */
static bounds queries(MPI_Datatype t)
{
    bounds b;
    MPI_Aint lb, ext;
    MPI_Count xlb, xext;
    MPI_Count ni, na, nc, nd;
    int s, comb, ini, ina, ind, icomb, len = -1, rc;
    char name[MPI_MAX_OBJECT_NAME];

    FZ_OK(MPI_Type_size_c(t, &b.size));
    FZ_OK(MPI_Type_get_extent_c(t, &b.lb, &b.extent));
    FZ_OK(MPI_Type_get_true_extent_c(t, &b.tlb, &b.textent));
    /* MPICH 4.0.2 (and typeshim, which matches it) may report a negative
     * true extent for an empty type: vector(1, 0, s) of a resized type */
    FZ_ASSERT(b.size >= 0 && (b.size == 0 || b.textent > 0), "size %lld, true extent %lld",
              (long long)b.size, (long long)b.textent);
    FZ_OK(MPI_Type_size(t, &s));
    FZ_ASSERT(b.size <= INT_MAX ? s == b.size : s == MPI_UNDEFINED, "MPI_Type_size %d, _c %lld", s,
              (long long)b.size);
    FZ_OK(MPI_Type_size_x(t, &xext));
    FZ_ASSERT(xext == b.size, "MPI_Type_size_x %lld", (long long)xext);
    FZ_OK(MPI_Type_get_extent(t, &lb, &ext));
    FZ_ASSERT(lb == b.lb && ext == b.extent, "MPI_Type_get_extent %ld %ld", (long)lb, (long)ext);
    FZ_OK(MPI_Type_get_extent_x(t, &xlb, &xext));
    FZ_ASSERT(xlb == b.lb && xext == b.extent, "MPI_Type_get_extent_x");
    FZ_OK(MPI_Type_get_true_extent(t, &lb, &ext));
    FZ_ASSERT(lb == b.tlb && ext == b.textent, "MPI_Type_get_true_extent");
    FZ_OK(MPI_Type_get_true_extent_x(t, &xlb, &xext));
    FZ_ASSERT(xlb == b.tlb && xext == b.textent, "MPI_Type_get_true_extent_x");
    FZ_OK(MPI_Type_get_name(t, name, &len));
    FZ_ASSERT(len >= 0 && (size_t)len == strlen(name), "MPI_Type_get_name length %d", len);
    FZ_OK(MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb));
    rc = MPI_Type_get_envelope(t, &ini, &ina, &ind, &icomb);
    if (nc == 0) {
        FZ_OK(rc);
        FZ_ASSERT(ini == ni && ina == na && ind == nd && icomb == comb,
                  "MPI_Type_get_envelope and its _c form differ");
    } else {
        fz_failed(rc, "MPI_Type_get_envelope");
    }
    return b;
}

/* A pattern that differs at each byte and between buffers. */
static void poison(unsigned char *p, MPI_Count n, unsigned salt)
{
    for (MPI_Count i = 0; i < n; i++)
        p[i] = (unsigned char)(i * 31u + salt);
}

/* MPI_Pack_size, including counts whose result does not fit. */
static void pack_sizes(MPI_Datatype t, const bounds *b)
{
    static const MPI_Count counts[] = {0, 1, 2, 1000, INT_MAX, (MPI_Count)1 << 40, INT64_MAX};

    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        MPI_Count c = counts[i], ps, es, want;
        int ips = -7, rc;
        int over = __builtin_mul_overflow(c, b->size, &want);

        rc = MPI_Pack_size_c(c, t, MPI_COMM_WORLD, &ps);
        /* MPI-4.1 section 5.2: MPI_UNDEFINED when the size does not fit */
        if (!fz_failed(rc, "MPI_Pack_size_c"))
            FZ_ASSERT(ps == MPI_UNDEFINED ? over || want > INT64_MAX - 4096 : !over && ps >= want,
                      "MPI_Pack_size_c(%lld) = %lld, at least %lld expected", (long long)c,
                      (long long)ps, (long long)want);
        rc = MPI_Pack_external_size_c("external32", c, t, &es);
        if (!fz_failed(rc, "MPI_Pack_external_size_c"))
            FZ_ASSERT(!over && es == want, "MPI_Pack_external_size_c(%lld) = %lld, not %lld",
                      (long long)c, (long long)es, (long long)want);
        if (c > INT_MAX)
            continue;
        rc = MPI_Pack_size((int)c, t, MPI_COMM_WORLD, &ips);
        if (!fz_failed(rc, "MPI_Pack_size"))
            FZ_ASSERT(ips == MPI_UNDEFINED || (!over && ips >= want),
                      "MPI_Pack_size(%lld) = %d < %lld", (long long)c, ips, (long long)want);
    }
}

/* Element counts through a status (MPI-4.1 section 4.1.11). */
static void elements(MPI_Datatype t, const fz_walk *w, MPI_Count count)
{
    MPI_Status st;
    MPI_Count e = count * w->elems, got;
    int ig, cnt;

    if (w->elems == 0)
        return;
    FZ_OK(MPI_Status_set_elements_c(&st, t, e));
    FZ_OK(MPI_Get_elements_c(&st, t, &got));
    FZ_ASSERT(got == e, "MPI_Get_elements_c %lld after set_elements %lld", (long long)got,
              (long long)e);
    FZ_OK(MPI_Get_elements(&st, t, &ig));
    FZ_ASSERT(ig == e, "MPI_Get_elements %d, not %lld", ig, (long long)e);
    FZ_OK(MPI_Get_count(&st, t, &cnt));
    FZ_ASSERT(cnt == count, "MPI_Get_count %d, not %lld", cnt, (long long)count);
    if (w->elems < 2)
        return;
    FZ_OK(MPI_Status_set_elements(&st, t, (int)e - 1));
    FZ_OK(MPI_Get_elements_x(&st, t, &got));
    FZ_ASSERT(got == e - 1, "MPI_Get_elements_x %lld, not %lld", (long long)got, (long long)e - 1);
    FZ_OK(MPI_Get_count(&st, t, &cnt));
    FZ_ASSERT(cnt == MPI_UNDEFINED, "MPI_Get_count %d for a partial element count", cnt);
}

/* The buffers of count copies of the type: [lo, hi) relative to buf. */
typedef struct span {
    MPI_Count lo, n;
    unsigned char *mem;
} span;

static int span_of(const bounds *b, MPI_Count count, span *s)
{
    if (b->size == 0 || !fz_span(count, b->extent, b->tlb, b->textent, &s->lo, &s->n))
        return 0;
    s->mem = malloc((size_t)s->n + 1);
    FZ_ASSERT(s->mem != NULL, "out of memory");
    return 1;
}

/* The address the type's displacement 0 has in s. */
static char *origin(const span *s)
{
    return (char *)s->mem - s->lo;
}

/* Pack, unpack, segments and external32 of count copies, against the
 * walker; the rebuilt type t2 (if any) packs the same bytes. */
static void data(MPI_Datatype t, MPI_Datatype t2, const bounds *b, const fz_walk *w,
                 MPI_Count count, fz_in *in)
{
    span src, d1, d2;
    MPI_Count psz = count * b->size, pos = 0, e1, e2;
    unsigned char *packed, *want, *ext;
    int over, ipos = 0, rc;

    if (!span_of(b, count, &src))
        return;
    over = fz_overlaps(w, count, b->extent);
    d1 = src;
    d2 = src;
    d1.mem = malloc((size_t)src.n + 1);
    d2.mem = malloc((size_t)src.n + 1);
    packed = malloc((size_t)psz + 1);
    want = malloc((size_t)psz + 1);
    ext = malloc((size_t)psz + 1);
    FZ_ASSERT(d1.mem && d2.mem && packed && want && ext, "out of memory");
    poison(src.mem, src.n, 0x11);

    poison(packed, psz, 0xa5);
    if (count == 1) {
        FZ_OK(MPI_Pack(origin(&src), 1, t, packed, (int)psz, &ipos, MPI_COMM_WORLD));
        pos = ipos;
    } else {
        FZ_OK(MPI_Pack_c(origin(&src), count, t, packed, psz, &pos, MPI_COMM_WORLD));
    }
    FZ_ASSERT(pos == psz, "MPI_Pack position %lld, not %lld", (long long)pos, (long long)psz);
    fz_walk_copy(w, origin(&src), count, b->extent, want, 0, 0);
    FZ_ASSERT(memcmp(packed, want, (size_t)psz) == 0, "MPI_Pack of %lld differs from the type map",
              (long long)count);
    if (psz > 0) {
        pos = 0;
        rc = MPI_Pack_c(origin(&src), count, t, ext, psz - 1, &pos, MPI_COMM_WORLD);
        FZ_ASSERT(fz_failed(rc, "MPI_Pack_c") && pos == 0, "MPI_Pack_c into %lld bytes of %lld",
                  (long long)psz - 1, (long long)psz);
    }
    if (t2 != MPI_DATATYPE_NULL) {
        pos = 0;
        FZ_OK(MPI_Pack_c(origin(&src), count, t2, ext, psz, &pos, MPI_COMM_WORLD));
        FZ_ASSERT(pos == psz && memcmp(ext, packed, (size_t)psz) == 0,
                  "the type rebuilt from the decoding packs other bytes");
    }

    /* a segment of the packed stream */
    if (psz > 0) {
        MPI_Count first = (MPI_Count)fz_u8(in) * psz / 256, last;

        last = first + (MPI_Count)fz_u8(in) * (psz - first) / 255;
        FZ_OK(typeshim_pack_segment(origin(&src), count, t, first, last, ext));
        FZ_ASSERT(memcmp(ext, packed + first, (size_t)(last - first)) == 0,
                  "typeshim_pack_segment [%lld, %lld) differs", (long long)first, (long long)last);
    }

    /* unpack writes the map's bytes and no other */
    poison(d1.mem, d1.n, 0x5a);
    poison(d2.mem, d2.n, 0x5a);
    pos = 0;
    rc = MPI_Unpack_c(packed, psz, &pos, origin(&d1), count, t, MPI_COMM_WORLD);
    if (!over) {
        FZ_OK(rc);
        FZ_ASSERT(pos == psz, "MPI_Unpack_c position %lld", (long long)pos);
        fz_walk_copy(w, origin(&d2), count, b->extent, packed, 1, 0);
        FZ_ASSERT(memcmp(d1.mem, d2.mem, (size_t)d1.n) == 0,
                  "MPI_Unpack_c differs from the type map");
    } else {
        fz_failed(rc, "MPI_Unpack_c");
    }

    /* external32: the runs byte-swapped; back to the native bytes */
    FZ_OK(MPI_Pack_external_size_c("external32", count, t, &e1));
    FZ_ASSERT(e1 == psz, "MPI_Pack_external_size_c %lld, not %lld", (long long)e1, (long long)psz);
    pos = 0;
    poison(ext, psz, 0x3c);
    FZ_OK(MPI_Pack_external_c("external32", origin(&src), count, t, ext, psz, &pos));
    FZ_ASSERT(pos == psz, "MPI_Pack_external_c position %lld", (long long)pos);
    fz_walk_copy(w, origin(&src), count, b->extent, want, 0, 1);
    FZ_ASSERT(memcmp(ext, want, (size_t)psz) == 0, "MPI_Pack_external_c differs from the type map");
    if (!over) {
        poison(d2.mem, d2.n, 0x5a);
        e2 = 0;
        FZ_OK(MPI_Unpack_external_c("external32", ext, psz, &e2, origin(&d2), count, t));
        FZ_ASSERT(e2 == psz && memcmp(d1.mem, d2.mem, (size_t)d1.n) == 0,
                  "MPI_Unpack_external_c differs from MPI_Unpack_c");
    }
    free(src.mem);
    free(d1.mem);
    free(d2.mem);
    free(packed);
    free(want);
    free(ext);
}

static void check_type(MPI_Datatype t, fz_in *in)
{
    bounds b = queries(t), b2;
    MPI_Datatype t2 = MPI_DATATYPE_NULL;
    fz_walk w;
    fz_dec dec;
    int rc;

    pack_sizes(t, &b);
    decode_tree(t, 0);

    /* rebuilt from its decoding: the same type */
    fz_decode(t, &dec);
    if (dec.comb != MPI_COMBINER_NAMED) {
        rc = rebuild(&dec, &t2);
        FZ_OK(rc);
        FZ_OK(MPI_Type_commit(&t2));
        b2 = queries(t2);
        FZ_ASSERT(b2.size == b.size && b2.lb == b.lb && b2.extent == b.extent && b2.tlb == b.tlb &&
                      b2.textent == b.textent,
                  "the type rebuilt from the decoding has other bounds");
    }
    fz_dec_free(&dec);

    memset(&w, 0, sizeof w);
    if (b.size <= FZ_MAX_SPAN && b.textent <= FZ_MAX_SPAN && b.extent <= FZ_MAX_SPAN &&
        b.extent >= -FZ_MAX_SPAN) {
        fz_walk_type(&w, t, 0);
        if (!w.too_big) {
            MPI_Count lo = INT64_MAX, hi = INT64_MIN;

            FZ_ASSERT(w.bytes == b.size, "the type map has %lld bytes, the size is %lld",
                      (long long)w.bytes, (long long)b.size);
            for (size_t i = 0; i < w.n; i++) {
                lo = w.r[i].disp < lo ? w.r[i].disp : lo;
                hi = w.r[i].disp + w.r[i].len > hi ? w.r[i].disp + w.r[i].len : hi;
            }
            /* MPI-4.1 section 5.1.8 makes the true bounds those of the
             * data; MPICH 4.0.2 (and typeshim, which matches it) widens
             * them by members with an empty type map and by some darray
             * layouts, never narrows them */
            FZ_ASSERT(w.n == 0 || (lo >= b.tlb && hi <= b.tlb + b.textent),
                      "the type map spans [%lld, %lld), the true bounds [%lld, +%lld)",
                      (long long)lo, (long long)hi, (long long)b.tlb, (long long)b.textent);
            elements(t, &w, 1);
            elements(t, &w, 2);
            data(t, t2, &b, &w, 1, in);
            data(t, t2, &b, &w, 2, in);
        }
    }
    fz_walk_free(&w);
    fz_free(&t2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data_, size_t size)
{
    fz_in in = {data_, size};
    long live = typeshim_live_types();
    MPI_Datatype t;
    int rc;

    if (fz_build(&in, 0, 0, &t) == MPI_SUCCESS) {
        if (!fz_is_named(t)) {
            rc = MPI_Type_commit(&t);
            fz_current = t;
            if (!fz_failed(rc, "MPI_Type_commit"))
                check_type(t, &in);
            fz_current = MPI_DATATYPE_NULL;
        }
        fz_free(&t);
    }
    FZ_ASSERT(typeshim_live_types() == live, "%ld types live after the input, %ld before",
              typeshim_live_types(), live);
    return 0;
}
