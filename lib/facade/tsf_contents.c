/* SPDX-License-Identifier: BSD-3-Clause */
/* Constructor records: the copy each derived object keeps of the call
 * that made it (MPI-4.1 §5.1.13: get_envelope/get_contents return it as
 * given), and its replay through a table of MPI functions, by which the
 * layered mode builds MPICH's shadows and adopts MPICH's types. */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

const tsf_fn_table tsf_self = {
#define TSF_FN(n) .n = tsf_api_##n,
#include "facade/tsf_fns.def"
#undef TSF_FN
};

/* n elements of `size` bytes: the first piece, then the two more. */
static void copy_pieces(void *dst, size_t size, const void *first, int64_t n,
                        const void *const *more, const int64_t *nmore)
{
    int64_t n0 = n - nmore[0] - nmore[1];
    char *d = dst;

    if (n0 > 0)
        memcpy(d, first, (size_t)n0 * size);
    d += (size_t)(n0 > 0 ? n0 : 0) * size;
    for (int k = 0; k < 2; k++) {
        if (nmore[k] > 0)
            memcpy(d, more[k], (size_t)nmore[k] * size);
        d += (size_t)nmore[k] * size;
    }
}

/* The record and its arrays are one block: its layout. */
typedef struct layout {
    size_t off_a, off_c, off_d, total;
} layout;

static layout layout_of(const tsf_record *r)
{
    layout l;

    l.off_a = sizeof(tsf_contents) + (size_t)r->ni * sizeof(int);
    l.off_a = (l.off_a + 7) & ~(size_t)7;
    l.off_c = l.off_a + (size_t)r->na * sizeof(MPI_Aint);
    l.off_d = l.off_c + (size_t)r->nc * sizeof(MPI_Count);
    l.total = l.off_d + (size_t)r->nd * sizeof(tsf_dtype *);
    return l;
}

size_t tsf_contents_size(const tsf_record *r)
{
    return layout_of(r).total;
}

tsf_contents *tsf_contents_init(void *mem, const tsf_record *r)
{
    layout l = layout_of(r);
    tsf_contents *c = mem;
    char *base = mem;

    c->combiner = r->combiner;
    c->ni = r->ni;
    c->na = r->na;
    c->nc = r->nc;
    c->nd = r->nd;
    c->ints = (int *)(base + sizeof(tsf_contents));
    c->addrs = (MPI_Aint *)(base + l.off_a);
    c->counts = (MPI_Count *)(base + l.off_c);
    c->types = (tsf_dtype **)(base + l.off_d);
    copy_pieces(c->ints, sizeof(int), r->ints, r->ni, (const void *const *)r->ints_more,
                r->ni_more);
    if (r->na)
        memcpy(c->addrs, r->addrs, (size_t)r->na * sizeof(MPI_Aint));
    copy_pieces(c->counts, sizeof(MPI_Count), r->counts, r->nc, (const void *const *)r->counts_more,
                r->nc_more);
    if (r->nd)
        memcpy(c->types, r->types, (size_t)r->nd * sizeof(tsf_dtype *));
    return c;
}

int tsf_contents_replay(const tsf_fn_table *n, const tsf_contents *c, const MPI_Datatype *kids,
                        MPI_Datatype *out)
{
    const int *i = c->ints;
    const MPI_Aint *a = c->addrs;
    const MPI_Count *k = c->counts;

    if (c->nc == 0) {
        switch (c->combiner) {
        case MPI_COMBINER_DUP:
            return n->Type_dup(kids[0], out);
        case MPI_COMBINER_CONTIGUOUS:
            return n->Type_contiguous(i[0], kids[0], out);
        case MPI_COMBINER_VECTOR:
            return n->Type_vector(i[0], i[1], i[2], kids[0], out);
        case MPI_COMBINER_HVECTOR:
            return n->Type_create_hvector(i[0], i[1], a[0], kids[0], out);
        case MPI_COMBINER_INDEXED:
            return n->Type_indexed(i[0], &i[1], &i[1 + i[0]], kids[0], out);
        case MPI_COMBINER_HINDEXED:
            return n->Type_create_hindexed(i[0], &i[1], a, kids[0], out);
        case MPI_COMBINER_INDEXED_BLOCK:
            return n->Type_create_indexed_block(i[0], i[1], &i[2], kids[0], out);
        case MPI_COMBINER_HINDEXED_BLOCK:
            return n->Type_create_hindexed_block(i[0], i[1], a, kids[0], out);
        case MPI_COMBINER_STRUCT:
            return n->Type_create_struct(i[0], &i[1], a, kids, out);
        case MPI_COMBINER_SUBARRAY:
            return n->Type_create_subarray(i[0], &i[1], &i[1 + i[0]], &i[1 + 2 * i[0]],
                                           i[1 + 3 * i[0]], kids[0], out);
        case MPI_COMBINER_DARRAY:
            return n->Type_create_darray(i[0], i[1], i[2], &i[3], &i[3 + i[2]], &i[3 + 2 * i[2]],
                                         &i[3 + 3 * i[2]], i[3 + 4 * i[2]], kids[0], out);
        case MPI_COMBINER_RESIZED:
            return n->Type_create_resized(kids[0], a[0], a[1], out);
        case MPI_COMBINER_F90_REAL:
            return n->Type_create_f90_real(i[0], i[1], out);
        case MPI_COMBINER_F90_COMPLEX:
            return n->Type_create_f90_complex(i[0], i[1], out);
        case MPI_COMBINER_F90_INTEGER:
            return n->Type_create_f90_integer(i[0], out);
        case MPI_COMBINER_VALUE_INDEX:
            /* MPICH 4.0.2 has no MPI_Type_get_value_index */
            return n->Type_get_value_index ? n->Type_get_value_index(kids[0], kids[1], out)
                                           : MPI_ERR_INTERN;
        }
        return MPI_ERR_INTERN;
    }
    /* large-count forms (MPI-4.0 §5.1.13) */
    switch (c->combiner) {
    case MPI_COMBINER_CONTIGUOUS:
        return n->Type_contiguous_c(k[0], kids[0], out);
    case MPI_COMBINER_VECTOR:
        return n->Type_vector_c(k[0], k[1], k[2], kids[0], out);
    case MPI_COMBINER_HVECTOR:
        return n->Type_create_hvector_c(k[0], k[1], k[2], kids[0], out);
    case MPI_COMBINER_INDEXED:
        return n->Type_indexed_c(k[0], &k[1], &k[1 + k[0]], kids[0], out);
    case MPI_COMBINER_HINDEXED:
        return n->Type_create_hindexed_c(k[0], &k[1], &k[1 + k[0]], kids[0], out);
    case MPI_COMBINER_INDEXED_BLOCK:
        return n->Type_create_indexed_block_c(k[0], k[1], &k[2], kids[0], out);
    case MPI_COMBINER_HINDEXED_BLOCK:
        return n->Type_create_hindexed_block_c(k[0], k[1], &k[2], kids[0], out);
    case MPI_COMBINER_STRUCT:
        return n->Type_create_struct_c(k[0], &k[1], &k[1 + k[0]], kids, out);
    case MPI_COMBINER_SUBARRAY:
        return n->Type_create_subarray_c(i[0], &k[0], &k[i[0]], &k[2 * i[0]], i[1], kids[0], out);
    case MPI_COMBINER_DARRAY:
        return n->Type_create_darray_c(i[0], i[1], i[2], k, &i[3], &i[3 + i[2]], &i[3 + 2 * i[2]],
                                       i[3 + 3 * i[2]], kids[0], out);
    case MPI_COMBINER_RESIZED:
        return n->Type_create_resized_c(kids[0], k[0], k[1], out);
    }
    return MPI_ERR_INTERN;
}
