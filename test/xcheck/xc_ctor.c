/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_ctor: the basic constructors (contiguous, vector, hvector, indexed,
 * hindexed, indexed_block, hindexed_block, struct), their full decoding,
 * edge cases (zero counts, zero blocklengths, negative strides and
 * displacements), and types of types. */
#include "xc_common.h"

static MPI_Datatype mk_struct3(void)
{
    /* struct{char@0, double@8, int@16}: a padded C struct */
    int bl[3] = {1, 1, 1};
    MPI_Aint d[3] = {0, 8, 16};
    MPI_Datatype ty[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT};
    MPI_Datatype t;
    MPI_Type_create_struct(3, bl, d, ty, &t);
    return t;
}

static MPI_Datatype mk_vec(void)
{
    MPI_Datatype t;
    MPI_Type_vector(2, 3, 5, MPI_SHORT, &t);
    return t;
}

int main(int argc, char **argv)
{
    char p[XC_KEYLEN];
    MPI_Datatype t;
    int rc;
    xc_init(&argc, &argv);

    /* ------------------------------------------------ contiguous */
    {
        static const int counts[] = {0, 1, 2, 7, 1000};
        static const MPI_Datatype olds[] = {MPI_INT,  MPI_DOUBLE, MPI_LONG_DOUBLE_INT,
                                            MPI_BYTE, MPI_2INT,   MPI_FLOAT_INT};
        for (int i = 0; i < XC_NELEM(counts); i++)
            for (int j = 0; j < XC_NELEM(olds); j++) {
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_contiguous(counts[i], olds[j], &t);
                snprintf(p, sizeof p, "contiguous(%d,%s)", counts[i], xc_tname(olds[j]));
                xc_done(p, rc, &t);
            }
    }

    /* ------------------------------------------------ vector */
    {
        static const int args[][3] = {{0, 1, 1}, {1, 1, 1},  {3, 2, 4},  {3, 2, -4},
                                      {3, 0, 4}, {2, 3, 2},  {4, 1, 0},  {5, 2, 2},
                                      {1, 5, 9}, {3, 1, -1}, {2, 4, -7}, {0, 0, 0}};
        static const MPI_Datatype olds[] = {MPI_INT, MPI_DOUBLE, MPI_SHORT_INT};
        for (int i = 0; i < XC_NELEM(args); i++)
            for (int j = 0; j < XC_NELEM(olds); j++) {
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_vector(args[i][0], args[i][1], args[i][2], olds[j], &t);
                snprintf(p, sizeof p, "vector(%d,%d,%d,%s)", args[i][0], args[i][1], args[i][2],
                         xc_tname(olds[j]));
                xc_done(p, rc, &t);
            }
    }

    /* ------------------------------------------------ hvector */
    {
        static const long args[][3] = {{0, 1, 8},  {1, 1, 3},  {3, 2, 20}, {3, 2, -20},
                                       {3, 1, 1},  {2, 2, 3},  {4, 1, 0},  {3, 0, 16},
                                       {2, 3, -1}, {5, 1, 13}, {2, 2, 8}};
        static const MPI_Datatype olds[] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
        for (int i = 0; i < XC_NELEM(args); i++)
            for (int j = 0; j < XC_NELEM(olds); j++) {
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_create_hvector((int)args[i][0], (int)args[i][1], (MPI_Aint)args[i][2],
                                             olds[j], &t);
                snprintf(p, sizeof p, "hvector(%ld,%ld,%ld,%s)", args[i][0], args[i][1], args[i][2],
                         xc_tname(olds[j]));
                xc_done(p, rc, &t);
            }
    }

    /* ------------------------------------------------ indexed / hindexed */
    {
        struct {
            const char *name;
            int n;
            int bl[5];
            int d[5];
        } cases[] = {
            {"empty", 0, {0}, {0}},
            {"one", 1, {3}, {2}},
            {"two", 2, {2, 1}, {0, 5}},
            {"desc", 3, {1, 1, 1}, {8, 4, 0}},
            {"neg", 3, {2, 1, 3}, {-4, 0, 6}},
            {"zerobl", 3, {0, 2, 0}, {-10, 3, 40}},
            {"allzero", 2, {0, 0}, {5, 9}},
            {"overlap", 3, {4, 4, 1}, {0, 2, 1}},
            {"gaps", 5, {1, 2, 3, 2, 1}, {0, 3, 7, 13, 20}},
            {"adjacent", 3, {2, 3, 1}, {0, 2, 5}},
        };
        static const MPI_Datatype olds[] = {MPI_INT, MPI_DOUBLE_INT};
        for (int i = 0; i < XC_NELEM(cases); i++)
            for (int j = 0; j < XC_NELEM(olds); j++) {
                MPI_Aint hd[5];
                for (int m = 0; m < 5; m++)
                    hd[m] = (MPI_Aint)cases[i].d[m] * 3; /* byte displacements, unaligned */
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_indexed(cases[i].n, cases[i].bl, cases[i].d, olds[j], &t);
                snprintf(p, sizeof p, "indexed[%s](%s)", cases[i].name, xc_tname(olds[j]));
                xc_done(p, rc, &t);
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_create_hindexed(cases[i].n, cases[i].bl, hd, olds[j], &t);
                snprintf(p, sizeof p, "hindexed[%s](%s)", cases[i].name, xc_tname(olds[j]));
                xc_done(p, rc, &t);
                /* indexed_block / hindexed_block with the same displacements */
                for (int bl = 0; bl <= 2; bl++) {
                    t = MPI_DATATYPE_NULL;
                    rc = MPI_Type_create_indexed_block(cases[i].n, bl, cases[i].d, olds[j], &t);
                    snprintf(p, sizeof p, "indexed_block[%s](bl=%d,%s)", cases[i].name, bl,
                             xc_tname(olds[j]));
                    xc_done(p, rc, &t);
                    t = MPI_DATATYPE_NULL;
                    rc = MPI_Type_create_hindexed_block(cases[i].n, bl, hd, olds[j], &t);
                    snprintf(p, sizeof p, "hindexed_block[%s](bl=%d,%s)", cases[i].name, bl,
                             xc_tname(olds[j]));
                    xc_done(p, rc, &t);
                }
            }
    }

    /* ------------------------------------------------ struct */
    {
        struct {
            const char *name;
            int n;
            int bl[4];
            MPI_Aint d[4];
            MPI_Datatype ty[4];
        } cases[] = {
            {"empty", 0, {0}, {0}, {MPI_INT}},
            {"int", 1, {1}, {0}, {MPI_INT}},
            {"double@0,char@8", 2, {1, 1}, {0, 8}, {MPI_DOUBLE, MPI_CHAR}},
            {"char@0,double@8", 2, {1, 1}, {0, 8}, {MPI_CHAR, MPI_DOUBLE}},
            {"char@0,longdouble@16", 2, {1, 1}, {0, 16}, {MPI_CHAR, MPI_LONG_DOUBLE}},
            {"int@0,char@4", 2, {1, 1}, {0, 4}, {MPI_INT, MPI_CHAR}},
            {"short@0,char@2", 2, {1, 1}, {0, 2}, {MPI_SHORT, MPI_CHAR}},
            {"char@0,char@1", 2, {1, 1}, {0, 1}, {MPI_CHAR, MPI_CHAR}},
            {"double@-8,int@4", 2, {1, 1}, {-8, 4}, {MPI_DOUBLE, MPI_INT}},
            {"char@3,int@8,short@20", 3, {2, 1, 3}, {3, 8, 20}, {MPI_CHAR, MPI_INT, MPI_SHORT}},
            {"float@0,double@4", 2, {1, 1}, {0, 4}, {MPI_FLOAT, MPI_DOUBLE}},
            {"zerobl", 3, {0, 1, 0}, {100, 4, -50}, {MPI_DOUBLE, MPI_INT, MPI_LONG_DOUBLE}},
            {"allzerobl", 2, {0, 0}, {100, 4}, {MPI_DOUBLE, MPI_INT}},
            {"pairs", 3, {1, 2, 1}, {0, 16, 48}, {MPI_DOUBLE_INT, MPI_2INT, MPI_SHORT_INT}},
            {"ldi@0,char@32", 2, {1, 1}, {0, 32}, {MPI_LONG_DOUBLE_INT, MPI_CHAR}},
            {"c_dcomplex@0,char@16", 2, {1, 1}, {0, 16}, {MPI_C_DOUBLE_COMPLEX, MPI_CHAR}},
            {"int64@0,int8@8,int16@10",
             3,
             {1, 1, 1},
             {0, 8, 10},
             {MPI_INT64_T, MPI_INT8_T, MPI_INT16_T}},
            {"byte@0,double@1", 2, {1, 1}, {0, 1}, {MPI_BYTE, MPI_DOUBLE}},
            {"packed,double", 2, {3, 1}, {0, 8}, {MPI_PACKED, MPI_DOUBLE}},
            {"overlap", 2, {2, 2}, {0, 4}, {MPI_INT, MPI_INT}},
            {"unsorted",
             4,
             {1, 1, 1, 1},
             {24, 0, 16, 8},
             {MPI_DOUBLE, MPI_DOUBLE, MPI_FLOAT, MPI_INT}},
        };
        for (int i = 0; i < XC_NELEM(cases); i++) {
            t = MPI_DATATYPE_NULL;
            rc = MPI_Type_create_struct(cases[i].n, cases[i].bl, cases[i].d, cases[i].ty, &t);
            snprintf(p, sizeof p, "struct[%s]", cases[i].name);
            xc_done(p, rc, &t);
        }
    }

    /* ------------------------------------------------ types of types */
    {
        MPI_Datatype s = mk_struct3(), v = mk_vec(), a, b, c;
        int bl[3] = {2, 1, 1};
        MPI_Aint d[3] = {0, 64, -32};
        MPI_Datatype ty[3];
        int id[2] = {3, -1};
        int ib[2] = {1, 2};

        rc = MPI_Type_contiguous(3, s, &a);
        xc_done("contiguous(3,struct3)", rc, &a);
        rc = MPI_Type_vector(2, 2, -3, s, &a);
        xc_done("vector(2,2,-3,struct3)", rc, &a);
        rc = MPI_Type_create_hvector(3, 1, 7, v, &a);
        xc_done("hvector(3,1,7,vec)", rc, &a);
        rc = MPI_Type_indexed(2, ib, id, v, &a);
        xc_done("indexed({1,2},{3,-1},vec)", rc, &a);
        ty[0] = s;
        ty[1] = v;
        ty[2] = MPI_LONG_DOUBLE;
        rc = MPI_Type_create_struct(3, bl, d, ty, &a);
        xc_done("struct{struct3x2@0,vec@64,ldouble@-32}", rc, &a);

        /* deep nesting: 8 levels of alternating constructors */
        a = MPI_INT;
        for (int lvl = 0; lvl < 8; lvl++) {
            char key[64];
            switch (lvl % 4) {
            case 0:
                rc = MPI_Type_contiguous(2, a, &b);
                break;
            case 1:
                rc = MPI_Type_vector(2, 1, -3, a, &b);
                break;
            case 2:
                rc = MPI_Type_create_hvector(2, 1, 5, a, &b);
                break;
            default: {
                int ibl[2] = {1, 1};
                MPI_Aint idd[2] = {-7, 3};
                MPI_Datatype ity[2] = {a, MPI_CHAR};
                rc = MPI_Type_create_struct(2, ibl, idd, ity, &b);
            }
            }
            snprintf(key, sizeof key, "nest.level%d", lvl);
            xc_rc_kv(key, ".rc", rc);
            xc_bounds(key, b);
            xc_envelope(key, b);
            if (a != MPI_INT)
                MPI_Type_free(&a);
            a = b;
        }
        xc_show("nest.top", a);
        rc = MPI_Type_commit(&a);
        xc_rc_kv("nest.top", ".commit", rc);
        c = a;
        MPI_Type_free(&a);
        (void)c;
        MPI_Type_free(&s);
        MPI_Type_free(&v);
    }

    return xc_finalize();
}
