/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_external.c - libFuzzer target for external32 (MPI-4.1 section
 * 5.2.3): the first bytes make a small random datatype (fuzz_build.h),
 * the rest is an external32 stream unpacked into count copies of it with
 * MPI_Unpack_external, then packed back.  Checks: the unpack writes what
 * the harness's walker writes (each run byte-swapped) and nothing else,
 * packing back gives the input bytes (when no two entries of the type map
 * share a byte), a stream cut short or a type that is not committed fails
 * cleanly with the position untouched, and no handle outlives the input.
 */
#include "fuzz_build.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void unpack_back(MPI_Datatype t, const fz_walk *w, const unsigned char *stream,
                        MPI_Count esize, MPI_Count count)
{
    MPI_Count lb, ext, tlb, text, lo, n, len = count * esize, pos = 0;
    unsigned char *got, *want, *back;
    int over, rc;

    FZ_OK(MPI_Type_get_extent_c(t, &lb, &ext));
    FZ_OK(MPI_Type_get_true_extent_c(t, &tlb, &text));
    if (!fz_span(count, ext, tlb, text, &lo, &n))
        return;
    over = fz_overlaps(w, count, ext);
    got = malloc((size_t)n + 1);
    want = malloc((size_t)n + 1);
    back = malloc((size_t)len + 1);
    FZ_ASSERT(got && want && back, "out of memory");
    memset(got, 0xe7, (size_t)n);
    memset(want, 0xe7, (size_t)n);

    if (len > 0) {
        /* a stream one byte short fails, position untouched */
        rc = MPI_Unpack_external_c("external32", stream, len - 1, &pos, (char *)got - lo, count, t);
        FZ_ASSERT(fz_failed(rc, "MPI_Unpack_external_c") && pos == 0,
                  "MPI_Unpack_external_c from %lld of %lld bytes", (long long)len - 1,
                  (long long)len);
        memset(got, 0xe7, (size_t)n);
    }
    rc = MPI_Unpack_external_c("external32", stream, len, &pos, (char *)got - lo, count, t);
    if (over) {
        /* MPI-4.1 section 5.1.11: a receive into overlapping entries is
         * erroneous; a clean error or any bytes will do */
        fz_failed(rc, "MPI_Unpack_external_c");
        goto out;
    }
    FZ_OK(rc);
    FZ_ASSERT(pos == len, "MPI_Unpack_external_c position %lld, not %lld", (long long)pos,
              (long long)len);
    fz_walk_copy(w, (char *)want - lo, count, ext, (unsigned char *)stream, 1, 1);
    FZ_ASSERT(memcmp(got, want, (size_t)n) == 0, "MPI_Unpack_external_c differs from the type map");
    pos = 0;
    FZ_OK(MPI_Pack_external_c("external32", (char *)got - lo, count, t, back, len, &pos));
    if (getenv("FZ_DEBUG") && memcmp(back, stream, (size_t)len) != 0) {
        typeshim_type_dump(t, stderr);
        for (MPI_Count i = 0; i < len; i++)
            fprintf(stderr, "%lld: %02x %02x\n", (long long)i, back[i], stream[i]);
    }
    FZ_ASSERT(pos == len && memcmp(back, stream, (size_t)len) == 0,
              "MPI_Pack_external_c does not give back the stream");
out:
    free(got);
    free(want);
    free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size > 64 ? 64 : size};
    long live = typeshim_live_types();
    MPI_Datatype t;
    MPI_Count esize, count, pos = 0;
    const unsigned char *stream;
    size_t left;
    fz_walk w;
    fz_dec dec;
    char one[8];
    int rc;

    /* at most 64 bytes describe the type, at most depth 2 */
    if (fz_build(&in, FZ_MAX_DEPTH - 2, 0, &t) != MPI_SUCCESS || fz_is_named(t))
        goto out;
    stream = data + (size > 64 ? 64 : size) - in.n;
    left = size - (size_t)(stream - data);
    /* a duplicate of a committed type is committed (MPI-4.1 section 5.1.10) */
    fz_decode(t, &dec);
    if (dec.comb != MPI_COMBINER_DUP) {
        rc = MPI_Unpack_external_c("external32", stream, (MPI_Count)left, &pos, one, 1, t);
        FZ_ASSERT(fz_failed(rc, "MPI_Unpack_external_c") && pos == 0,
                  "MPI_Unpack_external_c of a type not committed");
    }
    fz_dec_free(&dec);
    rc = MPI_Type_commit(&t);
    if (fz_failed(rc, "MPI_Type_commit"))
        goto out_free;
    /* external32 is the only data representation (MPI-4.1 section 5.2.3) */
    rc = MPI_Pack_external_size_c("native", 1, t, &esize);
    FZ_ASSERT(fz_failed(rc, "MPI_Pack_external_size_c"), "the \"native\" representation");
    FZ_OK(MPI_Pack_external_size_c("external32", 1, t, &esize));
    if (esize == 0 || esize > FZ_MAX_SPAN)
        goto out_free;
    count = (MPI_Count)left / esize;
    if (count > 64)
        count = 64;
    memset(&w, 0, sizeof w);
    fz_walk_type(&w, t, 0);
    if (!w.too_big && count > 0)
        unpack_back(t, &w, stream, esize, count);
    fz_walk_free(&w);
out_free:
    fz_free(&t);
out:
    FZ_ASSERT(typeshim_live_types() == live, "%ld types live after the input, %ld before",
              typeshim_live_types(), live);
    return 0;
}
