/* SPDX-License-Identifier: BSD-3-Clause */
/* Shadows: the MPICH type behind each handle typeshim gives out.
 *
 * A shadow is the program's constructor call replayed on MPICH over the
 * children's shadows, so MPICH decodes it as the program built it.  Two
 * rules keep MPICH's layout equal to typeshim's:
 *   - MPICH never sees MPI_LB/MPI_UB: a struct drops its marker members, a
 *     constructor over a marker becomes an empty type;
 *   - when MPICH's bounds then differ from typeshim's (markers, typeshim(7)
 *     rows), the shadow is wrapped in MPI_Type_create_resized with
 *     typeshim's bounds.  The type map is the same either way: children's
 *     shadows have typeshim's type maps and extents, by induction.
 * With TYPESHIM_CHECK a type whose shadow is not the literal replay also
 * gets a twin, the literal replay (markers included) over the children's
 * twins: the cross-check compares typeshim with what MPICH alone would
 * have answered. */
#include "typeshim_config.h"

#include <string.h>

#include "layer/tsl.h"

#define SMALL 16
/* replay()'s own allocation failed: not an MPICH code (those are >= 0) */
#define NOMEM (-1)

static int is_marker(MPI_Datatype t)
{
    return t == MPI_LB || t == MPI_UB;
}

/* The struct c records minus its marker members, on MPICH. */
static int construct_struct_unmarked(const tsf_contents *c, const MPI_Datatype *kids,
                                     MPI_Datatype *out)
{
    int64_t n = c->nc ? c->counts[0] : c->ints[0], m = 0;
    tsf_contents s = *c;
    MPI_Datatype *ty;
    int *ints = NULL;
    MPI_Aint *addrs = NULL;
    MPI_Count *counts = NULL;
    int rc = NOMEM;

    /* the kept members: up to n types, n+1 ints and n addrs, or 2n+1 counts */
    if (!(ty = tsu_malloc((size_t)(n + 1) * sizeof(*ty))))
        return rc;
    if (c->nc ? !(counts = tsu_malloc((size_t)(2 * n + 1) * sizeof(*counts)))
              : (!(ints = tsu_malloc((size_t)(n + 1) * sizeof(*ints))) ||
                 !(addrs = tsu_malloc((size_t)(n + 1) * sizeof(*addrs)))))
        goto out;
    for (int64_t j = 0; j < n; j++) {
        if (is_marker(kids[j]))
            continue;
        ty[m] = kids[j];
        if (c->nc) {
            counts[1 + m] = c->counts[1 + j];
            counts[1 + n + m] = c->counts[1 + n + j];
        } else {
            ints[1 + m] = c->ints[1 + j];
            addrs[m] = c->addrs[j];
        }
        m++;
    }
    if (c->nc) {
        /* close the gap between the blocklengths and the displacements */
        memmove(&counts[1 + m], &counts[1 + n], (size_t)m * sizeof(*counts));
        counts[0] = m;
        s.counts = counts;
    } else {
        ints[0] = (int)m;
        s.ints = ints;
        s.addrs = addrs;
    }
    rc = tsf_contents_replay(&tsl_next, &s, ty, out);
out:
    tsu_free(ty);
    tsu_free(ints);
    tsu_free(addrs);
    tsu_free(counts);
    return rc;
}

/* Which child handle each kind of MPICH type is built over. */
static MPI_Datatype kid_shadow(const tsf_dtype *k)
{
    return k->handle;
}

static int replay(const tsf_contents *c, MPI_Datatype (*pick)(const tsf_dtype *), int unmarked,
                  MPI_Datatype *out)
{
    MPI_Datatype small[SMALL], *kids = small;
    int markers = 0, rc;

    if (c->nd > SMALL && !(kids = tsu_malloc((size_t)c->nd * sizeof(*kids))))
        return NOMEM;
    for (int64_t j = 0; j < c->nd; j++) {
        kids[j] = pick(c->types[j]);
        markers |= is_marker(kids[j]);
    }
    if (unmarked && c->combiner == MPI_COMBINER_CONTIGUOUS && tsf_extent(c->types[0]) < 0) {
        /* MPICH 4.0.2 misplaces the copies of contiguous(n, t) for some t
         * of negative extent (t = resized(MPI_DOUBLE_INT, 0, -4): in
         * MPI_Pack(buf, 2, ...) the second copy lands at n * extent(t), not
         * at the extent MPICH reports, even inside a resized wrapper).  The
         * same type map as an hvector avoids its contiguous code. */
        int64_t n = c->nc ? c->counts[0] : c->ints[0];
        rc = tsl_next_hvector(n, 1, tsf_extent(c->types[0]), kids[0], out);
        if (rc == TSL_NEXT_CANNOT) /* more copies than an int form takes */
            rc = MPI_ERR_COUNT;
    } else if (!unmarked || !markers)
        rc = tsf_contents_replay(&tsl_next, c, kids, out);
    else if (c->combiner == MPI_COMBINER_STRUCT)
        rc = construct_struct_unmarked(c, kids, out);
    else /* a constructor over a marker has no data */
        rc = tsl_next.Type_contiguous(0, MPI_BYTE, out);
    if (kids != small)
        tsu_free(kids);
    return rc;
}

/* Whether the shadow is not the literal replay: the cross-check then
 * needs a twin to ask MPICH what the program's own call would give. */
static int needs_twin(const tsf_contents *c)
{
    if (c->combiner == MPI_COMBINER_CONTIGUOUS && tsf_extent(c->types[0]) < 0)
        return 1;
    for (int64_t j = 0; j < c->nd; j++)
        if (is_marker(c->types[j]->handle) || tsl_of(c->types[j])->twin)
            return 1;
    return 0;
}

/* Shadows over a child of negative extent are always wrapped too: the
 * explicit extent costs nothing, and MPICH's bounds of such types are
 * where it has been wrong (contiguous, see replay()). */
static int negative_child(const tsf_contents *c)
{
    for (int64_t j = 0; j < c->nd; j++)
        if (tsf_extent(c->types[j]) < 0)
            return 1;
    return 0;
}

/* Frees an MPICH type the layer holds (none: MPI_DATATYPE_NULL or 0). */
static void next_free(MPI_Datatype *t)
{
    if (*t != MPI_DATATYPE_NULL && *t != 0) {
        tsl_next.Type_free(t);
        tsl_count_shadows(-1);
    }
    *t = 0;
}

static int refused(const char *fn, int code, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];

    /* typeshim's own allocation, not MPICH: MPI_ERR_NO_MEM (MPI-4.1
     * section 9.4), not an internal error */
    if (code == NOMEM)
        return tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
    return tsf_err(MPI_ERR_INTERN, fn, TSO_ABI_MPI " refused the %s of this datatype: %s", what,
                   tsl_next_error(code, msg, sizeof(msg)));
}

/* An unnamed value-index pair (immortal, like MPICH's own predefined
 * types): MPICH's when it has MPI_Type_get_value_index, else the same
 * struct { value; index; } built on MPICH, committed, and released by
 * MPI_Finalize (not counted as a shadow: no program reference ends it).  MPICH 4.0.2's
 * MPI_MINLOC accepts only its named pairs, so its reductions refuse it
 * (typeshim(7), LAYERED MODE). */
static int value_index_shadow(tsf_dtype *o, const char *fn)
{
    const tsf_contents *c = o->contents;
    MPI_Datatype kids[2] = {c->types[0]->handle, c->types[1]->handle}, base, out;
    MPI_Aint disp[2] = {0, 0};
    int bl[2] = {1, 1}, rc;

    if (tsl_next.Type_get_value_index) {
        if ((rc = tsl_next.Type_get_value_index(kids[0], kids[1], &o->handle)))
            return refused(fn, rc, "value-index type");
        return MPI_SUCCESS;
    }
    tsf_value_index_disp(c->types[0], c->types[1], &disp[1]);
    if ((rc = tsl_next.Type_create_struct(2, bl, disp, kids, &base)))
        return refused(fn, rc, "value-index type");
    rc = tsl_next.Type_create_resized(base, 0, tsf_extent(o), &out);
    tsl_next.Type_free(&base);
    if (rc == MPI_SUCCESS && (rc = tsl_next.Type_commit(&out)) != MPI_SUCCESS)
        tsl_next.Type_free(&out);
    if (rc != MPI_SUCCESS)
        return refused(fn, rc, "value-index type");
    tsl_release_at_finalize(out);
    o->handle = out;
    return MPI_SUCCESS;
}

/* Gives o (with its contents and engine type) its MPICH shadow: on
 * success o->handle is the shadow, and its twin the literal construction
 * when that differs.  Returns an unraised MPI error code. */
static int shadow_new(tsf_dtype *o, const char *fn)
{
    const tsf_contents *c = o->contents;
    MPI_Datatype base = MPI_DATATYPE_NULL, twin = MPI_DATATYPE_NULL;
    MPI_Count lb, ext;
    tsf_bounds want;
    int rc, committed;

    if (tsl_leaks)
        tsl_check_hook(); /* a process that only builds types gets a summary too */
    if (c->combiner == MPI_COMBINER_F90_REAL || c->combiner == MPI_COMBINER_F90_COMPLEX ||
        c->combiner == MPI_COMBINER_F90_INTEGER) {
        /* MPICH's own cached, immortal type: no reference to hold */
        if ((rc = tsf_contents_replay(&tsl_next, c, NULL, &o->handle)))
            return refused(fn, rc, "f90 type");
        return MPI_SUCCESS;
    }
    if (c->combiner == MPI_COMBINER_VALUE_INDEX)
        return value_index_shadow(o, fn);
    if (tsl_quarantine_reuse(c, &base, &committed)) {
        tsl_of(o)->committed = (uint8_t)committed;
        goto done;
    }
    /* A type with no data the next layer will not build (Open MPI 4.1
     * refuses a subarray with a subsize of 0) is the empty type map
     * resized to its bounds below, as valid a shadow as any. */
    if ((rc = replay(c, kid_shadow, 1, &base)) && rc != NOMEM && tsf_size(o) == 0 &&
        !(rc = tsl_next.Type_contiguous(0, MPI_BYTE, &base)))
        tsl_of(o)->rows |= TSL_ROW_REFUSED;
    if (rc)
        return refused(fn, rc, "shadow");
    tsl_count_shadows(1);
    if ((rc = tsl_next.Type_get_extent_x(base, &lb, &ext)))
        goto fail;
    tsf_bounds_of(o, &want);
    if (lb != want.lb || ext != want.extent || negative_child(c)) {
        MPI_Datatype wrapped;
        if ((rc = tsl_next.Type_create_resized(base, want.lb, want.extent, &wrapped)))
            goto fail;
        tsl_count_shadows(1);
        /* the unwrapped replay is the twin when it is literal */
        if (tsl_checking && !needs_twin(c))
            twin = base;
        else
            next_free(&base);
        base = wrapped;
    }
    if (tsl_checking && twin == MPI_DATATYPE_NULL && needs_twin(c) &&
        !(tsl_of(o)->rows & TSL_ROW_REFUSED)) {
        if ((rc = replay(c, tsl_twin_of, 0, &twin)))
            goto fail;
        tsl_count_shadows(1);
    }
done:
    /* a dup of a committed type is committed (MPICH's dup does the same) */
    if (tsf_committed(o) && !tsl_of(o)->committed) {
        MPI_Datatype tmp = base;
        if ((rc = tsl_next.Type_commit(&tmp)) ||
            (twin != MPI_DATATYPE_NULL && (rc = tsl_next.Type_commit(&twin))))
            goto fail;
        tsl_of(o)->committed = 1;
    }
    o->handle = base;
    tsl_of(o)->twin = twin == MPI_DATATYPE_NULL ? 0 : twin;
    tsl_of(o)->owns_handle = 1;
    return MPI_SUCCESS;
fail:
    next_free(&base);
    next_free(&twin);
    tsl_of(o)->committed = 0;
    return refused(fn, rc, "shadow");
}

/* The commit hook: MPICH first, so that a failure there leaves both
 * sides uncommitted.  A type typeshim committed already is committed in
 * MPICH too, unless MPICH made it (adopted: maybe not committed there). */
static int shadow_commit(tsf_dtype *o, int done, const char *fn)
{
    MPI_Datatype h = o->handle, t = tsl_of(o)->twin;
    int rc;

    if ((done && !o->foreign) || tsl_of(o)->committed)
        return MPI_SUCCESS;
    /* MPICH's commit takes a pointer but keeps the handle: copies suffice */
    if ((rc = tsl_next.Type_commit(&h)))
        return refused(fn, rc, "commit");
    if (t && (rc = tsl_next.Type_commit(&t)))
        return refused(fn, rc, "commit of the check twin");
    /* an adopted handle's commit is the program's: never skipped */
    tsl_of(o)->committed = !o->foreign;
    return MPI_SUCCESS;
}

void tsl_shadow_free(tsf_dtype *o)
{
    tsl_type *s = tsl_of(o);

    /* the program's handle: not reused at once.  Only a shadow of
     * typeshim's own construction, with no twin, is given back later: an
     * adopted handle is MPICH's type as the program made it. */
    if (s->owns_handle)
        tsl_quarantine_put(o->handle, !o->foreign && !s->twin ? o->contents : NULL, s->committed);
    s->owns_handle = 0;
    s->committed = 0;
    next_free(&s->twin);
}

#if TS_ABI_OMPI
/* Whether contents c list a block of length 0 (MPI-4.1 section 5.1.13's
 * layouts: the block lengths follow the count, or are the second
 * argument for the vector and block forms). */
static int empty_block(const tsf_contents *c)
{
    int wide = c->nc > 0;
    int64_t n = wide ? c->nc : c->ni, first = 1, last;

#define ARG(i) (wide ? (int64_t)c->counts[i] : (int64_t)c->ints[i])
    switch (c->combiner) {
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
        last = 1;
        break;
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_STRUCT:
        last = n > 0 ? ARG(0) : 0;
        break;
    default:
        return 0;
    }
    for (int64_t i = first; i <= last && i < n; i++)
        if (ARG(i) == 0)
            return 1;
#undef ARG
    return 0;
}

/* Open MPI 4.1's documented differences o's construction contains. */
static unsigned rows_of(const tsf_record *rec, const tsf_dtype *o)
{
    unsigned rows = 0;
    int comb = rec->combiner;

    for (int64_t j = 0; j < rec->nd; j++) {
        const tsf_dtype *k = rec->types[j];
        rows |= tsl_of(k)->rows;
        if (tsf_size(k) == 0 && k->handle != MPI_LB && k->handle != MPI_UB)
            rows |= TSL_ROW_OMPI_EMPTY;
        if (comb != MPI_COMBINER_RESIZED && k->contents &&
            (k->contents->combiner == MPI_COMBINER_RESIZED ||
             (tsl_of(k)->rows & TSL_ROW_OMPI_RESIZED)))
            rows |= TSL_ROW_OMPI_RESIZED;
    }
    if (comb == MPI_COMBINER_HVECTOR || comb == MPI_COMBINER_HINDEXED ||
        comb == MPI_COMBINER_HINDEXED_BLOCK)
        rows |= TSL_ROW_OMPI_EPSILON;
    if (comb == MPI_COMBINER_DARRAY || tsf_size(o) == 0 ||
        (o->contents && empty_block(o->contents)))
        rows |= TSL_ROW_OMPI_EMPTY;
    return rows;
}
#else
/* Which documented differences o's construction contains (TSL_ROW_ bits). */
static unsigned rows_of(const tsf_record *rec, const tsf_dtype *o)
{
    unsigned rows = 0;
    int nlb = 0, nub = 0;

    for (int64_t j = 0; j < rec->nd; j++) {
        const tsf_dtype *k = rec->types[j];
        if (k->handle == MPI_LB) {
            nlb++;
        } else if (k->handle == MPI_UB) {
            nub++;
        } else {
            rows |= tsl_of(k)->rows;
            if (k->handle == MPIX_C_FLOAT16)
                rows |= TSL_ROW_FLOAT16;
            if (tsf_markers(k) && rec->combiner != MPI_COMBINER_RESIZED)
                rows |= TSL_ROW_STICKY;
        }
    }
    if (rec->combiner == MPI_COMBINER_CONTIGUOUS && rec->nd == 1 && tsf_extent(rec->types[0]) < 0)
        rows |= TSL_ROW_NEG_CONTIG;
    if (nlb > 1 || nub > 1)
        rows |= TSL_ROW_MULTI_MARKER;
    if (nlb && !nub && !(tsf_markers(o) & TSF_MARK_UB))
        rows |= TSL_ROW_EPS_LB;
    return rows;
}
#endif

/* The publish hook: the shadow, then the handle table under its handle. */
static int shadow_publish(tsf_dtype *o, const tsf_record *rec, const char *fn)
{
    int rc;

    tsl_of(o)->rows = rows_of(rec, o);
    if ((rc = shadow_new(o, fn)))
        return rc;
    /* a handle MPICH has just made cannot be taken, unless MPICH freed
     * and reissued it without typeshim seeing the free */
    if (tsf_handle_bind(o) && (!tsl_evict_stale(o->handle) || tsf_handle_bind(o))) {
        tsl_shadow_free(o);
        return -1;
    }
    return MPI_SUCCESS;
}

const tsf_hooks tsl_layered_hooks = {
    .publish = shadow_publish,
    .bound_handles = 1,
    .commit = shadow_commit,
    .destroy = tsl_shadow_free,
    .free_foreign = tsl_adopted_free,
    .unknown = tsl_adopt,
    .rank = tsl_rank,
};
