import { SecretBox } from './secret-box';

const env = { JWT_SECRET: 'j'.repeat(40), TOTP_ENCRYPTION_KEY: undefined };

describe('SecretBox', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const box = new SecretBox(env);
    const [a, b] = [box.seal('JBSWY3DPEHPK3PXP'), box.seal('JBSWY3DPEHPK3PXP')];
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect([box.open(a), box.open(b)]).toEqual(['JBSWY3DPEHPK3PXP', 'JBSWY3DPEHPK3PXP']);
  });

  it('cannot open a secret sealed under another key, or one altered', () => {
    const sealed = new SecretBox(env).seal('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox({ ...env, TOTP_ENCRYPTION_KEY: 'k'.repeat(40) }).open(sealed)).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => new SecretBox(env).open(altered)).toThrow();
  });
});
