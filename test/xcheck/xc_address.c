/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_address: MPI_Get_address, MPI_Aint_add, MPI_Aint_diff (differences
 * only, never absolute addresses), and structs built from addresses. */
#include "xc_common.h"

struct rec {
    char tag;
    double v[3];
    short s;
    int n[5];
    long double ld;
};

int main(int argc, char **argv)
{
    struct rec r[2];
    MPI_Aint base, a[6], b;
    int rc;
    char key[64];
    xc_init(&argc, &argv);

    rc = MPI_Get_address(&r[0], &base);
    xc_rc_kv("get_address(&r[0])", ".rc", rc);
    MPI_Get_address(&r[0].tag, &a[0]);
    MPI_Get_address(&r[0].v[0], &a[1]);
    MPI_Get_address(&r[0].s, &a[2]);
    MPI_Get_address(&r[0].n[2], &a[3]);
    MPI_Get_address(&r[0].ld, &a[4]);
    MPI_Get_address(&r[1], &a[5]);
    for (int i = 0; i < 6; i++) {
        snprintf(key, sizeof key, "diff(member%d,base)", i);
        xc_kv(key, "%ld", (long)MPI_Aint_diff(a[i], base));
        snprintf(key, sizeof key, "diff(base,member%d)", i);
        xc_kv(key, "%ld", (long)MPI_Aint_diff(base, a[i]));
    }
    {
        static const long disps[] = {0, 1, -1, 8, -8, 1000, -1000, 123456789};
        for (int i = 0; i < XC_NELEM(disps); i++) {
            b = MPI_Aint_add(base, (MPI_Aint)disps[i]);
            snprintf(key, sizeof key, "aint_add(base,%ld)-base", disps[i]);
            xc_kv(key, "%ld", (long)(b - base));
            snprintf(key, sizeof key, "aint_diff(aint_add(base,%ld),base)", disps[i]);
            xc_kv(key, "%ld", (long)MPI_Aint_diff(b, base));
            snprintf(key, sizeof key, "aint_diff(base,aint_add(base,%ld))", disps[i]);
            xc_kv(key, "%ld", (long)MPI_Aint_diff(base, b));
        }
    }
    xc_kv("aint_add(0,42)", "%ld", (long)MPI_Aint_add(0, 42));
    xc_kv("aint_diff(100,58)", "%ld", (long)MPI_Aint_diff(100, 58));
    xc_kv("aint_diff(58,100)", "%ld", (long)MPI_Aint_diff(58, 100));
    {
        int x[4];
        MPI_Aint p0, p3;
        MPI_Get_address(&x[0], &p0);
        MPI_Get_address(&x[3], &p3);
        xc_kv("get_address(int[3]-int[0])", "%ld", (long)(p3 - p0));
    }
    {
        MPI_Aint bot = -1;
        rc = MPI_Get_address(MPI_BOTTOM, &bot);
        xc_kv("get_address(MPI_BOTTOM)", "%s %ld", xc_rc(rc), (long)bot);
    }

    /* a struct type describing struct rec, from addresses */
    {
        int bl[5] = {1, 3, 1, 5, 1};
        MPI_Aint d[5];
        MPI_Datatype ty[5] = {MPI_CHAR, MPI_DOUBLE, MPI_SHORT, MPI_INT, MPI_LONG_DOUBLE};
        MPI_Datatype t, t2;
        MPI_Get_address(&r[0].n[0], &a[3]);
        for (int i = 0; i < 5; i++)
            d[i] = MPI_Aint_diff(a[i], base);
        rc = MPI_Type_create_struct(5, bl, d, ty, &t);
        xc_rc_kv("struct(rec)", ".rc", rc);
        xc_show("struct(rec)", t);
        xc_kv("struct(rec).sizeof", "%ld", (long)sizeof(struct rec));
        rc = MPI_Type_create_resized(t, 0, MPI_Aint_diff(a[5], base), &t2);
        xc_done("resized(struct(rec),0,sizeof)", rc, &t2);
        MPI_Type_free(&t);
        /* absolute addresses relative to MPI_BOTTOM: print only bounds differences */
        for (int i = 0; i < 5; i++)
            d[i] = a[i];
        rc = MPI_Type_create_struct(5, bl, d, ty, &t);
        xc_rc_kv("struct(rec,absolute)", ".rc", rc);
        {
            MPI_Aint lb, ex, tlb, tex;
            int sz;
            MPI_Type_get_extent(t, &lb, &ex);
            MPI_Type_get_true_extent(t, &tlb, &tex);
            MPI_Type_size(t, &sz);
            xc_kv("struct(rec,absolute).lb-base", "%ld", (long)MPI_Aint_diff(lb, base));
            xc_kv("struct(rec,absolute).extent", "%ld", (long)ex);
            xc_kv("struct(rec,absolute).true_lb-base", "%ld", (long)MPI_Aint_diff(tlb, base));
            xc_kv("struct(rec,absolute).true_extent", "%ld", (long)tex);
            xc_kv("struct(rec,absolute).size", "%d", sz);
        }
        MPI_Type_free(&t);
    }
    return xc_finalize();
}
