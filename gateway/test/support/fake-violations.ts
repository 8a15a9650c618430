/**
 * Fails every test of the enclosing `describe` during which a carrier's fake broke what it is held to (USPS's
 * OpenAPI specs, EasyPost's recorded bodies): the requests our adapters sent and the answers the fake gave them. Only
 * the violations new since the test began count, so one broken flow does not fail the flows after it.
 */
export const expectNoViolationsPerTest = (violations: () => readonly unknown[]): void => {
  let seen = 0;
  beforeEach(() => {
    seen = violations().length;
  });
  afterEach(() => {
    expect(violations().slice(seen)).toEqual([]);
  });
};
