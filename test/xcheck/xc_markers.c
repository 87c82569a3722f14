/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_markers: the MPI-1 MPI_LB / MPI_UB markers (MPI-1.1 §3.12.3) and the MPI-1
 * functions MPI-3 removed: MPI_Type_struct, MPI_Type_hvector,
 * MPI_Type_hindexed, MPI_Type_extent, MPI_Type_lb, MPI_Type_ub,
 * MPI_Address.  Keys starting with "div." are the cases of typeshim(7)
 * where typeshim intentionally differs from MPICH (intended.txt):
 * div.several. several LB (or UB) markers in one struct: min (max);
 * div.sticky.  a marker inherited from a child type stays a marker;
 * div.eps.     epsilon applies with an LB marker and no UB marker. */
#include "xc_common.h"

/* bounds through the MPI-1 queries as well as the modern ones */
static void mpi1_bounds(const char *p, MPI_Datatype t)
{
    char k[XC_KEYLEN];
    MPI_Aint lb = -7, ub = -7, ex = -7;
    int rc1 = MPI_Type_lb(t, &lb);
    int rc2 = MPI_Type_ub(t, &ub);
    int rc3 = MPI_Type_extent(t, &ex);
    xc_kv(xc_key(k, p, ".mpi1"), "%s %s %s lb=%ld ub=%ld extent=%ld", xc_rc(rc1), xc_rc(rc2),
          xc_rc(rc3), (long)lb, (long)ub, (long)ex);
}

static void show1(const char *p, int rc, MPI_Datatype *t)
{
    if (rc == MPI_SUCCESS)
        mpi1_bounds(p, *t);
    xc_done(p, rc, t);
}

/* struct through the MPI-1 API */
static int st1(int n, int *bl, MPI_Aint *d, MPI_Datatype *ty, MPI_Datatype *t)
{
    return MPI_Type_struct(n, bl, d, ty, t);
}

int main(int argc, char **argv)
{
    MPI_Datatype t, type1, child;
    int rc;
    xc_init(&argc, &argv);

    /* ---------------------------------------- MPI-1.1 §3.12.3's example, exactly */
    {
        int B[3] = {1, 1, 1};
        MPI_Aint D[3] = {-3, 0, 6};
        MPI_Datatype T[3] = {MPI_LB, MPI_INT, MPI_UB};
        rc = st1(3, B, D, T, &type1);
        xc_rc_kv("lbub.type1", ".rc", rc);
        mpi1_bounds("lbub.type1", type1);
        xc_show("lbub.type1", type1);
        rc = MPI_Type_contiguous(2, type1, &t);
        show1("lbub.type2=contiguous(2,type1)", rc, &t);
        rc = MPI_Type_vector(2, 1, 3, type1, &t);
        show1("vector(2,1,3,type1)", rc, &t);
        rc = MPI_Type_hvector(3, 2, -20, type1, &t);
        show1("hvector1(3,2,-20,type1)", rc, &t);
        MPI_Type_free(&type1);
        /* the same with the MPI-2 constructor */
        rc = MPI_Type_create_struct(3, B, D, T, &type1);
        show1("create_struct{LB@-3,int@0,UB@6}", rc, &type1);
    }

    /* ---------------------------------------- one marker only */
    {
        int B[2] = {1, 1};
        MPI_Aint D[2] = {0, 16};
        MPI_Datatype T[2] = {MPI_INT, MPI_UB};
        rc = st1(2, B, D, T, &t);
        show1("struct{int@0,UB@16}", rc, &t);
        D[1] = 2; /* UB inside the data */
        rc = st1(2, B, D, T, &t);
        show1("struct{int@0,UB@2}", rc, &t);
        T[0] = MPI_DOUBLE;
        T[1] = MPI_UB;
        D[0] = 0;
        D[1] = 12; /* UB set: no epsilon */
        rc = st1(2, B, D, T, &t);
        show1("struct{double@0,UB@12}", rc, &t);
        T[0] = MPI_LB;
        T[1] = MPI_INT;
        D[0] = -8;
        D[1] = 0;
        rc = st1(2, B, D, T, &t);
        show1("struct{LB@-8,int@0}", rc, &t);
        T[1] = MPI_CHAR;
        D[0] = 0;
        D[1] = 4;
        rc = st1(2, B, D, T, &t);
        show1("struct{LB@0,char@4}", rc, &t);
        /* markers only */
        T[0] = MPI_LB;
        T[1] = MPI_UB;
        D[0] = 4;
        D[1] = 20;
        rc = st1(2, B, D, T, &t);
        show1("struct{LB@4,UB@20}", rc, &t);
        D[0] = 20;
        D[1] = 4;
        rc = st1(2, B, D, T, &t);
        show1("struct{LB@20,UB@4}", rc, &t);
    }

    /* ---------------------------------------- several markers (intended divergence) */
    {
        int B[3] = {1, 1, 1};
        MPI_Aint D[3] = {4, -2, 0};
        MPI_Datatype T[3] = {MPI_LB, MPI_LB, MPI_INT};
        /* LB marker without UB: MPICH drops epsilon, several LBs: MPICH takes the last */
        rc = st1(3, B, D, T, &t);
        show1("div.several.eps.struct{LB@4,LB@-2,int@0}", rc, &t);
        D[0] = -2;
        D[1] = 4;
        rc = st1(3, B, D, T, &t);
        show1("div.several.eps.struct{LB@-2,LB@4,int@0}", rc, &t);
        /* several UBs */
        T[0] = MPI_UB;
        T[1] = MPI_UB;
        D[0] = 8;
        D[1] = 24;
        rc = st1(3, B, D, T, &t);
        show1("div.several.struct{UB@8,UB@24,int@0}", rc, &t);
        D[0] = 24;
        D[1] = 8;
        rc = st1(3, B, D, T, &t);
        show1("div.several.struct{UB@24,UB@8,int@0}", rc, &t);
    }
    {
        int B[5] = {1, 1, 1, 1, 1};
        MPI_Aint D[5] = {-4, 40, 0, -12, 32};
        MPI_Datatype T[5] = {MPI_LB, MPI_UB, MPI_DOUBLE, MPI_LB, MPI_UB};
        rc = st1(5, B, D, T, &t);
        show1("div.several.struct{LB@-4,UB@40,double@0,LB@-12,UB@32}", rc, &t);
    }

    /* ---------------------------------------- LB without UB, epsilon */
    {
        int B[3] = {1, 1, 1};
        MPI_Aint D[3] = {0, 0, 8};
        MPI_Datatype T[3] = {MPI_LB, MPI_DOUBLE, MPI_CHAR};
        rc = st1(3, B, D, T, &t);
        show1("div.eps.struct{LB@0,double@0,char@8}", rc, &t);
        D[0] = -1;
        rc = st1(3, B, D, T, &t);
        show1("div.eps.struct{LB@-1,double@0,char@8}", rc, &t);
        /* with an UB, no epsilon anywhere */
        T[0] = MPI_UB;
        D[0] = 9;
        rc = st1(3, B, D, T, &t);
        show1("struct{UB@9,double@0,char@8}", rc, &t);
    }

    /* ---------------------------------------- inherited markers */
    {
        int B[2] = {1, 1};
        MPI_Aint D[2] = {8, 8};
        MPI_Datatype T[2] = {MPI_LB, MPI_INT};
        rc = st1(2, B, D, T, &child);
        show1("child=struct{LB@8,int@8}", rc, &child);
        rc = st1(2, B, D, T, &child);
        {
            int B2[2] = {1, 1};
            MPI_Aint D2[2] = {0, 100};
            MPI_Datatype T2[2] = {MPI_INT, child};
            rc = st1(2, B2, D2, T2, &t);
            show1("div.sticky.struct{int@0,child@100}", rc, &t);
            rc = MPI_Type_create_struct(2, B2, D2, T2, &t);
            show1("div.sticky.create_struct{int@0,child@100}", rc, &t);
            /* the child alone in a contiguous keeps its marker */
            rc = MPI_Type_contiguous(3, child, &t);
            show1("contiguous(3,child)", rc, &t);
            rc = MPI_Type_vector(2, 2, 3, child, &t);
            show1("vector(2,2,3,child)", rc, &t);
            {
                int ib[2] = {2, 1}, id[2] = {0, 5};
                rc = MPI_Type_indexed(2, ib, id, child, &t);
                show1("indexed({2,1},{0,5},child)", rc, &t);
                MPI_Aint hd[2] = {0, 50};
                rc = MPI_Type_hindexed(2, ib, hd, child, &t);
                show1("hindexed1({2,1},{0,50},child)", rc, &t);
            }
        }
        MPI_Type_free(&child);
    }
    {
        /* child with an UB marker inside a struct that ends past it */
        int B[2] = {1, 1};
        MPI_Aint D[2] = {0, 6};
        MPI_Datatype T[2] = {MPI_INT, MPI_UB};
        rc = st1(2, B, D, T, &child);
        {
            int B2[2] = {1, 1};
            MPI_Aint D2[2] = {0, 32};
            MPI_Datatype T2[2] = {child, MPI_DOUBLE};
            rc = st1(2, B2, D2, T2, &t);
            show1("div.sticky.struct{childUB6@0,double@32}", rc, &t);
            D2[1] = 2;
            T2[1] = MPI_CHAR;
            rc = st1(2, B2, D2, T2, &t);
            show1("div.sticky.struct{childUB6@0,char@2}", rc, &t);
        }
        /* markers in vector/indexed children */
        rc = MPI_Type_vector(3, 1, 2, child, &t);
        show1("vector(3,1,2,childUB6)", rc, &t);
        rc = MPI_Type_vector(3, 1, -2, child, &t);
        show1("vector(3,1,-2,childUB6)", rc, &t);
        {
            int ib[3] = {1, 0, 2}, id[3] = {4, 0, -3};
            rc = MPI_Type_indexed(3, ib, id, child, &t);
            show1("indexed({1,0,2},{4,0,-3},childUB6)", rc, &t);
            rc = MPI_Type_create_indexed_block(3, 1, id, child, &t);
            show1("indexed_block(1,{4,0,-3},childUB6)", rc, &t);
        }
        rc = MPI_Type_create_resized(child, 0, 3, &t);
        show1("resized(childUB6,0,3)", rc, &t);
        MPI_Type_free(&child);
    }
    {
        /* a child made of markers only (size 0, bounds -4..12): its copies
         * keep their markers (sticky), so a contiguous of 3 spans 48 bytes;
         * MPICH 4.0.2 treats any size-0 child as empty and gives 0.  True
         * bounds of a size-0 type are 0/0 in both. */
        int B[2] = {1, 1};
        MPI_Aint D[2] = {-4, 12};
        MPI_Datatype T[2] = {MPI_LB, MPI_UB};
        rc = st1(2, B, D, T, &child);
        show1("struct{LB@-4,UB@12}", rc, &child);
        st1(2, B, D, T, &child); /* again: show1 freed it */
        rc = MPI_Type_contiguous(3, child, &t);
        show1("div.sticky.contiguous(3,markers)", rc, &t);
        rc = MPI_Type_vector(3, 2, 3, child, &t);
        show1("div.sticky.vector(3,2,3,markers)", rc, &t);
        rc = MPI_Type_create_hvector(3, 1, 100, child, &t);
        show1("div.sticky.create_hvector(3,1,100,markers)", rc, &t);
        {
            int ib[1] = {2}, id[1] = {1};
            rc = MPI_Type_indexed(1, ib, id, child, &t);
            show1("div.sticky.indexed({2},{1},markers)", rc, &t);
        }
        {
            int B2[2] = {1, 1};
            MPI_Aint D2[2] = {0, 100};
            MPI_Datatype T2[2] = {MPI_INT, child};
            rc = MPI_Type_create_struct(2, B2, D2, T2, &t);
            show1("div.sticky.create_struct{int@0,markers@100}", rc, &t);
        }
        /* resized drops the markers: an empty child again, as MPICH */
        {
            MPI_Datatype r;
            MPI_Type_create_resized(child, 0, 8, &r);
            rc = MPI_Type_contiguous(2, r, &t);
            show1("contiguous(2,resized(markers,0,8))", rc, &t);
            MPI_Type_free(&r);
        }
        MPI_Type_free(&child);
    }
    {
        /* a marker type in a vector then in a struct: 3 levels */
        int B[3] = {1, 1, 1};
        MPI_Aint D[3] = {-3, 0, 6};
        MPI_Datatype T[3] = {MPI_LB, MPI_INT, MPI_UB};
        MPI_Datatype v;
        st1(3, B, D, T, &type1);
        MPI_Type_vector(2, 1, 2, type1, &v);
        {
            int B2[2] = {1, 2};
            MPI_Aint D2[2] = {0, 64};
            MPI_Datatype T2[2] = {MPI_CHAR, v};
            rc = st1(2, B2, D2, T2, &t);
            show1("div.sticky.struct{char@0,2xvector(2,1,2,type1)@64}", rc, &t);
        }
        MPI_Type_free(&v);
        MPI_Type_free(&type1);
    }

    /* ---------------------------------------- MPI-1 constructors */
    {
        rc = MPI_Type_hvector(3, 2, 12, MPI_SHORT, &t);
        show1("hvector1(3,2,12,SHORT)", rc, &t);
        rc = MPI_Type_hvector(0, 2, 12, MPI_SHORT, &t);
        show1("hvector1(0,2,12,SHORT)", rc, &t);
        int bl[3] = {1, 2, 3};
        MPI_Aint d[3] = {0, -16, 40};
        rc = MPI_Type_hindexed(3, bl, d, MPI_FLOAT, &t);
        show1("hindexed1({1,2,3},{0,-16,40},FLOAT)", rc, &t);
        MPI_Datatype ty[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT};
        rc = st1(3, bl, d, ty, &t);
        show1("struct1{char@0,2xdouble@-16,3xint@40}", rc, &t);
        mpi1_bounds("MPI_INT", MPI_INT);
        mpi1_bounds("MPI_LB", MPI_LB);
        mpi1_bounds("MPI_UB", MPI_UB);
        mpi1_bounds("MPI_DOUBLE_INT", MPI_DOUBLE_INT);
        mpi1_bounds("MPI_LONG_DOUBLE_INT", MPI_LONG_DOUBLE_INT);
    }

    /* ---------------------------------------- MPI_Address */
    {
        struct {
            char c;
            double d[3];
            int i;
        } s;
        MPI_Aint a0, a1, a2, a3;
        int rc0 = MPI_Address(&s, &a0);
        int rc1 = MPI_Address(&s.d[0], &a1);
        int rc2 = MPI_Address(&s.d[2], &a2);
        int rc3 = MPI_Address(&s.i, &a3);
        xc_kv("MPI_Address.rc", "%s %s %s %s", xc_rc(rc0), xc_rc(rc1), xc_rc(rc2), xc_rc(rc3));
        xc_kv("MPI_Address.diffs", "%ld %ld %ld", (long)(a1 - a0), (long)(a2 - a0),
              (long)(a3 - a0));
        {
            int bl[4] = {1, 3, 1, 1};
            MPI_Aint d[4] = {0, a1 - a0, a3 - a0, (MPI_Aint)sizeof s};
            MPI_Datatype ty[4] = {MPI_CHAR, MPI_DOUBLE, MPI_INT, MPI_UB};
            rc = st1(4, bl, d, ty, &t);
            show1("struct1{char,3xdouble,int,UB@sizeof}", rc, &t);
        }
    }
    return xc_finalize();
}
