/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_resized: MPI_Type_create_resized (negative lb, negative and zero
 * extent), dup of predefined and derived types, zero-size types, types of
 * types of resized types, names, and freeing a type still used by another. */
#include "xc_common.h"

int main(int argc, char **argv)
{
    char p[XC_KEYLEN];
    MPI_Datatype t, u, v;
    int rc;
    xc_init(&argc, &argv);

    /* ------------------------------------------------ resized */
    {
        static const long args[][2] = {{0, 4}, {0, 16}, {-8, 24}, {4, 4},   {-3, 9},     {0, 0},
                                       {8, 0}, {0, -4}, {-4, -8}, {100, 1}, {-100, 300}, {2, 3}};
        MPI_Datatype vec;
        MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
        for (int i = 0; i < XC_NELEM(args); i++) {
            MPI_Datatype olds[3] = {MPI_INT, MPI_DOUBLE_INT, vec};
            const char *names[3] = {"MPI_INT", "MPI_DOUBLE_INT", "vector(3,1,2,INT)"};
            for (int j = 0; j < 3; j++) {
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_create_resized(olds[j], (MPI_Aint)args[i][0], (MPI_Aint)args[i][1],
                                             &t);
                snprintf(p, sizeof p, "resized(%s,%ld,%ld)", names[j], args[i][0], args[i][1]);
                xc_rc_kv(p, ".rc", rc);
                if (rc != MPI_SUCCESS)
                    continue;
                xc_show(p, t);
                /* replicate it: contiguous and vector of the resized type */
                rc = MPI_Type_contiguous(3, t, &u);
                snprintf(p, sizeof p, "contiguous(3,resized(%s,%ld,%ld))", names[j], args[i][0],
                         args[i][1]);
                xc_done(p, rc, &u);
                rc = MPI_Type_vector(2, 2, -3, t, &u);
                snprintf(p, sizeof p, "vector(2,2,-3,resized(%s,%ld,%ld))", names[j], args[i][0],
                         args[i][1]);
                xc_done(p, rc, &u);
                /* resize of a resized type */
                rc = MPI_Type_create_resized(t, 2, 40, &u);
                snprintf(p, sizeof p, "resized(resized(%s,%ld,%ld),2,40)", names[j], args[i][0],
                         args[i][1]);
                xc_done(p, rc, &u);
                /* struct of it: resized bounds are not sticky in a parent */
                {
                    int bl[2] = {1, 2};
                    MPI_Aint d[2] = {0, 64};
                    MPI_Datatype ty[2] = {MPI_CHAR, t};
                    rc = MPI_Type_create_struct(2, bl, d, ty, &u);
                    snprintf(p, sizeof p, "struct{char@0,2xresized(%s,%ld,%ld)@64}", names[j],
                             args[i][0], args[i][1]);
                    xc_done(p, rc, &u);
                }
                MPI_Type_free(&t);
            }
        }
        MPI_Type_free(&vec);
    }

    /* ------------------------------------------------ types of types of resized types */
    {
        MPI_Datatype r, c, s;
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, 24};
        MPI_Datatype ty[2];
        MPI_Type_create_resized(MPI_SHORT, -2, 8, &r);
        MPI_Type_contiguous(2, r, &c);
        ty[0] = c;
        ty[1] = r;
        MPI_Type_create_struct(2, bl, d, ty, &s);
        rc = MPI_Type_vector(3, 1, 2, s, &t);
        xc_done("vector(3,1,2,struct{contig(2,resized(SHORT,-2,8))@0,resized@24})", rc, &t);
        rc = MPI_Type_create_resized(s, 0, 0, &t);
        xc_done("resized(struct{contig(2,resized)@0,resized@24},0,0)", rc, &t);
        MPI_Type_free(&s);
        MPI_Type_free(&c);
        MPI_Type_free(&r);
    }

    /* ------------------------------------------------ zero-size types */
    {
        MPI_Datatype z;
        MPI_Type_contiguous(0, MPI_INT, &z);
        xc_show("zero=contiguous(0,INT)", z);
        rc = MPI_Type_contiguous(5, z, &t);
        xc_done("contiguous(5,zero)", rc, &t);
        rc = MPI_Type_vector(3, 2, 4, z, &t);
        xc_done("vector(3,2,4,zero)", rc, &t);
        rc = MPI_Type_create_resized(z, -4, 12, &t);
        xc_done("resized(zero,-4,12)", rc, &t);
        {
            int bl[2] = {1, 1};
            MPI_Aint d[2] = {8, 16};
            MPI_Datatype ty[2] = {z, MPI_INT};
            rc = MPI_Type_create_struct(2, bl, d, ty, &t);
            xc_done("struct{zero@8,int@16}", rc, &t);
            ty[1] = z;
            rc = MPI_Type_create_struct(2, bl, d, ty, &t);
            xc_done("struct{zero@8,zero@16}", rc, &t);
        }
        {
            int sz[2] = {4, 4}, sub[2] = {0, 0}, st[2] = {0, 0};
            rc = MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, &t);
            xc_done("subarray(4x4,0x0,0x0,C,INT)", rc, &t);
        }
        MPI_Type_free(&z);
    }

    /* ------------------------------------------------ struct padding (epsilon) */
    {
        struct {
            const char *name;
            int n;
            int bl[3];
            MPI_Aint d[3];
            MPI_Datatype ty[3];
        } cases[] = {
            {"double@0,char@8", 2, {1, 1}, {0, 8}, {MPI_DOUBLE, MPI_CHAR}},
            {"char@8,double@0", 2, {1, 1}, {8, 0}, {MPI_CHAR, MPI_DOUBLE}},
            {"char@0,longdouble@16", 2, {1, 1}, {0, 16}, {MPI_CHAR, MPI_LONG_DOUBLE}},
            {"longdouble@0,char@16", 2, {1, 1}, {0, 16}, {MPI_LONG_DOUBLE, MPI_CHAR}},
            {"int@0,short@4", 2, {1, 1}, {0, 4}, {MPI_INT, MPI_SHORT}},
            {"short@0,char@2,char@3", 3, {1, 1, 1}, {0, 2, 3}, {MPI_SHORT, MPI_CHAR, MPI_CHAR}},
            {"int@-4,char@0", 2, {1, 1}, {-4, 0}, {MPI_INT, MPI_CHAR}},
            {"double@-3,char@5", 2, {1, 1}, {-3, 5}, {MPI_DOUBLE, MPI_CHAR}},
            {"float@0,double@8,char@16",
             3,
             {1, 1, 1},
             {0, 8, 16},
             {MPI_FLOAT, MPI_DOUBLE, MPI_CHAR}},
            {"complex@0,char@8", 2, {1, 1}, {0, 8}, {MPI_C_FLOAT_COMPLEX, MPI_CHAR}},
            {"long@0,int@8", 2, {1, 1}, {0, 8}, {MPI_LONG, MPI_INT}},
            {"double_int@0,char@12", 2, {1, 1}, {0, 12}, {MPI_DOUBLE_INT, MPI_CHAR}},
        };
        for (int i = 0; i < XC_NELEM(cases); i++) {
            rc = MPI_Type_create_struct(cases[i].n, cases[i].bl, cases[i].d, cases[i].ty, &t);
            snprintf(p, sizeof p, "pad[%s]", cases[i].name);
            xc_rc_kv(p, ".rc", rc);
            xc_show(p, t);
            /* nested in a struct: the inner alignment propagates */
            {
                int bl[2] = {1, 1};
                MPI_Aint d[2] = {0, 1};
                MPI_Datatype ty[2] = {MPI_CHAR, t};
                rc = MPI_Type_create_struct(2, bl, d, ty, &u);
                snprintf(p, sizeof p, "struct{char@0,pad[%s]@1}", cases[i].name);
                xc_done(p, rc, &u);
            }
            rc = MPI_Type_contiguous(2, t, &u);
            snprintf(p, sizeof p, "contiguous(2,pad[%s])", cases[i].name);
            xc_done(p, rc, &u);
            MPI_Type_free(&t);
        }
    }

    /* ------------------------------------------------ dup */
    {
        MPI_Datatype s;
        int bl[2] = {1, 3};
        MPI_Aint d[2] = {0, 8};
        MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_SHORT};
        MPI_Type_create_struct(2, bl, d, ty, &s);
        rc = MPI_Type_dup(s, &t);
        xc_rc_kv("dup(struct)", ".rc", rc);
        xc_show("dup(struct)", t);
        rc = MPI_Type_dup(t, &u);
        xc_rc_kv("dup(dup(struct))", ".rc", rc);
        xc_show("dup(dup(struct))", u);
        /* the dup keeps the committed state of its original? commit dup only */
        rc = MPI_Type_commit(&u);
        xc_rc_kv("dup(dup(struct))", ".commit", rc);
        MPI_Type_free(&u);
        MPI_Type_free(&t);
        MPI_Type_commit(&s);
        rc = MPI_Type_dup(s, &t);
        xc_rc_kv("dup(committed struct)", ".rc", rc);
        xc_show("dup(committed struct)", t);
        MPI_Type_free(&t);
        MPI_Type_free(&s);
    }

    /* ------------------------------------------------ names */
    {
        char name[MPI_MAX_OBJECT_NAME + 1];
        int len;
        MPI_Type_contiguous(2, MPI_INT, &t);
        xc_name("named.before", t);
        rc = MPI_Type_set_name(t, "my pair of ints");
        xc_rc_kv("named.set_name", "", rc);
        xc_name("named.after", t);
        rc = MPI_Type_set_name(t, "");
        xc_rc_kv("named.set_name_empty", "", rc);
        xc_name("named.after_empty", t);
        /* the longest name that fits */
        memset(name, 'x', MPI_MAX_OBJECT_NAME - 1);
        name[MPI_MAX_OBJECT_NAME - 1] = 0;
        rc = MPI_Type_set_name(t, name);
        xc_rc_kv("named.set_name_max", "", rc);
        memset(name, 0, sizeof name);
        len = -1;
        rc = MPI_Type_get_name(t, name, &len);
        xc_kv("named.get_name_max", "%s len=%d", xc_rc(rc), len);
        MPI_Type_set_name(t, "renamed");
        /* a dup does not copy the name */
        MPI_Type_dup(t, &u);
        xc_name("named.dup", u);
        MPI_Type_free(&u);
        MPI_Type_free(&t);
        /* renaming a predefined type is allowed */
        rc = MPI_Type_set_name(MPI_SHORT_INT, "short-int pair");
        xc_rc_kv("MPI_SHORT_INT.set_name", "", rc);
        xc_name("MPI_SHORT_INT.renamed", MPI_SHORT_INT);
        MPI_Type_set_name(MPI_SHORT_INT, "MPI_SHORT_INT");
        xc_name("MPI_SHORT_INT.restored", MPI_SHORT_INT);
    }

    /* ------------------------------------------------ free while in use */
    {
        MPI_Datatype a, b, c;
        MPI_Type_create_resized(MPI_INT, -4, 16, &a);
        MPI_Type_vector(2, 1, 3, a, &b);
        MPI_Type_contiguous(2, b, &c);
        MPI_Type_commit(&c);
        rc = MPI_Type_free(&a);
        xc_kv("inuse.free(a)", "%s null=%d", xc_rc(rc), a == MPI_DATATYPE_NULL);
        xc_show("inuse.b_after_free_a", b);
        rc = MPI_Type_free(&b);
        xc_kv("inuse.free(b)", "%s null=%d", xc_rc(rc), b == MPI_DATATYPE_NULL);
        xc_show("inuse.c_after_free_b", c);
        rc = MPI_Type_dup(c, &v);
        xc_rc_kv("inuse.dup(c)", "", rc);
        MPI_Type_free(&c);
        xc_show("inuse.dup_after_free_c", v);
        MPI_Type_free(&v);
    }
    return xc_finalize();
}
