import { mailingDayOf } from './scan-form.usecase';

describe("a SCAN form's mailing day", () => {
  it("is the Central day (USPS's clock): 9pm in Chicago is still that day, with the day's bounds in UTC", () => {
    expect(mailingDayOf(new Date('2026-11-27T03:00:00Z'))).toEqual({ mailingDate: '2026-11-26', from: new Date('2026-11-26T06:00:00Z'), to: new Date('2026-11-27T06:00:00Z') });
    expect(mailingDayOf(new Date('2026-07-15T05:30:00Z'))).toEqual({ mailingDate: '2026-07-15', from: new Date('2026-07-15T05:00:00Z'), to: new Date('2026-07-16T05:00:00Z') });
  });
});
