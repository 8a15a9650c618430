import type { TodayFormLabel } from '@labeldesk/contracts';
import { availableIds, groupBySender, groupChoice, withGroup } from './today-form-groups';

const label = (orderId: string, sender: string, state: TodayFormLabel['state'] = 'available'): TodayFormLabel => ({
  orderId,
  trackingNumber: `9400${orderId}`,
  carrier: 'sandbox',
  receiverName: 'Bob',
  sender: { name: sender, street1: '12 Main St', city: 'Columbus', state: 'OH', zip: '43215' },
  purchasedAt: '2026-11-27T10:00:00.000Z',
  state,
});

describe("today's labels for a SCAN form", () => {
  it('groups labels by sender address as the form does (case and spacing aside), keeping their order', () => {
    const groups = groupBySender([label('1', 'Acme'), label('2', 'Other Co'), label('3', 'ACME'), label('4', 'Acme  ')]);
    expect(groups.map((group) => [group.title, group.labels.map((l) => l.orderId)])).toEqual([
      ['Acme, 12 Main St, Columbus, OH 43215', ['1', '3', '4']],
      ['Other Co, 12 Main St, Columbus, OH 43215', ['2']],
    ]);
  });

  it('starts with every available label chosen, never a voided one or one on a form', () => {
    expect([...availableIds([label('1', 'A'), label('2', 'A', 'voided'), label('3', 'A', 'on_form'), label('4', 'A')])]).toEqual(['1', '4']);
  });

  it("turns a group's available labels on and off together and says when only some are chosen", () => {
    const [group] = groupBySender([label('1', 'A'), label('2', 'A'), label('3', 'A', 'voided')]);
    if (!group) throw new Error('no group');
    expect(groupChoice(group, new Set())).toBe(false);
    expect(groupChoice(group, new Set(['1']))).toBe('indeterminate');
    const all = withGroup(new Set(['other']), group, true);
    expect([...all].sort()).toEqual(['1', '2', 'other']);
    expect(groupChoice(group, all)).toBe(true);
    expect([...withGroup(all, group, false)]).toEqual(['other']);
  });
});
