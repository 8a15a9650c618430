import { isServedByThisProcess, markServedByThisProcess, unmarkServedByThisProcess } from './served-by-this-process';

describe('databases served by this process', () => {
  it('knows only the URLs its own embedded database recorded, and forgets one when it stops', () => {
    const url = 'postgresql://postgres:secret@%2Ftmp%2Fembedded-db-x/postgres';
    expect(isServedByThisProcess(url)).toBe(false);
    markServedByThisProcess(url);
    expect(isServedByThisProcess(url)).toBe(true);
    expect(isServedByThisProcess('postgresql://postgres@127.0.0.1:5432/labeldesk')).toBe(false);
    unmarkServedByThisProcess(url);
    expect(isServedByThisProcess(url)).toBe(false);
  });
});
