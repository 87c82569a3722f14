/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_predefined: every predefined datatype of MPICH's mpi.h, all queries. */
#include "xc_common.h"

int main(int argc, char **argv)
{
    char k[XC_KEYLEN];
    xc_init(&argc, &argv);

    for (int i = 0; i < XC_NELEM(xc_named_types); i++) {
        const char *n = xc_named_types[i].name;
        MPI_Datatype t = xc_named_types[i].type;
        int rc;
        xc_show(n, t);
        /* decoding a named type is erroneous */
        {
            int ints[4];
            MPI_Aint addrs[4];
            MPI_Datatype types[4];
            rc = MPI_Type_get_contents(t, 4, 4, 4, ints, addrs, types);
            xc_rc_kv(n, ".get_contents", rc);
        }
#if !XC_ROBUST
        /* Open MPI 4.1.4 crashes committing or duplicating MPI_UB */
        if (t == MPI_UB)
            continue;
#endif
        /* commit of a predefined type is allowed and changes nothing */
        {
            MPI_Datatype c = t;
            rc = MPI_Type_commit(&c);
            xc_kv(xc_key(k, n, ".commit"), "%s same=%d", xc_rc(rc), c == t);
        }
        /* dup of a predefined type: a derived DUP type with the same layout */
        {
            MPI_Datatype d = MPI_DATATYPE_NULL;
            char p[XC_KEYLEN];
            rc = MPI_Type_dup(t, &d);
            xc_key(p, "dup(", "%s)", n);
            xc_rc_kv(p, ".rc", rc);
            if (rc == MPI_SUCCESS) {
                xc_bounds(p, d);
                xc_name(p, d);
                xc_envelope(p, d);
                xc_decode(p, d, 0);
                rc = MPI_Type_free(&d);
                xc_rc_kv(p, ".free", rc);
            }
        }
    }

    /* aliases are the same handles */
    xc_kv("MPI_LONG_LONG==MPI_LONG_LONG_INT", "%d", MPI_LONG_LONG == MPI_LONG_LONG_INT);
    xc_kv("MPI_C_COMPLEX==MPI_C_FLOAT_COMPLEX", "%d", MPI_C_COMPLEX == MPI_C_FLOAT_COMPLEX);
    xc_show("MPI_LONG_LONG", MPI_LONG_LONG);
    xc_show("MPI_C_COMPLEX", MPI_C_COMPLEX);
    return xc_finalize();
}
