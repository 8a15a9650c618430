import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';

/** The set values of a filter object as query parameters (empty and absent filters are left out). */
export const filterParams = (filters: Record<string, unknown>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params;
};

/**
 * A list page's filters and page number, kept in the address so a search can be shared, bookmarked or reloaded. The
 * query schema is the one the API validates with; an address it refuses reads as no filters, page 1.
 */
export const useUrlFilters = <Q extends { page: number; limit: number }>(schema: z.ZodType<Q>) => {
  type Filters = Omit<Q, 'page' | 'limit'>;
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => {
    const parsed = schema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return { filters: {} as Filters, page: 1 };
    const { page: current, limit: _limit, ...rest } = parsed.data;
    return { filters: rest as Filters, page: current };
  }, [params, schema]);
  const apply = (next: Filters, nextPage = 1) => {
    const search = filterParams(next);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  return { filters, page, apply };
};
