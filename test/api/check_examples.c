/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_examples.c - the worked examples (OPAL's, MPI-1.1's) and the semantic
 * decisions typeshim(7) documents, checked black-box through the MPI API and the
 * public dump (typeshim_type_dump, typeshim(7) DUMP FORMAT).
 *
 * Suites: opal (desc/opt_desc/bounds of OPAL's example), flags
 * (OPAL's flag examples), lbub (MPI_LB/MPI_UB example), bounds
 * (documented differences).
 */
#include <ctype.h>
#include <stdint.h>

#include "apitest.h"

/* ------------------------------------------------------------------
 * Reading a dump
 * ---------------------------------------------------------------- */

#define DUMP_MAX_LINES 256
#define DUMP_LINE      256

typedef struct dump {
    char text[16384];           /* the raw dump, for messages */
    char header[64][DUMP_LINE]; /* key=value lines before desc: */
    int nheader;
    char desc[DUMP_MAX_LINES][DUMP_LINE]; /* records, blanks collapsed */
    int ndesc;
    char opt[DUMP_MAX_LINES][DUMP_LINE];
    int nopt;
    int have_desc, have_opt;
} dump_t;

/* Trims the line and collapses runs of blanks to one space. */
static void normalize(const char *in, char *out, size_t len)
{
    size_t o = 0;
    int space = 0;

    while (*in && isspace((unsigned char)*in))
        in++;
    for (; *in && o + 1 < len; in++) {
        if (isspace((unsigned char)*in)) {
            space = 1;
            continue;
        }
        if (space && o > 0 && o + 2 < len)
            out[o++] = ' ';
        space = 0;
        out[o++] = *in;
    }
    out[o] = '\0';
}

static int is_record(const char *l)
{
    return strncmp(l, "elem ", 5) == 0 || strncmp(l, "loop ", 5) == 0 ||
           strncmp(l, "endloop ", 8) == 0 || strcmp(l, "endloop") == 0;
}

/* Dumps t into a temporary file and splits it into header, desc, opt_desc. */
static void dump_read(MPI_Datatype t, dump_t *d)
{
    FILE *f = tmpfile();
    char raw[1024], line[DUMP_LINE];
    size_t n;
    int section = 0; /* 0 header, 1 desc, 2 opt_desc, 3 after */
    int rc;

    ck_assert_ptr_nonnull(f);
    memset(d, 0, sizeof *d);
    rc = typeshim_type_dump(t, f);
    ck_assert_msg(rc == MPI_SUCCESS, "typeshim_type_dump returned %d", rc);
    rewind(f);
    n = fread(d->text, 1, sizeof d->text - 1, f);
    d->text[n] = '\0';
    rewind(f);
    while (fgets(raw, sizeof raw, f)) {
        normalize(raw, line, sizeof line);
        if (strcmp(line, "desc:") == 0) {
            section = 1;
            d->have_desc = 1;
            continue;
        }
        if (strcmp(line, "opt_desc:") == 0) {
            section = 2;
            d->have_opt = 1;
            continue;
        }
        switch (section) {
        case 0:
            if (strchr(line, '=') && d->nheader < 64)
                strcpy(d->header[d->nheader++], line);
            break;
        case 1:
            if (!is_record(line)) {
                section = 3;
                break;
            }
            ck_assert_int_lt(d->ndesc, DUMP_MAX_LINES);
            strcpy(d->desc[d->ndesc++], line);
            break;
        case 2:
            if (!is_record(line)) {
                section = 3;
                break;
            }
            ck_assert_int_lt(d->nopt, DUMP_MAX_LINES);
            strcpy(d->opt[d->nopt++], line);
            break;
        default:
            break;
        }
    }
    fclose(f);
}

/* Value of a `key=value` header line, or NULL. */
static const char *dump_get(const dump_t *d, const char *key)
{
    size_t kl = strlen(key);
    int i;

    for (i = 0; i < d->nheader; i++)
        if (strncmp(d->header[i], key, kl) == 0 && d->header[i][kl] == '=')
            return d->header[i] + kl + 1;
    return NULL;
}

static void check_header(const dump_t *d, const char *key, const char *want)
{
    const char *got = dump_get(d, key);

    ck_assert_msg(got != NULL, "dump has no '%s=' line:\n%s", key, d->text);
    ck_assert_msg(strcmp(got, want) == 0, "dump %s=%s, expected %s=%s\n%s", key, got, key, want,
                  d->text);
}

static void check_records(const dump_t *d, const char *what, char (*got)[DUMP_LINE], int ngot,
                          const char *const *want, int nwant)
{
    char norm[DUMP_LINE];
    int i;

    for (i = 0; i < ngot && i < nwant; i++) {
        normalize(want[i], norm, sizeof norm);
        ck_assert_msg(strcmp(got[i], norm) == 0,
                      "%s record %d:\n  expected '%s'\n  got      '%s'\n%s", what, i, norm, got[i],
                      d->text);
    }
    ck_assert_msg(ngot == nwant, "%s has %d records, expected %d\n%s", what, ngot, nwant, d->text);
}

/* The flags of the dump as a set. */
enum {
    F_PREDEFINED = 1 << 0,
    F_COMMITTED = 1 << 1,
    F_OVERLAP = 1 << 2,
    F_CONTIGUOUS = 1 << 3,
    F_NO_GAPS = 1 << 4,
    F_USER_LB = 1 << 5,
    F_USER_UB = 1 << 6,
    F_DATA = 1 << 7,
    F_UNAVAILABLE = 1 << 8,
};
static const struct {
    const char *name;
    unsigned bit;
} flag_names[] = {
    {"PREDEFINED", F_PREDEFINED},   {"COMMITTED", F_COMMITTED},
    {"OVERLAP", F_OVERLAP},         {"DATA_CONTIGUOUS", F_CONTIGUOUS},
    {"NO_GAPS", F_NO_GAPS},         {"USER_LB", F_USER_LB},
    {"USER_UB", F_USER_UB},         {"DATA", F_DATA},
    {"UNAVAILABLE", F_UNAVAILABLE},
};

static unsigned dump_flags(const dump_t *d)
{
    const char *v = dump_get(d, "flags");
    char buf[DUMP_LINE], *tok, *save = NULL;
    unsigned set = 0;
    size_t i;

    ck_assert_msg(v != NULL, "dump has no 'flags=' line:\n%s", d->text);
    snprintf(buf, sizeof buf, "%s", v);
    for (tok = strtok_r(buf, "| ", &save); tok; tok = strtok_r(NULL, "| ", &save)) {
        for (i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
            if (strcmp(tok, flag_names[i].name) == 0)
                break;
        ck_assert_msg(i < sizeof flag_names / sizeof flag_names[0],
                      "unknown flag name '%s' in 'flags=%s'", tok, v);
        set |= flag_names[i].bit;
    }
    return set;
}

static void check_flags(MPI_Datatype t, unsigned must, unsigned must_not)
{
    dump_t *d = malloc(sizeof *d);
    unsigned got;
    size_t i;

    ck_assert_ptr_nonnull(d);
    dump_read(t, d);
    got = dump_flags(d);
    for (i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++) {
        ck_assert_msg(!(must & flag_names[i].bit) || (got & flag_names[i].bit),
                      "flag %s expected but not set: flags=%s", flag_names[i].name,
                      dump_get(d, "flags"));
        ck_assert_msg(!(must_not & flag_names[i].bit) || !(got & flag_names[i].bit),
                      "flag %s set but must not be: flags=%s", flag_names[i].name,
                      dump_get(d, "flags"));
    }
    free(d);
}

static MPI_Datatype make_struct(int n, const int *bl, const MPI_Aint *disp,
                                const MPI_Datatype *types)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;

    AT_OK(MPI_Type_create_struct(n, bl, disp, types, &t));
    return t;
}

static void check_bounds(MPI_Datatype t, MPI_Aint lb, MPI_Aint extent)
{
    MPI_Aint glb = -12345, gext = -12345;

    at_extent(t, &glb, &gext);
    ck_assert_msg(glb == lb && gext == extent, "lb/extent: expected %ld/%ld, got %ld/%ld", (long)lb,
                  (long)extent, (long)glb, (long)gext);
}

static void check_true_bounds(MPI_Datatype t, MPI_Aint lb, MPI_Aint extent)
{
    MPI_Aint glb = -12345, gext = -12345;

    at_true_extent(t, &glb, &gext);
    ck_assert_msg(glb == lb && gext == extent, "true lb/extent: expected %ld/%ld, got %ld/%ld",
                  (long)lb, (long)extent, (long)glb, (long)gext);
}

/* ------------------------------------------------------------------
 * OPAL's worked example
 * ---------------------------------------------------------------- */

static const char *const opal_desc[] = {
    "elem    type=MPI_UINT64_T(uint64) count=1 blocklen=1 stride=8 disp=0",
    "loop    loops=2 items=3 stride=8",
    "elem    type=MPI_UINT32_T(uint32) count=1 blocklen=1 stride=4 disp=8",
    "elem    type=MPI_UINT16_T(uint16) count=2 blocklen=1 stride=2 disp=12",
    "endloop items=3 size=8 first_elem_disp=8",
    "loop    loops=3 items=2 stride=4",
    "elem    type=MPI_UINT16_T(uint16) count=1 blocklen=1 stride=2 disp=24",
    "endloop items=2 size=2 first_elem_disp=24",
    "endloop items=8 size=30 first_elem_disp=0",
};

/* opt_desc is the engine's form: runs of mixed types are bytes (uint8) */
static const char *const opal_opt[] = {
    "elem    type=uint8 count=26 blocklen=1 stride=1 disp=0",
    "elem    type=uint8 count=2 blocklen=1 stride=1 disp=28",
    "elem    type=uint8 count=2 blocklen=1 stride=1 disp=32",
    "endloop items=3 size=30 first_elem_disp=0",
};

/* Builds OPAL's dt (and frees dt1/dt2, which dt keeps alive). */
static MPI_Datatype opal_type(void)
{
    int blengths1[3] = {1, 1, 1};
    MPI_Aint disps1[3] = {0, 4, 6};
    MPI_Datatype dtypes1[3] = {MPI_UINT32_T, MPI_UINT16_T, MPI_UINT16_T};
    int blengths3[3] = {1, 2, 3};
    MPI_Aint disps3[3] = {0, 8, 24};
    MPI_Datatype dtypes3[3];
    MPI_Datatype dt1, dt2, dt;

    AT_OK(MPI_Type_create_struct(3, blengths1, disps1, dtypes1, &dt1));
    AT_OK(MPI_Type_create_resized(MPI_UINT16_T, 0, 4, &dt2));
    dtypes3[0] = MPI_UINT64_T;
    dtypes3[1] = dt1;
    dtypes3[2] = dt2;
    AT_OK(MPI_Type_create_struct(3, blengths3, disps3, dtypes3, &dt));
    AT_OK(MPI_Type_commit(&dt));
    AT_OK(MPI_Type_free(&dt1));
    AT_OK(MPI_Type_free(&dt2));
    return dt;
}

START_TEST(test_opal_desc)
{
    MPI_Datatype dt = opal_type();
    dump_t *d = malloc(sizeof *d);

    ck_assert_ptr_nonnull(d);
    dump_read(dt, d);
    ck_assert_msg(d->have_desc, "dump has no 'desc:' line:\n%s", d->text);
    check_records(d, "desc", d->desc, d->ndesc, opal_desc,
                  (int)(sizeof opal_desc / sizeof opal_desc[0]));
    free(d);
    AT_OK(MPI_Type_free(&dt));
}
END_TEST

START_TEST(test_opal_opt_desc)
{
    MPI_Datatype dt = opal_type();
    dump_t *d = malloc(sizeof *d);

    ck_assert_ptr_nonnull(d);
    dump_read(dt, d);
    ck_assert_msg(d->have_opt, "dump has no 'opt_desc:' line:\n%s", d->text);
    check_records(d, "opt_desc", d->opt, d->nopt, opal_opt,
                  (int)(sizeof opal_opt / sizeof opal_opt[0]));
    free(d);
    AT_OK(MPI_Type_free(&dt));
}
END_TEST

START_TEST(test_opal_bounds)
{
    MPI_Datatype dt = opal_type();
    dump_t *d = malloc(sizeof *d);

    ck_assert_int_eq(at_size(dt), 30);
    check_bounds(dt, 0, 40);
    ck_assert_ptr_nonnull(d);
    dump_read(dt, d);
    check_header(d, "size", "30");
    check_header(d, "lb", "0");
    check_header(d, "ub", "40");
    check_header(d, "extent", "40");
    check_header(d, "true_lb", "0");
    check_header(d, "true_extent", "34");
    free(d);
    /* gaps after each dt2 element: not contiguous; no markers, no overlap */
    check_flags(dt, F_COMMITTED | F_DATA,
                F_PREDEFINED | F_CONTIGUOUS | F_NO_GAPS | F_OVERLAP | F_USER_LB | F_USER_UB);
    AT_OK(MPI_Type_free(&dt));
}
END_TEST

/* ------------------------------------------------------------------
 * OPAL's flag examples
 * ---------------------------------------------------------------- */

START_TEST(test_flags_contiguous_with_gap)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {0, 4, 6};
    MPI_Datatype ty[3] = {MPI_UINT32_T, MPI_UINT16_T, MPI_UINT8_T};
    MPI_Datatype t = make_struct(3, bl, disp, ty);

    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), 7);
    check_bounds(t, 0, 8);
    check_flags(t, F_CONTIGUOUS | F_COMMITTED | F_DATA,
                F_NO_GAPS | F_PREDEFINED | F_OVERLAP | F_USER_LB | F_USER_UB);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_reordered_not_contiguous)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {4, 6, 0};
    MPI_Datatype ty[3] = {MPI_UINT16_T, MPI_UINT8_T, MPI_UINT32_T};
    MPI_Datatype t = make_struct(3, bl, disp, ty);

    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_COMMITTED | F_DATA, F_CONTIGUOUS | F_NO_GAPS | F_OVERLAP);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_no_gaps)
{
    int bl[4] = {1, 1, 1, 1};
    MPI_Aint disp[4] = {0, 4, 6, 7};
    MPI_Datatype ty[4] = {MPI_UINT32_T, MPI_UINT16_T, MPI_UINT8_T, MPI_UINT8_T};
    MPI_Datatype t = make_struct(4, bl, disp, ty);

    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), 8);
    check_bounds(t, 0, 8);
    check_flags(t, F_CONTIGUOUS | F_NO_GAPS | F_COMMITTED | F_DATA, F_PREDEFINED | F_OVERLAP);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_user_lb)
{
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {-3, 0};
    MPI_Datatype ty[2] = {MPI_LB, MPI_INT};
    MPI_Datatype t = make_struct(2, bl, disp, ty);

    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_USER_LB | F_COMMITTED | F_DATA, F_USER_UB);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_user_ub)
{
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 12};
    MPI_Datatype ty[2] = {MPI_INT, MPI_UB};
    MPI_Datatype t = make_struct(2, bl, disp, ty);

    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_USER_UB | F_COMMITTED | F_DATA, F_USER_LB);
    check_bounds(t, 0, 12);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_resized_no_user_bounds)
{
    MPI_Datatype t;

    AT_OK(MPI_Type_create_resized(MPI_INT, -4, 16, &t));
    AT_OK(MPI_Type_commit(&t));
    check_bounds(t, -4, 16);
    check_flags(t, F_COMMITTED | F_DATA, F_USER_LB | F_USER_UB | F_OVERLAP);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_overlap_hindexed)
{
    int bl[2] = {2, 2};
    MPI_Aint disp[2] = {0, 4}; /* ints at 0,4 and 4,8: the int at 4 twice */
    MPI_Datatype t;

    AT_OK(MPI_Type_create_hindexed(2, bl, disp, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), 16);
    check_flags(t, F_OVERLAP | F_COMMITTED | F_DATA, 0);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_overlap_resized_contiguous)
{
    MPI_Datatype r, t;

    AT_OK(MPI_Type_create_resized(MPI_INT, 0, 2, &r));
    AT_OK(MPI_Type_commit(&r));
    /* one int: no two entries overlap yet */
    check_flags(r, F_COMMITTED | F_DATA, F_OVERLAP);
    AT_OK(MPI_Type_contiguous(2, r, &t)); /* ints at 0 and 2 */
    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_OVERLAP | F_COMMITTED | F_DATA, 0);
    AT_OK(MPI_Type_free(&t));
    AT_OK(MPI_Type_free(&r));
}
END_TEST

START_TEST(test_flags_no_overlap_vector)
{
    MPI_Datatype t;

    AT_OK(MPI_Type_vector(3, 2, 4, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_COMMITTED | F_DATA, F_OVERLAP | F_CONTIGUOUS | F_NO_GAPS | F_PREDEFINED);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_flags_predefined_int)
{
    dump_t *d = malloc(sizeof *d);
    unsigned want = F_PREDEFINED | F_CONTIGUOUS | F_NO_GAPS | F_DATA | F_COMMITTED;
    unsigned got;

    ck_assert_ptr_nonnull(d);
    dump_read(MPI_INT, d);
    got = dump_flags(d);
    ck_assert_msg(got == want,
                  "MPI_INT: flags=%s, expected exactly PREDEFINED|DATA_CONTIGUOUS|"
                  "NO_GAPS|DATA|COMMITTED (any order)",
                  dump_get(d, "flags"));
    check_header(d, "size", "4");
    check_header(d, "lb", "0");
    check_header(d, "extent", "4");
    free(d);
}
END_TEST

/* ------------------------------------------------------------------
 * MPI-1.1 §3.12.3's MPI_LB / MPI_UB example
 * ---------------------------------------------------------------- */

static void lbub_check(MPI_Datatype type1)
{
    MPI_Datatype type2;
    MPI_Aint v;

    ck_assert_int_eq(at_size(type1), 4);
    check_bounds(type1, -3, 9);
    check_true_bounds(type1, 0, 4);
    AT_OK(MPI_Type_lb(type1, &v));
    ck_assert_int_eq(v, -3);
    AT_OK(MPI_Type_ub(type1, &v));
    ck_assert_int_eq(v, 6);
    AT_OK(MPI_Type_extent(type1, &v));
    ck_assert_int_eq(v, 9);
    check_flags(type1, F_USER_LB | F_USER_UB | F_DATA, F_COMMITTED | F_PREDEFINED);

    /* {(lb,-3), (int,0), (int,9), (ub,15)} */
    AT_OK(MPI_Type_contiguous(2, type1, &type2));
    ck_assert_int_eq(at_size(type2), 8);
    check_bounds(type2, -3, 18);
    check_true_bounds(type2, 0, 13);
    AT_OK(MPI_Type_lb(type2, &v));
    ck_assert_int_eq(v, -3);
    AT_OK(MPI_Type_ub(type2, &v));
    ck_assert_int_eq(v, 15);
    AT_OK(MPI_Type_extent(type2, &v));
    ck_assert_int_eq(v, 18);
    AT_OK(MPI_Type_commit(&type2));
    check_flags(type2, F_USER_LB | F_USER_UB | F_COMMITTED | F_DATA, F_OVERLAP);
    AT_OK(MPI_Type_free(&type2));
}

START_TEST(test_lbub_type_struct)
{
    int B[3] = {1, 1, 1};
    MPI_Aint D[3] = {-3, 0, 6};
    MPI_Datatype T[3] = {MPI_LB, MPI_INT, MPI_UB};
    MPI_Datatype type1;

    AT_OK(MPI_Type_struct(3, B, D, T, &type1));
    lbub_check(type1);
    AT_OK(MPI_Type_free(&type1));
}
END_TEST

START_TEST(test_lbub_create_struct)
{
    int B[3] = {1, 1, 1};
    MPI_Aint D[3] = {-3, 0, 6};
    MPI_Datatype T[3] = {MPI_LB, MPI_INT, MPI_UB};
    MPI_Datatype type1 = make_struct(3, B, D, T);

    lbub_check(type1);
    AT_OK(MPI_Type_free(&type1));
}
END_TEST

/* ------------------------------------------------------------------
 * documented differences
 * ---------------------------------------------------------------- */

/* several MPI_LB markers: lb is the least (MPICH: the last one, 2) */
START_TEST(test_bounds_several_lb_markers)
{
    int bl[5] = {1, 1, 1, 1, 1};
    MPI_Aint disp[5] = {8, -5, 0, 2, 16};
    MPI_Datatype ty[5] = {MPI_LB, MPI_LB, MPI_INT, MPI_LB, MPI_UB};
    MPI_Datatype t = make_struct(5, bl, disp, ty);

    check_bounds(t, -5, 21);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* several MPI_UB markers: ub is the greatest */
START_TEST(test_bounds_several_ub_markers)
{
    int bl[4] = {1, 1, 1, 1};
    MPI_Aint disp[4] = {0, 20, 0, 10};
    MPI_Datatype ty[4] = {MPI_LB, MPI_UB, MPI_INT, MPI_UB};
    MPI_Datatype t = make_struct(4, bl, disp, ty);

    check_bounds(t, 0, 20);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* a marker inherited from a child is sticky: lb = 100 + 8 (MPICH: 0) */
START_TEST(test_bounds_sticky_child_lb)
{
    int cbl[2] = {1, 1};
    MPI_Aint cdisp[2] = {8, 12};
    MPI_Datatype cty[2] = {MPI_LB, MPI_INT};
    MPI_Datatype child = make_struct(2, cbl, cdisp, cty);
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 100};
    MPI_Datatype ty[2] = {MPI_INT, child};
    MPI_Datatype t;

    check_bounds(child, 8, 8);
    t = make_struct(2, bl, disp, ty);
    /* {(int,0), (lb,108), (int,112)}: lb 108, ub 116 */
    check_bounds(t, 108, 8);
    check_true_bounds(t, 0, 116);
    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_USER_LB, F_USER_UB);
    AT_OK(MPI_Type_free(&t));
    AT_OK(MPI_Type_free(&child));
}
END_TEST

/* ε applies with an MPI_LB marker and no MPI_UB (MPICH drops it) */
START_TEST(test_bounds_lb_markers_epsilon)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {4, -2, 0};
    MPI_Datatype ty[3] = {MPI_LB, MPI_LB, MPI_INT};
    MPI_Datatype t = make_struct(3, bl, disp, ty);

    /* lb -2, data ends at 4, 6 rounded up to int alignment: extent 8 */
    check_bounds(t, -2, 8);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* resized bounds are not sticky in a parent (typeshim(7), as MPICH): the
 * child's bounds [96, 112) count as ordinary bounds, so the parent spans
 * [0, 112).  (Read as markers, as MPI-2.2 words it and Open MPI 4.1 does,
 * it would be lb 96, extent 16.) */
START_TEST(test_bounds_resized_not_sticky)
{
    MPI_Datatype r, t;
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 100};
    MPI_Datatype ty[2];

    AT_OK(MPI_Type_create_resized(MPI_INT, -4, 16, &r));
    ty[0] = MPI_INT;
    ty[1] = r;
    t = make_struct(2, bl, disp, ty);
    check_bounds(t, 0, 112);
    check_true_bounds(t, 0, 104);
    ck_assert_int_eq(at_size(t), 8);
    AT_OK(MPI_Type_commit(&t));
    check_flags(t, F_COMMITTED | F_DATA, F_USER_LB | F_USER_UB);
    AT_OK(MPI_Type_free(&t));
    AT_OK(MPI_Type_free(&r));
}
END_TEST

/* struct padding: {double@0, char@8} rounds up to 16 */
START_TEST(test_bounds_struct_epsilon)
{
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 8};
    MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_CHAR};
    MPI_Datatype t = make_struct(2, bl, disp, ty);

    check_bounds(t, 0, 16);
    check_true_bounds(t, 0, 9);
    ck_assert_int_eq(at_size(t), 9);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* true bounds of a zero-size type are 0/0 */
START_TEST(test_bounds_zero_size_true_bounds)
{
    MPI_Datatype t;
    dump_t *d = malloc(sizeof *d);

    AT_OK(MPI_Type_contiguous(0, MPI_INT, &t));
    ck_assert_int_eq(at_size(t), 0);
    check_bounds(t, 0, 0);
    check_true_bounds(t, 0, 0);
    AT_OK(MPI_Type_commit(&t));
    ck_assert_ptr_nonnull(d);
    dump_read(t, d);
    check_header(d, "size", "0");
    check_header(d, "true_lb", "0");
    check_header(d, "true_extent", "0");
    free(d);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* ------------------------------------------------------------------
 * The dump's words: MPI's where MPI has one (typeshim(7), DUMP FORMAT)
 * ---------------------------------------------------------------- */

static dump_t *dump_of(MPI_Datatype t)
{
    dump_t *d = malloc(sizeof *d);

    ck_assert_ptr_nonnull(d);
    dump_read(t, d);
    return d;
}

static void check_text(const dump_t *d, const char *want)
{
    ck_assert_msg(strstr(d->text, want) != NULL, "dump lacks '%s':\n%s", want, d->text);
}

static void check_no_text(const dump_t *d, const char *unwanted)
{
    ck_assert_msg(strstr(d->text, unwanted) == NULL, "dump has '%s':\n%s", unwanted, d->text);
}

/* A predefined type is named by its MPI name, with the engine's kind */
START_TEST(test_dump_words_char)
{
    dump_t *d = dump_of(MPI_CHAR);

    check_header(d, "name", "MPI_CHAR");
    check_header(d, "extent", "1");
    check_header(d, "true_lb", "0");
    check_header(d, "true_extent", "1");
    check_header(d, "basic_elements", "1");
    ck_assert_int_eq(d->ndesc, 2);
    ck_assert_str_eq(d->desc[0], "elem type=MPI_CHAR(int8) count=1 blocklen=1 stride=1 disp=0");
    ck_assert_str_eq(d->opt[0], "elem type=int8 count=1 blocklen=1 stride=1 disp=0");
    check_text(d, "typemap: (MPI_CHAR,0)\n");
    check_no_text(d, "INT1");
    check_no_text(d, "true_ub");
    free(d);
}
END_TEST

/* extent is ub - lb only; a record's step is its stride */
START_TEST(test_dump_words_vector)
{
    MPI_Datatype t;
    dump_t *d;

    AT_OK(MPI_Type_vector(2, 1, 2, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    d = dump_of(t);
    check_header(d, "extent", "12");
    check_header(d, "true_extent", "12");
    ck_assert_str_eq(d->desc[0], "elem type=MPI_INT(int32) count=2 blocklen=1 stride=8 disp=0");
    check_text(d, "typemap: (MPI_INT,0) (MPI_INT,8)\n");
    check_no_text(d, " extent=");
    free(d);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* A gap after the data: the data is one block (DATA_CONTIGUOUS), but
 * copies leave gaps (no NO_GAPS); true_extent 4 against extent 8 */
START_TEST(test_dump_words_resized_gap)
{
    MPI_Datatype t;
    dump_t *d;

    AT_OK(MPI_Type_create_resized(MPI_INT, 0, 8, &t));
    AT_OK(MPI_Type_commit(&t));
    d = dump_of(t);
    check_header(d, "lb", "0");
    check_header(d, "ub", "8");
    check_header(d, "extent", "8");
    check_header(d, "true_extent", "4");
    check_header(d, "flags", "COMMITTED|DATA_CONTIGUOUS|DATA");
    free(d);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Markers: lb/ub from them, true bounds from the data (MPI-4.1 section 5.1.8) */
START_TEST(test_dump_words_markers)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {-4, 0, 8};
    MPI_Datatype ty[3] = {MPI_LB, MPI_INT, MPI_UB}, t;
    dump_t *d;

    AT_OK(MPI_Type_struct(3, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    d = dump_of(t);
    check_header(d, "lb", "-4");
    check_header(d, "ub", "8");
    check_header(d, "extent", "12");
    check_header(d, "true_lb", "0");
    check_header(d, "true_extent", "4");
    check_header(d, "flags", "COMMITTED|DATA_CONTIGUOUS|USER_LB|USER_UB|DATA");
    free(d);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Two MPI types of one kind in a type: the kind alone, no guess */
START_TEST(test_dump_words_shared_kind)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {0, 1, 4};
    MPI_Datatype ty[3] = {MPI_CHAR, MPI_INT8_T, MPI_FLOAT}, t;
    dump_t *d;

    AT_OK(MPI_Type_create_struct(3, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    d = dump_of(t);
    ck_assert_str_eq(d->desc[0], "elem type=int8 count=2 blocklen=1 stride=1 disp=0");
    ck_assert_str_eq(d->desc[1], "elem type=MPI_FLOAT(float32) count=1 blocklen=1 stride=4 disp=4");
    check_text(d, "typemap: (int8,0) (int8,1) (MPI_FLOAT,4)\n");
    free(d);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Built from more types than the dump reads: the kind alone, not a name
 * it could not check */
START_TEST(test_dump_words_too_many_types)
{
    enum { N = 5000 };
    int *bl = malloc(N * sizeof *bl);
    MPI_Aint *disp = malloc(N * sizeof *disp);
    MPI_Datatype *ty = malloc(N * sizeof *ty), t;
    dump_t *d;

    ck_assert(bl && disp && ty);
    for (int i = 0; i < N; i++) {
        bl[i] = 1;
        disp[i] = 4 * i;
        AT_OK(MPI_Type_dup(MPI_INT, &ty[i]));
    }
    AT_OK(MPI_Type_create_struct(N, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    d = dump_of(t);
    ck_assert_msg(strncmp(d->desc[0], "elem type=int32 ", 16) == 0, "%s", d->desc[0]);
    check_no_text(d, "MPI_INT");
    free(d);
    AT_OK(MPI_Type_free(&t));
    for (int i = 0; i < N; i++)
        AT_OK(MPI_Type_free(&ty[i]));
    free(ty);
    free(disp);
    free(bl);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *dump_words_suite(void)
{
    Suite *s = suite_create("dump_words");
    TCase *tc = tcase_create("mpi");

    tcase_add_test(tc, test_dump_words_char);
    tcase_add_test(tc, test_dump_words_vector);
    tcase_add_test(tc, test_dump_words_resized_gap);
    tcase_add_test(tc, test_dump_words_markers);
    tcase_add_test(tc, test_dump_words_shared_kind);
    tcase_add_test(tc, test_dump_words_too_many_types);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *opal_suite(void)
{
    Suite *s = suite_create("opal");
    TCase *tc = tcase_create("example");

    tcase_add_test(tc, test_opal_desc);
    tcase_add_test(tc, test_opal_opt_desc);
    tcase_add_test(tc, test_opal_bounds);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *flags_suite(void)
{
    Suite *s = suite_create("flags");
    TCase *tc = tcase_create("opal");

    tcase_add_test(tc, test_flags_contiguous_with_gap);
    tcase_add_test(tc, test_flags_reordered_not_contiguous);
    tcase_add_test(tc, test_flags_no_gaps);
    tcase_add_test(tc, test_flags_user_lb);
    tcase_add_test(tc, test_flags_user_ub);
    tcase_add_test(tc, test_flags_resized_no_user_bounds);
    tcase_add_test(tc, test_flags_overlap_hindexed);
    tcase_add_test(tc, test_flags_overlap_resized_contiguous);
    tcase_add_test(tc, test_flags_no_overlap_vector);
    tcase_add_test(tc, test_flags_predefined_int);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *lbub_suite(void)
{
    Suite *s = suite_create("lbub");
    TCase *tc = tcase_create("markers");

    tcase_add_test(tc, test_lbub_type_struct);
    tcase_add_test(tc, test_lbub_create_struct);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *bounds_suite(void)
{
    Suite *s = suite_create("bounds");
    TCase *tc = tcase_create("differences");

    tcase_add_test(tc, test_bounds_several_lb_markers);
    tcase_add_test(tc, test_bounds_several_ub_markers);
    tcase_add_test(tc, test_bounds_sticky_child_lb);
    tcase_add_test(tc, test_bounds_lb_markers_epsilon);
    tcase_add_test(tc, test_bounds_resized_not_sticky);
    tcase_add_test(tc, test_bounds_struct_epsilon);
    tcase_add_test(tc, test_bounds_zero_size_true_bounds);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[5];

    suites[0] = opal_suite();
    suites[1] = flags_suite();
    suites[2] = lbub_suite();
    suites[3] = bounds_suite();
    suites[4] = dump_words_suite();
    return at_run(suites, 5, 1);
}
