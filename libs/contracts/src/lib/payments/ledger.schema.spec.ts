import { ErrorCode, validationError } from '../errors';
import { creditRequestSchema } from './ledger.schema';

const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const refund = { userId, amountCents: 850, kind: 'refund', reference: 'order o1 (label failed)', idempotencyKey: 'refund:o1:1', refundOf: 'label:o1:1' };

const refusal = (body: unknown) => {
  const parsed = creditRequestSchema.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return validationError(parsed.error);
};

describe('creditRequestSchema', () => {
  it('reads a refund with the key of the charge it gives back', () => {
    expect(creditRequestSchema.parse(refund)).toEqual(refund);
  });

  it('refuses a refund that names no charge, saying which field is missing', () => {
    const { refundOf: _missing, ...unnamed } = refund;
    expect(refusal(unnamed)).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: "A refund must name the charge it gives back: refundOf is that charge's idempotency key",
      issues: [{ path: 'refundOf' }],
    });
    expect(refusal({ ...refund, refundOf: 'x' })).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, issues: [{ path: 'refundOf' }] });
  });

  it('refuses refundOf on any kind but a refund', () => {
    expect(refusal({ ...refund, kind: 'deposit' })).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Only a refund names a charge: refundOf is for kind refund',
      issues: [{ path: 'refundOf' }],
    });
  });

  it('still reads a deposit without refundOf, so that payments itself can refuse it by name', () => {
    const { refundOf: _none, ...deposit } = { ...refund, kind: 'deposit' };
    expect(creditRequestSchema.parse(deposit)).toEqual(deposit);
  });
});
