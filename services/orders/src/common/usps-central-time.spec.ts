import { centralDayOf, centralInstant, nextCentralManifest } from './usps-central-time';

const utc = (iso: string) => new Date(iso);

describe('USPS Central time: when a label is manifested', () => {
  it('manifests at 12:30am Central (CST, UTC−6) the day after a winter purchase', () => {
    expect(nextCentralManifest(utc('2026-01-14T18:00:00Z')).toISOString()).toBe('2026-01-15T06:30:00.000Z');
  });

  it('manifests at 12:30am Central (CDT, UTC−5) the day after a summer purchase', () => {
    expect(nextCentralManifest(utc('2026-07-14T18:00:00Z')).toISOString()).toBe('2026-07-15T05:30:00.000Z');
  });

  it('counts the day in Central time: 11pm Central is still the earlier day, though UTC has moved on', () => {
    // 2026-01-15T04:30Z is 10:30pm CST on the 14th: the manifest comes two hours later.
    expect(nextCentralManifest(utc('2026-01-15T04:30:00Z')).toISOString()).toBe('2026-01-15T06:30:00.000Z');
    // Ten minutes past the manifest, a new purchase waits for the next night's.
    expect(nextCentralManifest(utc('2026-01-15T06:40:00Z')).toISOString()).toBe('2026-01-16T06:30:00.000Z');
  });

  it('gets the offset right across the spring change (DST starts 2026-03-08 at 2am)', () => {
    // Bought Saturday the 7th (CST): the manifest at 00:30 on the 8th is before the change, still UTC−6.
    expect(nextCentralManifest(utc('2026-03-07T21:00:00Z')).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // Bought Sunday the 8th after the change (CDT): the manifest on the 9th is UTC−5.
    expect(nextCentralManifest(utc('2026-03-08T18:00:00Z')).toISOString()).toBe('2026-03-09T05:30:00.000Z');
  });

  it('gets the offset right across the autumn change (DST ends 2026-11-01 at 2am)', () => {
    expect(nextCentralManifest(utc('2026-10-31T18:00:00Z')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(nextCentralManifest(utc('2026-11-01T18:00:00Z')).toISOString()).toBe('2026-11-02T06:30:00.000Z');
  });

  it('rolls over the end of a month and of a year', () => {
    expect(nextCentralManifest(utc('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T06:30:00.000Z');
    expect(nextCentralManifest(utc('2026-04-30T20:00:00Z')).toISOString()).toBe('2026-05-01T05:30:00.000Z');
  });

  it('reads the Central day and builds a Central wall time', () => {
    expect(centralDayOf(utc('2026-01-15T04:30:00Z'))).toBe('2026-01-14');
    expect(centralInstant(2026, 7, 4, 12, 0).toISOString()).toBe('2026-07-04T17:00:00.000Z');
  });
});
