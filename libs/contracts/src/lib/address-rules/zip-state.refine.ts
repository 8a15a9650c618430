import type { z } from 'zod';
import { zipStateMismatch } from './zip-state';

/**
 * Adds the state ↔ ZIP rule to an address object, reported on the ZIP field. It runs as soon as both fields are
 * valid on their own, even while other fields are still empty, so a form can show it as the user types.
 */
export const withZipMatchingState = <S extends z.ZodObject>(schema: S, stateKey: string, zipKey: string): S =>
  schema.superRefine(
    (value, ctx) => {
      const fields: Record<string, unknown> = typeof value === 'object' && value !== null ? value : {};
      const state = fields[stateKey];
      const zip = fields[zipKey];
      if (typeof state !== 'string' || typeof zip !== 'string') return;
      const message = zipStateMismatch(state, zip);
      if (message) ctx.addIssue({ code: 'custom', path: [zipKey], message, input: zip });
    },
    // Not when the value is no object at all (its own issue has an empty path) or either field failed its own rule.
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || issue.path[0] === stateKey || issue.path[0] === zipKey),
    },
  );
