import { StoreSecrets } from './store-secrets';

const env = { STORE_ENCRYPTION_KEY: 'a-store-key-of-some-length-0001', CALLER_KEY: 'unused-when-a-store-key-is-set-0000000000000' };

describe('StoreSecrets', () => {
  it('seals a store\'s keys so the sealed text shows none of them, and opens them again', () => {
    const box = new StoreSecrets(env);
    const sealed = box.seal({ consumer_key: 'ck_1234', consumer_secret: 'cs_5678' });
    expect(sealed).not.toContain('ck_1234');
    expect(sealed).not.toContain('cs_5678');
    expect(box.open(sealed)).toEqual({ consumer_key: 'ck_1234', consumer_secret: 'cs_5678' });
  });

  it('cannot open what another key sealed, nor an altered seal', () => {
    const sealed = new StoreSecrets(env).seal({ consumer_key: 'ck_1' });
    expect(() => new StoreSecrets({ ...env, STORE_ENCRYPTION_KEY: 'another-store-key-of-some-length' }).open(sealed)).toThrow();
    expect(() => new StoreSecrets(env).open(sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA'))).toThrow();
  });
});
