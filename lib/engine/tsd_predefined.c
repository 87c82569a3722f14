/* SPDX-License-Identifier: BSD-3-Clause */
/* Basic ids: their names and sizes, and the static predefined objects. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

/* Kind names, by bit width (int32, float64, complex128: two float64):
 * the engine's, not MPI's, which the façade adds where it knows them
 * (several MPI handles share one kind). */
static const char *const names[TSD_ID_MAX] = {
    [TSD_LOOP] = "loop",
    [TSD_END_LOOP] = "endloop",
    [TSD_LB] = "lb",
    [TSD_UB] = "ub",
    [TSD_INT1] = "int8",
    [TSD_INT2] = "int16",
    [TSD_INT4] = "int32",
    [TSD_INT8] = "int64",
    [TSD_INT16] = "int128",
    [TSD_UINT1] = "uint8",
    [TSD_UINT2] = "uint16",
    [TSD_UINT4] = "uint32",
    [TSD_UINT8] = "uint64",
    [TSD_UINT16] = "uint128",
    [TSD_FLOAT2] = "float16",
    [TSD_BFLOAT2] = "bfloat16",
    [TSD_FLOAT4] = "float32",
    [TSD_FLOAT8] = "float64",
    [TSD_FLOAT12] = "float96",
    [TSD_FLOAT16] = "float128",
    [TSD_COMPLEX4] = "complex32",
    [TSD_COMPLEX8] = "complex64",
    [TSD_COMPLEX16] = "complex128",
    [TSD_COMPLEX32] = "complex256",
    [TSD_BOOL] = "bool",
    [TSD_WCHAR] = "wchar",
    [TSD_LONG] = "long",
    [TSD_ULONG] = "unsigned_long",
    [TSD_LDOUBLE] = "long_double",
    [TSD_LDCOMPLEX] = "long_double_complex",
};

const int64_t tsd_id_bytes[TSD_ID_MAX] = {
    [TSD_INT1] = 1,     [TSD_INT2] = 2,       [TSD_INT4] = 4,       [TSD_INT8] = 8,
    [TSD_INT16] = 16,   [TSD_UINT1] = 1,      [TSD_UINT2] = 2,      [TSD_UINT4] = 4,
    [TSD_UINT8] = 8,    [TSD_UINT16] = 16,    [TSD_FLOAT2] = 2,     [TSD_BFLOAT2] = 2,
    [TSD_FLOAT4] = 4,   [TSD_FLOAT8] = 8,     [TSD_FLOAT12] = 12,   [TSD_FLOAT16] = 16,
    [TSD_COMPLEX4] = 4, [TSD_COMPLEX8] = 8,   [TSD_COMPLEX16] = 16, [TSD_COMPLEX32] = 32,
    [TSD_BOOL] = 1,     [TSD_WCHAR] = 4,      [TSD_LONG] = 8,       [TSD_ULONG] = 8,
    [TSD_LDOUBLE] = 16, [TSD_LDCOMPLEX] = 32,
};

const char *tsd_id_name(int id)
{
    return (id >= 0 && id < TSD_ID_MAX) ? names[id] : "?";
}

/* A predefined type is static: its one-record description lives in `rec`
 * (provided by the caller, as static storage), and it is never freed.
 * size may differ from the id's size only for types MPICH builds without
 * (size 0: an empty type map, like MPIX_C_FLOAT16 in Debian's MPICH). */
void tsd_init_basic(tsd_type *t, tsd_rec *rec, int id, int64_t size, int64_t align,
                    const char *name)
{
    memset(t, 0, sizeof(*t));
    t->magic = TSD_MAGIC;
    t->id = (uint16_t)id;
    t->align = align;
    /* at load, for ~70 types: a bounded copy, not a formatter */
    memcpy(t->name, name, strnlen(name, sizeof(t->name) - 1));
    if (id == TSD_LB || id == TSD_UB || size == 0) {
        /* markers and unavailable types: committed, no data, no records */
        t->flags =
            TSD_FLAG_PREDEFINED | TSD_FLAG_COMMITTED | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS;
        if (size == 0 && id != TSD_LB && id != TSD_UB)
            t->flags |= TSD_FLAG_UNAVAILABLE;
        t->desc.rec = t->opt_desc.rec = rec;
        rec[0].end_loop.type = TSD_END_LOOP;
        return;
    }
    t->flags = TSD_FLAG_BASIC;
    t->bdt_used = 1ull << id;
    t->size = size;
    t->ub = t->true_ub = size;
    t->nbElems = 1;
    t->btypes[id] = 1;
    rec[0].elem.flags =
        TSD_FLAG_PREDEFINED | TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS;
    rec[0].elem.type = (uint16_t)id;
    rec[0].elem.count = 1;
    rec[0].elem.blocklen = 1;
    rec[0].elem.extent = size;
    rec[0].elem.disp = 0;
    rec[1].end_loop.type = TSD_END_LOOP;
    rec[1].end_loop.items = 1;
    rec[1].end_loop.size = size;
    t->desc.rec = t->opt_desc.rec = rec;
    t->desc.used = t->opt_desc.used = 1;
    t->sig_raw = tsd_signature_hash(t);
    t->sig_hash = t->sig_raw | 1;
}
