import type { BatchLabel } from '@labeldesk/contracts';
import { EMPTY_SELECTION, pageSelectionState, selectionTotal, toggleLabel, togglePage, voidableLabels } from './label-selection';

const label = (row: number, overrides: Partial<BatchLabel> = {}): BatchLabel => ({
  itemId: `i${row}`,
  row,
  trackingNumber: `9400000000000000000${row}`,
  receiverName: `Receiver ${row}`,
  serviceName: 'USPS Ground Advantage',
  price: 800 + row,
  state: 'purchased',
  trackingStatus: null,
  reason: null,
  ...overrides,
});

const page = [label(1), label(2, { trackingStatus: 'in_transit' }), label(3, { state: 'voided' }), label(4, { trackingStatus: 'pre_transit' })];

describe('label selection', () => {
  it('offers only labels that can still be voided', () => {
    expect(voidableLabels(page).map((l) => l.row)).toEqual([1, 4]);
  });

  it('selects the whole page as its voidable labels and adds their prices', () => {
    const all = togglePage(EMPTY_SELECTION, page, true);
    expect([...all.keys()]).toEqual([page[0]?.trackingNumber, page[3]?.trackingNumber]);
    expect(selectionTotal(all)).toBe(801 + 804);
    expect(pageSelectionState(all, page)).toBe(true);
  });

  it('reads indeterminate when only some voidable labels are picked, and unchecked when none', () => {
    const one = toggleLabel(EMPTY_SELECTION, label(1), true);
    expect(pageSelectionState(one, page)).toBe('indeterminate');
    expect(pageSelectionState(toggleLabel(one, label(1), false), page)).toBe(false);
  });

  it('keeps picks from other pages when a page is cleared', () => {
    const other = toggleLabel(EMPTY_SELECTION, label(150), true);
    const cleared = togglePage(togglePage(other, page, true), page, false);
    expect([...cleared.keys()]).toEqual([label(150).trackingNumber]);
    expect(selectionTotal(cleared)).toBe(950);
  });
});
