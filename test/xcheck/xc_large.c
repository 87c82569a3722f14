/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_large: the large-count (_c) constructors, counts and extents beyond
 * INT_MAX, the f90 constructors and MPI_Type_match_size. */
#include "xc_common.h"

#define BIG ((MPI_Count)INT_MAX + 1)

static void xc_rc_same(const char *p, int rc, int same)
{
    char k[XC_KEYLEN];
    xc_kv(xc_key(k, p, ".again"), "%s same=%d", xc_rc(rc), same);
}

int main(int argc, char **argv)
{
    char p[XC_KEYLEN];
    MPI_Datatype t;
    int rc;
    xc_init(&argc, &argv);

    /* ------------------------------------------------ _c forms, small values */
    rc = MPI_Type_contiguous_c(5, MPI_INT, &t);
    xc_done("contiguous_c(5,INT)", rc, &t);
    rc = MPI_Type_contiguous_c(0, MPI_DOUBLE, &t);
    xc_done("contiguous_c(0,DOUBLE)", rc, &t);
    rc = MPI_Type_vector_c(3, 2, -4, MPI_INT, &t);
    xc_done("vector_c(3,2,-4,INT)", rc, &t);
    rc = MPI_Type_create_hvector_c(3, 2, 20, MPI_SHORT, &t);
    xc_done("hvector_c(3,2,20,SHORT)", rc, &t);
    {
        MPI_Count bl[3] = {2, 0, 1}, d[3] = {-3, 7, 4};
        rc = MPI_Type_indexed_c(3, bl, d, MPI_DOUBLE, &t);
        xc_done("indexed_c({2,0,1},{-3,7,4},DOUBLE)", rc, &t);
        rc = MPI_Type_create_hindexed_c(3, bl, d, MPI_DOUBLE, &t);
        xc_done("hindexed_c({2,0,1},{-3,7,4},DOUBLE)", rc, &t);
        rc = MPI_Type_create_indexed_block_c(3, 2, d, MPI_INT, &t);
        xc_done("indexed_block_c(2,{-3,7,4},INT)", rc, &t);
        rc = MPI_Type_create_hindexed_block_c(3, 2, d, MPI_INT, &t);
        xc_done("hindexed_block_c(2,{-3,7,4},INT)", rc, &t);
    }
    {
        MPI_Count bl[3] = {1, 2, 1}, d[3] = {0, 8, 24};
        MPI_Datatype ty[3] = {MPI_DOUBLE, MPI_INT, MPI_CHAR};
        rc = MPI_Type_create_struct_c(3, bl, d, ty, &t);
        xc_done("struct_c{double@0,2xint@8,char@24}", rc, &t);
    }
    rc = MPI_Type_create_resized_c(MPI_INT, -4, 12, &t);
    xc_done("resized_c(INT,-4,12)", rc, &t);
    rc = MPI_Type_create_resized_c(MPI_INT, 0, 0, &t);
    xc_done("resized_c(INT,0,0)", rc, &t);

    /* a _c type nested in a classic one and the other way round */
    {
        MPI_Datatype a;
        MPI_Type_vector_c(2, 1, 3, MPI_INT, &a);
        rc = MPI_Type_contiguous(4, a, &t);
        xc_done("contiguous(4,vector_c(2,1,3,INT))", rc, &t);
        MPI_Type_free(&a);
        MPI_Type_vector(2, 1, 3, MPI_INT, &a);
        rc = MPI_Type_contiguous_c(4, a, &t);
        xc_done("contiguous_c(4,vector(2,1,3,INT))", rc, &t);
        MPI_Type_free(&a);
    }

    /* ------------------------------------------------ beyond INT_MAX */
    rc = MPI_Type_contiguous_c(BIG, MPI_BYTE, &t);
    xc_done("contiguous_c(2^31,BYTE)", rc, &t);
    rc = MPI_Type_contiguous_c(BIG * 4, MPI_DOUBLE, &t);
    xc_done("contiguous_c(2^33,DOUBLE)", rc, &t);
    rc = MPI_Type_vector_c(BIG, 1, 2, MPI_INT, &t);
    xc_done("vector_c(2^31,1,2,INT)", rc, &t);
    rc = MPI_Type_vector_c(3, BIG, BIG * 2, MPI_CHAR, &t);
    xc_done("vector_c(3,2^31,2^32,CHAR)", rc, &t);
    rc = MPI_Type_create_hvector_c(2, 1, BIG * 8, MPI_INT, &t);
    xc_done("hvector_c(2,1,2^34,INT)", rc, &t);
    {
        MPI_Count bl[2] = {1, BIG}, d[2] = {-BIG, BIG};
        rc = MPI_Type_indexed_c(2, bl, d, MPI_CHAR, &t);
        xc_done("indexed_c({1,2^31},{-2^31,2^31},CHAR)", rc, &t);
        rc = MPI_Type_create_hindexed_c(2, bl, d, MPI_SHORT, &t);
        xc_done("hindexed_c({1,2^31},{-2^31,2^31},SHORT)", rc, &t);
    }
    {
        MPI_Count bl[2] = {BIG, 1}, d[2] = {0, BIG * 3};
        MPI_Datatype ty[2] = {MPI_CHAR, MPI_DOUBLE};
        rc = MPI_Type_create_struct_c(2, bl, d, ty, &t);
        xc_done("struct_c{2^31xchar@0,double@3*2^31}", rc, &t);
    }
    rc = MPI_Type_create_resized_c(MPI_INT, -BIG, BIG * 5, &t);
    xc_done("resized_c(INT,-2^31,5*2^31)", rc, &t);
    {
        /* a classic constructor whose result is larger than INT_MAX */
        MPI_Datatype a;
        MPI_Type_contiguous(65536, MPI_DOUBLE, &a);
        rc = MPI_Type_contiguous(65536, a, &t);
        xc_done("contiguous(65536,contiguous(65536,DOUBLE))", rc, &t);
        MPI_Type_free(&a);
    }

    /* ------------------------------------------------ f90 */
    {
        static const int real_args[][2] = {
            {6, 30}, {15, 300}, {6, MPI_UNDEFINED}, {MPI_UNDEFINED, 30}, {3, 10}, {12, 50}};
        for (int i = 0; i < XC_NELEM(real_args); i++) {
            MPI_Datatype a = MPI_DATATYPE_NULL, b = MPI_DATATYPE_NULL;
            snprintf(p, sizeof p, "f90_real(%d,%d)", real_args[i][0], real_args[i][1]);
            rc = MPI_Type_create_f90_real(real_args[i][0], real_args[i][1], &a);
            xc_rc_kv(p, ".rc", rc);
            if (rc != MPI_SUCCESS)
                continue;
            xc_show(p, a);
            rc = MPI_Type_create_f90_real(real_args[i][0], real_args[i][1], &b);
            xc_rc_same(p, rc, a == b);
            snprintf(p, sizeof p, "f90_complex(%d,%d)", real_args[i][0], real_args[i][1]);
            rc = MPI_Type_create_f90_complex(real_args[i][0], real_args[i][1], &a);
            xc_rc_kv(p, ".rc", rc);
            if (rc != MPI_SUCCESS)
                continue;
            xc_show(p, a);
            rc = MPI_Type_create_f90_complex(real_args[i][0], real_args[i][1], &b);
            xc_rc_same(p, rc, a == b);
        }
        static const int int_args[] = {1, 2, 4, 9, 18};
        for (int i = 0; i < XC_NELEM(int_args); i++) {
            MPI_Datatype a = MPI_DATATYPE_NULL, b = MPI_DATATYPE_NULL;
            snprintf(p, sizeof p, "f90_integer(%d)", int_args[i]);
            rc = MPI_Type_create_f90_integer(int_args[i], &a);
            xc_rc_kv(p, ".rc", rc);
            if (rc != MPI_SUCCESS)
                continue;
            xc_show(p, a);
            rc = MPI_Type_create_f90_integer(int_args[i], &b);
            xc_rc_same(p, rc, a == b);
        }
        /* a derived type built on an f90 type */
        {
            MPI_Datatype a;
            MPI_Type_create_f90_real(15, 300, &a);
            rc = MPI_Type_contiguous(3, a, &t);
            xc_done("contiguous(3,f90_real(15,300))", rc, &t);
        }
    }

    /* ------------------------------------------------ match_size */
    {
        static const struct {
            const char *cls;
            int tc;
            int size;
        } ms[] = {
            {"REAL", MPI_TYPECLASS_REAL, 4},        {"REAL", MPI_TYPECLASS_REAL, 8},
            {"REAL", MPI_TYPECLASS_REAL, 16},       {"INTEGER", MPI_TYPECLASS_INTEGER, 1},
            {"INTEGER", MPI_TYPECLASS_INTEGER, 2},  {"INTEGER", MPI_TYPECLASS_INTEGER, 4},
            {"INTEGER", MPI_TYPECLASS_INTEGER, 8},  {"COMPLEX", MPI_TYPECLASS_COMPLEX, 8},
            {"COMPLEX", MPI_TYPECLASS_COMPLEX, 16}, {"COMPLEX", MPI_TYPECLASS_COMPLEX, 32},
        };
        for (int i = 0; i < XC_NELEM(ms); i++) {
            MPI_Datatype a = MPI_DATATYPE_NULL;
            snprintf(p, sizeof p, "match_size(%s,%d)", ms[i].cls, ms[i].size);
            rc = MPI_Type_match_size(ms[i].tc, ms[i].size, &a);
            xc_kv(p, "%s %s", xc_rc(rc), rc == MPI_SUCCESS ? xc_tname(a) : "-");
        }
    }
    return xc_finalize();
}
