import { z } from 'zod';
import { leadingZeroHint, zipWithLeadingZeros } from './zip-leading-zeros';
import { zipStateMismatch } from './zip-state';

type Payload = { value: unknown; issues: z.core.$ZodRawIssue[] };

/** A field of a value that may not be an object at all (then it has none). */
const fieldOf = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);
const isOn = (issue: z.core.$ZodRawIssue, key: string): boolean => issue.path?.[0] === key;

/**
 * A ZIP refused for its shape that only lost its leading zeros ("2134" with MA, from a spreadsheet) gets "Did you mean
 * 02134?" after the field's own message, which stays word for word. The field's message is resolved here as the
 * parse would resolve it at the end, since a raw issue holds no text yet.
 */
const hintLeadingZeros = (payload: Payload, stateKey: string, zipKey: string): void => {
  const state = fieldOf(payload.value, stateKey);
  const zip = fieldOf(payload.value, zipKey);
  if (typeof state !== 'string' || typeof zip !== 'string') return;
  const padded = zipWithLeadingZeros(state, zip);
  const at = payload.issues.findIndex((issue) => isOn(issue, zipKey) && issue.code === 'invalid_format');
  const shapeIssue = payload.issues[at];
  if (!padded || !shapeIssue) return;
  const ownMessage = z.core.util.finalizeIssue(shapeIssue, undefined, z.core.config()).message;
  // The field's message has no full stop of its own ("… (12345-6789)"): the hint is a sentence after it.
  const ownSentence = /[.!?]$/.test(ownMessage) ? ownMessage : `${ownMessage}.`;
  payload.issues[at] = { ...shapeIssue, message: `${ownSentence} ${leadingZeroHint(padded)}` };
};

/**
 * Adds the state ↔ ZIP rule to an address object, reported on the ZIP field. It runs as soon as both fields are
 * valid on their own, even while other fields are still empty, so a form can show it as the user types. A ZIP that
 * lost its leading zeros gets the padded ZIP suggested in its refusal.
 */
export const withZipMatchingState = <S extends z.ZodObject>(schema: S, stateKey: string, zipKey: string): S =>
  schema
    .superRefine(
      (value, ctx) => {
        const state = fieldOf(value, stateKey);
        const zip = fieldOf(value, zipKey);
        if (typeof state !== 'string' || typeof zip !== 'string') return;
        const message = zipStateMismatch(state, zip);
        if (message) ctx.addIssue({ code: 'custom', path: [zipKey], message, input: zip });
      },
      // Not when the value is no object at all (its own issue has an empty path) or either field failed its own rule.
      {
        when: (payload) =>
          typeof payload.value === 'object' &&
          payload.value !== null &&
          !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || isOn(issue, stateKey) || isOn(issue, zipKey)),
      },
    )
    .superRefine((_value, ctx) => hintLeadingZeros(ctx, stateKey, zipKey), {
      // Only when the ZIP was refused and the state was not: the state tells which padding is meant.
      when: (payload) => payload.issues.some((issue) => isOn(issue, zipKey)) && !payload.issues.some((issue) => isOn(issue, stateKey)),
    });
