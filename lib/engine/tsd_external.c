/* SPDX-License-Identifier: BSD-3-Clause */
/* The "external32" data representation (MPI-4.0 §13.5.2): every basic
 * element big-endian, with the standard's sizes.  Where the native and the
 * external forms differ in size or format:
 * - C long / unsigned long: 8 bytes here, 4 there;
 * - wchar_t: 4 bytes here, 2 there (as MPICH's table);
 * - long double: x87 extended precision here, IEEE binary128 there.
 * A value that does not fit the external form is a conversion error, not
 * a silent truncation.  Elements are converted one by one in type-map
 * order, walking desc (opt_desc has merged them into bytes). */
#include "typeshim_config.h"

#include <float.h>
#include <string.h>

#include "engine/tsd.h"

enum { EXT_SWAP, EXT_LONG, EXT_ULONG, EXT_WCHAR, EXT_LDOUBLE };

static const struct {
    int8_t kind, parts; /* parts: complex numbers swap each half */
    int8_t size;        /* external bytes */
} ext[TSD_ID_MAX] = {
    [TSD_INT1] = {EXT_SWAP, 1, 1},        [TSD_INT2] = {EXT_SWAP, 1, 2},
    [TSD_INT4] = {EXT_SWAP, 1, 4},        [TSD_INT8] = {EXT_SWAP, 1, 8},
    [TSD_INT16] = {EXT_SWAP, 1, 16},      [TSD_UINT1] = {EXT_SWAP, 1, 1},
    [TSD_UINT2] = {EXT_SWAP, 1, 2},       [TSD_UINT4] = {EXT_SWAP, 1, 4},
    [TSD_UINT8] = {EXT_SWAP, 1, 8},       [TSD_UINT16] = {EXT_SWAP, 1, 16},
    [TSD_FLOAT2] = {EXT_SWAP, 1, 2},      [TSD_BFLOAT2] = {EXT_SWAP, 1, 2},
    [TSD_FLOAT4] = {EXT_SWAP, 1, 4},      [TSD_FLOAT8] = {EXT_SWAP, 1, 8},
    [TSD_FLOAT12] = {EXT_SWAP, 1, 12},    [TSD_FLOAT16] = {EXT_SWAP, 1, 16},
    [TSD_COMPLEX4] = {EXT_SWAP, 2, 4},    [TSD_COMPLEX8] = {EXT_SWAP, 2, 8},
    [TSD_COMPLEX16] = {EXT_SWAP, 2, 16},  [TSD_COMPLEX32] = {EXT_SWAP, 2, 32},
    [TSD_BOOL] = {EXT_SWAP, 1, 1},        [TSD_WCHAR] = {EXT_WCHAR, 1, 2},
    [TSD_LONG] = {EXT_LONG, 1, 4},        [TSD_ULONG] = {EXT_ULONG, 1, 4},
    [TSD_LDOUBLE] = {EXT_LDOUBLE, 1, 16}, [TSD_LDCOMPLEX] = {EXT_LDOUBLE, 2, 32},
};

int64_t tsd_external32_size(const tsd_type *t)
{
    int64_t n = 0;

    for (int id = TSD_INT1; id < TSD_ID_MAX; id++)
        n += t->btypes[id] * ext[id].size;
    return n;
}

static void reverse(unsigned char *d, const unsigned char *s, int n)
{
    for (int i = 0; i < n; i++)
        d[i] = s[n - 1 - i];
}

/* Native little- or big-endian integer of n bytes <-> big-endian bytes. */
static void to_be(unsigned char *d, const unsigned char *s, int n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    reverse(d, s, n);
#else
    memcpy(d, s, (size_t)n);
#endif
}

#if LDBL_MANT_DIG == 64
/* x87 extended (64-bit significand with explicit integer bit, 15-bit
 * exponent, bias 16383) <-> binary128 (112-bit fraction, same exponent). */
typedef unsigned __int128 u128;

static u128 x87_to_quad(const unsigned char *s)
{
    uint64_t sig;
    uint16_t se;
    unsigned exp;

    memcpy(&sig, s, 8);
    memcpy(&se, s + 8, 2);
    exp = se & 0x7fff;
    if (exp == 0 && (sig >> 63)) /* pseudo-denormal: the value of exponent 1 */
        exp = 1;
    return ((u128)(se >> 15) << 127) | ((u128)exp << 112) |
           ((u128)(sig & 0x7fffffffffffffffull) << 49);
}

/* Rounds the 112-bit fraction to 63 bits, to nearest even. */
static void quad_to_x87(u128 q, unsigned char *d)
{
    unsigned sign = (unsigned)(q >> 127), exp = (unsigned)(q >> 112) & 0x7fff;
    u128 frac = q & (((u128)1 << 112) - 1);
    uint64_t sig = (uint64_t)(frac >> 49), dropped = (uint64_t)frac & ((1ull << 49) - 1);
    uint16_t se;

    if (exp == 0x7fff) { /* inf, NaN: keep the payload's top bits, never round */
        sig |= 1ull << 63;
        if (frac && !(sig << 1))
            sig |= 1ull << 62; /* a NaN stays a NaN */
    } else {
        if (dropped > (1ull << 48) || (dropped == (1ull << 48) && (sig & 1)))
            sig++;
        if (sig >> 63) { /* the carry reached the integer bit */
            sig &= ~(1ull << 63);
            exp++;
        }
        if (exp == 0x7fff)
            sig = 0; /* rounded up to infinity */
        if (exp != 0)
            sig |= 1ull << 63; /* explicit integer bit of a normal number */
    }
    se = (uint16_t)(sign << 15 | exp);
    memset(d, 0, 16);
    memcpy(d, &sig, 8);
    memcpy(d + 8, &se, 2);
}

static void ldouble_out(unsigned char *e, const unsigned char *u)
{
    u128 q = x87_to_quad(u);
    to_be(e, (const unsigned char *)&q, 16);
}

static void ldouble_in(unsigned char *u, const unsigned char *e)
{
    u128 q;
    to_be((unsigned char *)&q, e, 16);
    quad_to_x87(q, u);
}
#else
/* long double is binary128 (or the platform has no x87 form): bytes only. */
static void ldouble_out(unsigned char *e, const unsigned char *u)
{
    to_be(e, u, 16);
}
static void ldouble_in(unsigned char *u, const unsigned char *e)
{
    to_be(u, e, 16);
}
#endif

/* One basic element: user form u <-> external form e. */
static int convert(int id, unsigned char *u, unsigned char *e, int unpack)
{
    int n = ext[id].size / ext[id].parts, un = (int)tsd_id_size(id) / ext[id].parts;

    for (int p = 0; p < ext[id].parts; p++, u += un, e += n) {
        switch (ext[id].kind) {
        case EXT_SWAP:
            if (unpack)
                to_be(u, e, n);
            else
                to_be(e, u, n);
            break;
        case EXT_LDOUBLE:
            if (unpack)
                ldouble_in(u, e);
            else
                ldouble_out(e, u);
            break;
        case EXT_LONG: {
            int64_t v;
            int32_t w;
            if (unpack) {
                to_be((unsigned char *)&w, e, 4);
                v = w;
                memcpy(u, &v, 8);
            } else {
                memcpy(&v, u, 8);
                if (v < INT32_MIN || v > INT32_MAX)
                    return TSD_ERR_CONVERSION;
                w = (int32_t)v;
                to_be(e, (unsigned char *)&w, 4);
            }
            break;
        }
        case EXT_ULONG:
        case EXT_WCHAR: {
            /* unsigned, un bytes here, n there */
            uint64_t v = 0;
            if (unpack) {
                unsigned char be[8] = {0};
                memcpy(be + 8 - n, e, (size_t)n);
                to_be((unsigned char *)&v, be, 8);
                memcpy(u, &v, (size_t)un); /* little-endian: low bytes first */
            } else {
                memcpy(&v, u, (size_t)un);
                if (v >> (8 * n))
                    return TSD_ERR_CONVERSION;
                unsigned char be[8];
                to_be(be, (unsigned char *)&v, 8);
                memcpy(e, be + 8 - n, (size_t)n);
            }
            break;
        }
        }
    }
    return TSD_OK;
}

static int walk(const tsd_rec *rec, int64_t n, uintptr_t base, unsigned char **e, int unpack)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        int rc;
        if (r->common.type == TSD_LOOP) {
            for (int64_t k = 0; k < r->loop.loops; k++)
                if ((rc = walk(r + 1, r->loop.items - 1, base + (uintptr_t)(k * r->loop.extent), e,
                               unpack)))
                    return rc;
            i += r->loop.items;
        } else if (r->common.type >= TSD_INT1) {
            int id = r->elem.type;
            int64_t sz = tsd_id_size(id);
            for (int64_t j = 0; j < r->elem.count; j++) {
                unsigned char *u =
                    (unsigned char *)(base + (uintptr_t)(r->elem.disp + j * r->elem.extent));
                for (int64_t b = 0; b < r->elem.blocklen; b++, u += sz, *e += ext[id].size)
                    if ((rc = convert(id, u, *e, unpack)))
                        return rc;
            }
        }
    }
    return TSD_OK;
}

int tsd_external32(const tsd_type *t, void *buf, int64_t count, void *external, int unpack)
{
    const tsd_desc *d = tsd_desc_of(t);
    unsigned char *e = external;
    int64_t ext_extent = tsd_extent(t);
    int rc;

    if (!d)
        return TSD_ERR_NOMEM;
    for (int64_t i = 0; i < count; i++)
        if ((rc = walk(d->rec, d->used, (uintptr_t)buf + (uintptr_t)(i * ext_extent), &e, unpack)))
            return rc;
    return TSD_OK;
}
