import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes of ten characters, shown in two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('hash the same whatever case, spaces or dashes the person types', () => {
    expect(hashRecoveryCode('ABCDE fghjk')).toBe(hashRecoveryCode('abcde-fghjk'));
    expect(hashRecoveryCode('abcde-fghjk')).not.toBe(hashRecoveryCode('abcde-fghjm'));
  });
});
