import { z } from 'zod';
import { draftCellError, startDraft, withValue } from './row-draft';

const schema = z.object({ name: z.string().min(1, 'Name is required'), zip: z.string().regex(/^\d{5}$/, 'ZIP must be 5 digits') });

describe('an edited row draft', () => {
  it('shows no errors for cells the user has not typed in before Save is tried', () => {
    const draft = startDraft('row-1', { name: '', zip: 'abc' });
    const result = schema.safeParse(draft.values);
    expect(draftCellError(draft, result, 'name')).toBeUndefined();
    expect(draftCellError(draft, result, 'zip')).toBeUndefined();
  });

  it("shows a typed-in cell's error while leaving the untouched cells quiet", () => {
    const draft = withValue(startDraft('row-1', { name: '', zip: '12345' }), 'zip', '12');
    const result = schema.safeParse(draft.values);
    expect(draftCellError(draft, result, 'zip')).toBe('ZIP must be 5 digits');
    expect(draftCellError(draft, result, 'name')).toBeUndefined();
  });

  it('shows every failing cell once Save was tried', () => {
    const draft = { ...startDraft('row-1', { name: '', zip: 'abc' }), submitted: true };
    const result = schema.safeParse(draft.values);
    expect(draftCellError(draft, result, 'name')).toBe('Name is required');
    expect(draftCellError(draft, result, 'zip')).toBe('ZIP must be 5 digits');
  });

  it('shows no error for a cell that passes', () => {
    const draft = { ...withValue(startDraft('row-1', { name: 'HQ', zip: 'abc' }), 'name', 'HQ2'), submitted: true };
    expect(draftCellError(draft, schema.safeParse(draft.values), 'name')).toBeUndefined();
  });

  it('keeps the other values when one cell changes', () => {
    const draft = withValue(startDraft('row-1', { name: 'HQ', zip: '12345' }), 'name', 'Depot');
    expect(draft).toEqual({ id: 'row-1', values: { name: 'Depot', zip: '12345' }, touched: { name: true }, submitted: false });
  });
});
