/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the layer may read of a datatype object (tsf.h): its bounds, name,
 * commit state and LB/UB markers, answered from the engine type it keeps.
 * The layer asks the façade only; these keep the engine's fields and
 * functions out of its files (test/check-includes.sh).  None is on the
 * path of a standalone call.
 */
#include "typeshim_config.h"

#include "facade/tsf.h"

void tsf_bounds_of(const tsf_dtype *o, tsf_bounds *b)
{
    const tsd_type *t = o->eng;

    b->size = t->size;
    b->lb = t->lb;
    b->extent = tsd_extent(t);
    b->true_lb = t->true_lb;
    b->true_extent = t->true_ub - t->true_lb;
}

int64_t tsf_size(const tsf_dtype *o)
{
    return o->eng->size;
}

int64_t tsf_extent(const tsf_dtype *o)
{
    return tsd_extent(o->eng);
}

void tsf_span(const tsf_dtype *o, int64_t count, int64_t *first, int64_t *last)
{
    tsd_span(o->eng, count, first, last);
}

const char *tsf_type_name(const tsf_dtype *o)
{
    return o->eng->name;
}

int tsf_committed(const tsf_dtype *o)
{
    return (o->eng->flags & TSD_FLAG_COMMITTED) != 0;
}

unsigned tsf_markers(const tsf_dtype *o)
{
    return ((o->eng->flags & TSD_FLAG_USER_LB) ? TSF_MARK_LB : 0u) |
           ((o->eng->flags & TSD_FLAG_USER_UB) ? TSF_MARK_UB : 0u);
}

void tsf_value_index_disp(const tsf_dtype *value, const tsf_dtype *index, int64_t *disp_index)
{
    tsf_value_index_layout(value->eng, index->eng, disp_index);
}
