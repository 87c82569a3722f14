/* SPDX-License-Identifier: BSD-3-Clause */
/* The next layer's MPI-4.0 large-count functions, or their int forms
 * where the next layer has none (Open MPI 4.1; MPICH 4.0.2 has them):
 * the layer asks every question in MPI_Count, and an int form answers
 * it when the arguments fit.  TSL_NEXT_CANNOT: they do not, or the next
 * layer has neither form; the caller does not ask (a cross-check skips
 * the comparison rather than report a refusal the MPI never made). */
#include "typeshim_config.h"

#include <limits.h>

#include "layer/tsl.h"

static int fits(MPI_Count n)
{
    return n >= INT_MIN && n <= INT_MAX;
}

int tsl_next_envelope(MPI_Datatype h, MPI_Count *ni, MPI_Count *na, MPI_Count *nc, MPI_Count *nd,
                      int *comb)
{
    int i, a, d, rc;

    if (tsl_next.Type_get_envelope_c)
        return tsl_next.Type_get_envelope_c(h, ni, na, nc, nd, comb);
    if (!tsl_next.Type_get_envelope)
        return TSL_NEXT_CANNOT;
    if ((rc = tsl_next.Type_get_envelope(h, &i, &a, &d, comb)) == MPI_SUCCESS)
        *ni = i, *na = a, *nc = 0, *nd = d;
    return rc;
}

int tsl_next_contents(MPI_Datatype h, MPI_Count ni, MPI_Count na, MPI_Count nc, MPI_Count nd,
                      int ints[], MPI_Aint addrs[], MPI_Count counts[], MPI_Datatype kids[])
{
    (void)counts; /* the int form has none: nc is 0 (tsl_next_envelope) */
    if (tsl_next.Type_get_contents_c)
        return tsl_next.Type_get_contents_c(h, ni, na, nc, nd, ints, addrs, counts, kids);
    if (!tsl_next.Type_get_contents || nc || !fits(ni) || !fits(na) || !fits(nd))
        return TSL_NEXT_CANNOT;
    return tsl_next.Type_get_contents(h, (int)ni, (int)na, (int)nd, ints, addrs, kids);
}

/* MPI_UNDEFINED comes back as itself from either form. */
int tsl_next_get_count(const MPI_Status *st, MPI_Datatype t, MPI_Count *n, int elements)
{
    int small, rc;

    if (elements && tsl_next.Get_elements_c)
        return tsl_next.Get_elements_c(st, t, n);
    if (!elements && tsl_next.Get_count_c)
        return tsl_next.Get_count_c(st, t, n);
    if (elements && tsl_next.Get_elements_x) /* MPI-3.0's: a count already */
        return tsl_next.Get_elements_x(st, t, n);
    if (elements || !tsl_next.Get_count)
        return TSL_NEXT_CANNOT;
    /* an int count may have been cut (MPI_UNDEFINED): the answer is
     * only trusted when it is a count of its own */
    if ((rc = tsl_next.Get_count(st, t, &small)) == MPI_SUCCESS)
        *n = small;
    return rc;
}

int tsl_next_pack_size(MPI_Count count, MPI_Datatype t, MPI_Comm comm, MPI_Count *size)
{
    int small, rc;

    if (tsl_next.Pack_size_c)
        return tsl_next.Pack_size_c(count, t, comm, size);
    if (!tsl_next.Pack_size || !fits(count))
        return TSL_NEXT_CANNOT;
    if ((rc = tsl_next.Pack_size((int)count, t, comm, &small)) == MPI_SUCCESS)
        *size = small;
    return rc;
}

int tsl_next_pack(const void *in, MPI_Count count, MPI_Datatype t, void *out, MPI_Count outsize,
                  MPI_Count *pos, MPI_Comm comm)
{
    int p, rc;

    if (tsl_next.Pack_c)
        return tsl_next.Pack_c(in, count, t, out, outsize, pos, comm);
    if (!tsl_next.Pack || !fits(count) || !fits(outsize) || !fits(*pos))
        return TSL_NEXT_CANNOT;
    p = (int)*pos;
    if ((rc = tsl_next.Pack(in, (int)count, t, out, (int)outsize, &p, comm)) == MPI_SUCCESS)
        *pos = p;
    return rc;
}

int tsl_next_unpack(const void *in, MPI_Count insize, MPI_Count *pos, void *out, MPI_Count count,
                    MPI_Datatype t, MPI_Comm comm)
{
    int p, rc;

    if (tsl_next.Unpack_c)
        return tsl_next.Unpack_c(in, insize, pos, out, count, t, comm);
    if (!tsl_next.Unpack || !fits(count) || !fits(insize) || !fits(*pos))
        return TSL_NEXT_CANNOT;
    p = (int)*pos;
    if ((rc = tsl_next.Unpack(in, (int)insize, &p, out, (int)count, t, comm)) == MPI_SUCCESS)
        *pos = p;
    return rc;
}

int tsl_next_hvector(MPI_Count n, MPI_Count blocklen, MPI_Count stride, MPI_Datatype old,
                     MPI_Datatype *out)
{
    if (tsl_next.Type_create_hvector_c)
        return tsl_next.Type_create_hvector_c(n, blocklen, stride, old, out);
    if (!tsl_next.Type_create_hvector || !fits(n) || !fits(blocklen))
        return TSL_NEXT_CANNOT;
    return tsl_next.Type_create_hvector((int)n, (int)blocklen, (MPI_Aint)stride, old, out);
}
