import { unexpectedAnswer } from './answer-check.mjs';

const ratesExpected = { status: 200, nonEmpty: 'rates' };
const answer = (json) => Buffer.from(JSON.stringify(json));

describe('what the load counts as a served answer', () => {
  it('accepts a 200 whose rates list has a rate', () => {
    expect(unexpectedAnswer(ratesExpected, 200, answer({ rates: [{ service: 'USPS Priority Mail', priceCents: 812 }] }))).toBeNull();
  });

  it('refuses a 200 with an empty rates list', () => {
    expect(unexpectedAnswer(ratesExpected, 200, answer({ rates: [] }))).toBe('empty rates');
  });

  it('refuses an answer without a rates list, or that is not JSON', () => {
    expect(unexpectedAnswer(ratesExpected, 200, answer({ offers: [{}] }))).toBe('no rates list');
    expect(unexpectedAnswer(ratesExpected, 200, answer({ rates: {} }))).toBe('no rates list');
    expect(unexpectedAnswer(ratesExpected, 200, Buffer.from('<html>'))).toBe('not JSON');
  });

  it('refuses another success status than the one asked for, whatever its body', () => {
    expect(unexpectedAnswer(ratesExpected, 201, answer({ rates: [{}] }))).toBe('status 201, not 200');
  });

  it('asks nothing of an answer when the load expects nothing', () => {
    expect(unexpectedAnswer(undefined, 204, Buffer.alloc(0))).toBeNull();
    expect(unexpectedAnswer({ status: 200 }, 200, Buffer.from('not json'))).toBeNull();
  });
});
