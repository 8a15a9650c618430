import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { rowIssues } from './row-issues';

const refusal = (...paths: string[]) => new DomainError(ErrorCode.VALIDATION_FAILED, 'first message', paths.map((path) => ({ path, message: `bad ${path}` })));

describe('rowIssues', () => {
  it('counts the rows with issues and names the first, each issue keeping its path in a whole batch', () => {
    const answer = rowIssues(refusal('orderData.1.receiver.receiver_city', 'orderData.1.package.package_weight', 'orderData.4.service_name'), 0);
    expect(answer.message).toBe('2 row(s) have validation errors. Row 2: bad orderData.1.receiver.receiver_city');
    expect(answer.issues?.map((issue) => issue.path)).toEqual(['orderData.1.receiver.receiver_city', 'orderData.1.package.package_weight', 'orderData.4.service_name']);
  });

  it("names a slice's rows by their place in the whole batch, the message's row and every path alike", () => {
    const answer = rowIssues(refusal('orderData.3.receiver.receiver_city', 'orderData.7'), 2_000);
    expect(answer.message).toBe('2 row(s) have validation errors. Row 2004: bad orderData.3.receiver.receiver_city');
    expect(answer.issues?.map((issue) => issue.path)).toEqual(['orderData.2003.receiver.receiver_city', 'orderData.2007']);
  });

  it('counts a row that is not an object at all as a row with an issue', () => {
    expect(rowIssues(refusal('orderData.5'), 0).message).toBe('1 row(s) have validation errors. Row 6: bad orderData.5');
  });

  it('answers an error with no row issue as it is', () => {
    const error = refusal('orderId', 'orderData');
    expect(rowIssues(error, 2_000)).toBe(error);
  });
});
