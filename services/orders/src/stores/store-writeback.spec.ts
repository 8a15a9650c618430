import { retryInSeconds } from './store-writeback';

describe('the write-back retry pause', () => {
  it('starts at the setting and doubles after each further failure, never over an hour', () => {
    expect([1, 2, 3, 4].map((failures) => retryInSeconds(30, failures))).toEqual([30, 60, 120, 240]);
    expect(retryInSeconds(30, 20)).toBe(3_600);
  });
});
