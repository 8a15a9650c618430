import type { ScanFormSummary, TodayFormLabel } from '@labeldesk/contracts';
import { availableIds, emptyDayText, groupBySender, groupChoice, groupNotice, splitForms, withGroup } from './today-form-groups';

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
    expect([...availableIds([label('1', 'A'), label('2', 'A', 'voided'), label('3', 'A', 'on_form'), label('4', 'A'), label('5', 'A', 'on_unconfirmed_form')])]).toEqual(['1', '4']);
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

  const UNCONFIRMED = 'USPS has not confirmed this SCAN form; an operator is checking it. Do not hand these labels over on another form.';

  it('tells a group whose labels are on a form USPS has not confirmed, in plain words, which labels they are', () => {
    const [held, clear] = groupBySender([label('1', 'A', 'on_unconfirmed_form'), label('2', 'A'), label('3', 'A', 'on_unconfirmed_form'), label('4', 'B', 'on_form')]);
    if (!held || !clear) throw new Error('no group');

    expect(groupNotice(held)).toEqual({ key: held.key, text: UNCONFIRMED, trackingNumbers: ['94001', '94003'] });
    expect(groupNotice(clear)).toBeNull();
  });

  it('downloads the made forms of an answer and shows the unconfirmed one, which has no file, apart', () => {
    const form = (id: string, state: ScanFormSummary['state']): ScanFormSummary => ({
      id,
      carrier: 'usps',
      state,
      mailingDate: '2026-11-27',
      barcode: state === 'created' ? '9475711201080329405718' : '',
      sender: label(id, 'A').sender,
      count: 1,
      trackingNumbers: [`9400${id}`],
      downloadPath: state === 'created' ? `/api/orders/download/scan-form/${id}` : null,
    });

    const { downloads, unconfirmed } = splitForms([form('f1', 'created'), form('f2', 'unconfirmed')]);

    expect(downloads.map((f) => f.downloadPath)).toEqual(['/api/orders/download/scan-form/f1']);
    expect(unconfirmed).toEqual([{ key: 'f2', text: UNCONFIRMED, trackingNumbers: ['9400f2'] }]);
  });
});

describe('emptyDayText', () => {
  it('says why a day of UPS and FedEx labels has nothing for a SCAN form, and keeps the spec words for a day without labels', () => {
    expect(emptyDayText('UPS and FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.')).toBe(
      'No USPS label was bought today. UPS and FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.',
    );
    expect(emptyDayText(undefined)).toBe('No single label was bought today, so there is nothing for a SCAN form.');
  });
});
