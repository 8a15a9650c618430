import type { InvitedUser } from '@labeldesk/contracts';
import { nextSort, sortInvitedUsers } from './invited-users-sort';

const users: InvitedUser[] = [
  { name: 'bob', registeredDate: '2026-03-01T10:00:00.000Z', totalDeposit: 500 },
  { name: 'Ann', registeredDate: '2026-01-01T10:00:00.000Z', totalDeposit: 2500 },
  { name: 'Cy', registeredDate: '2026-02-01T10:00:00.000Z', totalDeposit: 500 },
];
const names = (rows: InvitedUser[]) => rows.map((user) => user.name);

describe('sortInvitedUsers', () => {
  it('sorts names alphabetically whatever their case', () => {
    expect(names(sortInvitedUsers(users, { key: 'name', direction: 'ascending' }))).toEqual(['Ann', 'bob', 'Cy']);
    expect(names(sortInvitedUsers(users, { key: 'name', direction: 'descending' }))).toEqual(['Cy', 'bob', 'Ann']);
  });

  it('sorts by registration date as dates', () => {
    expect(names(sortInvitedUsers(users, { key: 'registeredDate', direction: 'ascending' }))).toEqual(['Ann', 'Cy', 'bob']);
  });

  it("sorts by total deposit and keeps the server's order between equal amounts", () => {
    expect(names(sortInvitedUsers(users, { key: 'totalDeposit', direction: 'descending' }))).toEqual(['Ann', 'bob', 'Cy']);
    expect(names(sortInvitedUsers(users, { key: 'totalDeposit', direction: 'ascending' }))).toEqual(['bob', 'Cy', 'Ann']);
  });

  it('leaves the list it was given untouched', () => {
    sortInvitedUsers(users, { key: 'name', direction: 'ascending' });
    expect(names(users)).toEqual(['bob', 'Ann', 'Cy']);
  });
});

describe('nextSort', () => {
  it('turns the sorted column around, and starts another column in its natural direction', () => {
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'totalDeposit')).toEqual({ key: 'totalDeposit', direction: 'descending' });
    expect(nextSort({ key: 'totalDeposit', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});
