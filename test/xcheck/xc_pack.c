/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_pack: MPI_Pack/Unpack error classes, external32 byte images, element
 * counting and status handling, compared with MPICH.  (Every constructor
 * test already packs and unpacks its types: xc_common.h's xc_pack.)
 * Not asked of MPICH: external32 of MPI_WCHAR, pair types and structs of
 * mixed types (MPICH 4.0.2 aborts on them); typeshim's own tests cover
 * those. */
#include "xc_common.h"

static void hex(const char *key, int rc, const unsigned char *b, long n)
{
    char s[3 * 64 + 1] = "";
    for (long i = 0; i < n && i < 64; i++)
        sprintf(s + 3 * i, "%02x ", b[i]);
    xc_kv(key, "%s n=%ld %s", xc_rc(rc), n, s);
}

/* external32 of one value of a predefined type, and back. */
static void ext1(const char *name, MPI_Datatype t, const void *val, size_t len)
{
    char k[XC_KEYLEN];
    unsigned char out[64], back[64];
    MPI_Aint size = -1, pos = 0, upos = 0;
    int rc = MPI_Pack_external_size("external32", 1, t, &size);

    xc_kv(xc_key(k, name, ".ext_size"), "%s %ld", xc_rc(rc), (long)size);
    memset(out, 0, sizeof out);
    rc = MPI_Pack_external("external32", val, 1, t, out, sizeof out, &pos);
    hex(xc_key(k, name, ".ext_bytes"), rc, out, pos);
    memset(back, 0, sizeof back);
    rc = MPI_Unpack_external("external32", out, pos, &upos, back, 1, t);
    xc_kv(xc_key(k, name, ".ext_back"), "%s upos=%ld same=%d", xc_rc(rc), (long)upos,
          memcmp(back, val, len) == 0);
}

static void elements(const char *name, MPI_Datatype t, int maxbytes)
{
    char k[XC_KEYLEN];
    MPI_Status s;

    for (int b = 0; b <= maxbytes; b++) {
        int n = -7, c = -7;
        MPI_Count nx = -7;
        memset(&s, 0, sizeof s);
        MPI_Status_set_elements_x(&s, MPI_BYTE, b);
        int rc1 = MPI_Get_elements(&s, t, &n);
        int rc2 = MPI_Get_count(&s, t, &c);
        int rc3 = MPI_Get_elements_x(&s, t, &nx);
        xc_kv(xc_key(k, name, ".bytes%d", b), "%s %d / %s %d / %s %lld", xc_rc(rc1), n, xc_rc(rc2),
              c, xc_rc(rc3), (long long)nx);
    }
    for (int e = 0; e <= 5; e++) {
        int n = -7;
        memset(&s, 0, sizeof s);
        int rc = MPI_Status_set_elements(&s, t, e);
        MPI_Get_elements(&s, t, &n);
        xc_kv(xc_key(k, name, ".set_elements%d", e), "%s lo=%d elements=%d", xc_rc(rc),
              XC_STATUS_LO(s), n);
    }
}

int main(int argc, char **argv)
{
    MPI_Datatype st, vec, unc;
    char k[XC_KEYLEN];
    int rc, pos;
    unsigned char in[256], out[256];
    xc_init(&argc, &argv);

    for (int i = 0; i < 256; i++)
        in[i] = (unsigned char)i;
    {
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, 8};
        MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
        MPI_Type_create_struct(2, bl, d, ty, &st);
        MPI_Type_commit(&st);
    }
    MPI_Type_vector(3, 2, 4, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_contiguous(2, MPI_INT, &unc); /* never committed */

    /* ---------------------------------------- pack errors */
    {
        struct {
            const char *key;
            int count, outsize, pos;
            MPI_Datatype t;
            MPI_Comm comm;
        } c[] = {
            {"pack.ok", 2, 256, 0, MPI_INT, MPI_COMM_WORLD},
            {"pack.count-1", -1, 256, 0, MPI_INT, MPI_COMM_WORLD},
            {"pack.truncate", 3, 8, 0, MPI_INT, MPI_COMM_WORLD},
            {"pack.truncate_at_pos", 1, 8, 6, MPI_INT, MPI_COMM_WORLD},
            {"pack.uncommitted", 1, 256, 0, unc, MPI_COMM_WORLD},
            {"pack.null_type", 1, 256, 0, MPI_DATATYPE_NULL, MPI_COMM_WORLD},
            {"pack.comm_null", 1, 256, 0, MPI_INT, MPI_COMM_NULL},
            {"pack.count0", 0, 0, 0, vec, MPI_COMM_WORLD},
            {"pack.vec", 1, 256, 4, vec, MPI_COMM_WORLD},
        };
        for (int i = 0; i < XC_NELEM(c); i++) {
            memset(out, 0xee, sizeof out);
            pos = c[i].pos;
            rc = MPI_Pack(in, c[i].count, c[i].t, out, c[i].outsize, &pos, c[i].comm);
            xc_kv(c[i].key, "%s pos=%d untouched_after=%d hash=%016llx", xc_rc(rc), pos,
                  out[pos] == 0xee, xc_hash(out, 64));
        }
        pos = 0;
        rc = MPI_Unpack(in, 4, &pos, out, 1, st, MPI_COMM_WORLD);
        xc_kv("unpack.truncate", "%s pos=%d", xc_rc(rc), pos);
        pos = 0;
        rc = MPI_Unpack(in, 256, &pos, out, -1, MPI_INT, MPI_COMM_WORLD);
        xc_kv("unpack.count-1", "%s pos=%d", xc_rc(rc), pos);
        pos = 0;
        rc = MPI_Unpack(in, 256, &pos, out, 1, unc, MPI_COMM_WORLD);
        xc_kv("unpack.uncommitted", "%s pos=%d", xc_rc(rc), pos);
        {
            int sz = -7;
            rc = MPI_Pack_size(3, st, MPI_COMM_WORLD, &sz);
            xc_kv("pack_size(3,struct)", "%s %d", xc_rc(rc), sz);
            rc = MPI_Pack_size(-1, MPI_INT, MPI_COMM_WORLD, &sz);
            xc_kv("pack_size(-1)", "%s", xc_rc(rc));
#if XC_MPI4
            MPI_Count szc = -7;
            rc = MPI_Pack_size_c(5, vec, MPI_COMM_WORLD, &szc);
            xc_kv("pack_size_c(5,vec)", "%s %lld", xc_rc(rc), (long long)szc);
#endif
        }
        /* packing in several calls appends at position */
        pos = 0;
        MPI_Pack(in, 1, vec, out, 256, &pos, MPI_COMM_WORLD);
        MPI_Pack(in + 100, 2, MPI_SHORT, out, 256, &pos, MPI_COMM_WORLD);
        MPI_Pack(in + 7, 1, st, out, 256, &pos, MPI_COMM_WORLD);
        hex("pack.sequence", MPI_SUCCESS, out, pos);
    }

    /* ---------------------------------------- external32 */
    {
        signed char sc = -5;
        unsigned char uc = 250;
        short sh = -2;
        unsigned short us = 0xBEEF;
        int i = 0x01020304;
        unsigned u = 0xDEADBEEF;
        long l = -123456;
        unsigned long ul = 0xFEDCBA98ul;
        long long ll = 0x0102030405060708ll;
        float f = 1.5f;
        double d = -2.25;
        long double ld = 1.5L;
        _Bool b = 1;
        float fc[2] = {1.0f, -2.0f};
        double dc[2] = {3.5, -0.125};
        int64_t i64 = -42;
        ext1("CHAR", MPI_CHAR, &sc, 1);
        ext1("SIGNED_CHAR", MPI_SIGNED_CHAR, &sc, 1);
        ext1("UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, &uc, 1);
        ext1("BYTE", MPI_BYTE, &uc, 1);
        ext1("SHORT", MPI_SHORT, &sh, 2);
        ext1("UNSIGNED_SHORT", MPI_UNSIGNED_SHORT, &us, 2);
        ext1("INT", MPI_INT, &i, 4);
        ext1("UNSIGNED", MPI_UNSIGNED, &u, 4);
        ext1("LONG", MPI_LONG, &l, 8);
        ext1("UNSIGNED_LONG", MPI_UNSIGNED_LONG, &ul, 8);
        ext1("LONG_LONG", MPI_LONG_LONG, &ll, 8);
        ext1("INT64_T", MPI_INT64_T, &i64, 8);
        ext1("FLOAT", MPI_FLOAT, &f, 4);
        ext1("DOUBLE", MPI_DOUBLE, &d, 8);
        ext1("LONG_DOUBLE", MPI_LONG_DOUBLE, &ld, 10); /* x87: 10 meaningful bytes */
        ext1("C_BOOL", MPI_C_BOOL, &b, 1);
        ext1("C_FLOAT_COMPLEX", MPI_C_FLOAT_COMPLEX, fc, 8);
        ext1("C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX, dc, 16);
        ext1("INTEGER", MPI_INTEGER, &i, 4);
        ext1("REAL", MPI_REAL, &f, 4);
        ext1("DOUBLE_PRECISION", MPI_DOUBLE_PRECISION, &d, 8);
        ext1("AINT", MPI_AINT, &ll, 8);
        {
            int v[10] = {1, -2, 3, -4, 5, -6, 7, -8, 9, -10};
            ext1("vector(3,2,4,INT)x1", vec, v, 8); /* same-type derived */
            MPI_Aint sz;
            rc = MPI_Pack_external_size("external32", 1, vec, &sz);
            xc_kv("vec.ext_size", "%s %ld", xc_rc(rc), (long)sz);
        }
        {
            MPI_Aint sz = -7, p = 0;
            rc = MPI_Pack_external_size("native", 1, MPI_INT, &sz);
            xc_kv("ext_size.datarep_native", "%s", xc_rc(rc));
            rc = MPI_Pack_external("external32", in, 4, MPI_INT, out, 8, &p);
            xc_kv("ext.truncate", "%s pos=%ld", xc_rc(rc), (long)p);
        }
    }

    /* ---------------------------------------- elements and counts */
    elements("struct{int@0,double@8}", st, 26);
    elements("vector(3,2,4,INT)", vec, 26);
    elements("INT", MPI_INT, 9);
    elements("2INT", MPI_2INT, 17);
    elements("DOUBLE_INT", MPI_DOUBLE_INT, 25);
    {
        MPI_Datatype z;
        MPI_Type_contiguous(0, MPI_INT, &z);
        MPI_Type_commit(&z);
        MPI_Status s;
        int n = -7;
        memset(&s, 0, sizeof s);
        MPI_Status_set_elements_x(&s, MPI_BYTE, 0);
        rc = MPI_Get_count(&s, z, &n);
        xc_kv("empty.count0", "%s %d", xc_rc(rc), n);
        MPI_Status_set_elements_x(&s, MPI_BYTE, 4);
        rc = MPI_Get_count(&s, z, &n);
        xc_kv("empty.count4", "%s %d", xc_rc(rc), n);
        rc = MPI_Get_elements(&s, z, &n);
        xc_kv("empty.elements4", "%s %d", xc_rc(rc), n);
        MPI_Type_free(&z);
    }
    {
        MPI_Status s;
        int n, flag = -1;
        MPI_Count c;
        memset(&s, 0, sizeof s);
        MPI_Status_set_elements_x(&s, MPI_BYTE, 5000000000ll);
#if XC_MPICH
        xc_kv("status.5e9", "lo=%d hi=%d", s.count_lo, s.count_hi_and_cancelled);
#endif
        MPI_Status_set_cancelled(&s, 1);
        MPI_Test_cancelled(&s, &flag);
        xc_kv("status.cancelled", "lo=%d hi=%d flag=%d", XC_STATUS_LO(s), XC_STATUS_HI(s), flag);
        rc = MPI_Get_count(&s, MPI_BYTE, &n);
        xc_kv("status.5e9.count", "%s %d", xc_rc(rc), n);
        rc = MPI_Get_elements_x(&s, MPI_BYTE, &c);
        xc_kv("status.5e9.elements_x", "%s %lld", xc_rc(rc), (long long)c);
#if XC_MPI4
        rc = MPI_Get_count_c(&s, MPI_INT, &c);
        xc_kv("status.5e9.count_c(INT)", "%s %lld", xc_rc(rc), (long long)c);
#endif
        MPI_Status_set_elements(&s, MPI_INT, 3);
        MPI_Test_cancelled(&s, &flag);
        xc_kv("status.cancelled_kept", "lo=%d flag=%d", XC_STATUS_LO(s), flag);
    }

    MPI_Type_free(&unc);
    MPI_Type_free(&vec);
    MPI_Type_free(&st);
    (void)k;
    return xc_finalize();
}
