import { cellNames, nextLayoutMode } from './responsive-table-layout';

describe('nextLayoutMode', () => {
  it('keeps a table that fits its frame', () => {
    const table = { kind: 'table' } as const;
    expect(nextLayoutMode(table, { available: 800, needed: 800 })).toBe(table);
  });

  it('turns a table wider than its frame into cards, remembering the width it needed', () => {
    expect(nextLayoutMode({ kind: 'table' }, { available: 774, needed: 1155 })).toEqual({ kind: 'cards', tableWidth: 1155 });
  });

  it('stays in cards while the frame is narrower than the table needed, whatever the cards measure', () => {
    const cards = { kind: 'cards', tableWidth: 1155 } as const;
    expect(nextLayoutMode(cards, { available: 1150, needed: 1150 })).toBe(cards);
  });

  it('goes back to a table once the frame is as wide as the table needed', () => {
    expect(nextLayoutMode({ kind: 'cards', tableWidth: 1155 }, { available: 1155, needed: 1155 })).toEqual({ kind: 'table' });
  });
});

describe('cellNames', () => {
  const headers = [
    { name: 'No.', span: 1 },
    { name: 'Name', span: 1 },
    { name: 'Deposited', span: 1 },
    { name: 'Actions', span: 1 },
  ];

  it('names each cell after the header of its column', () => {
    expect(cellNames(headers, [1, 1, 1, 1])).toEqual(['No.', 'Name', 'Deposited', 'Actions']);
  });

  it('leaves a cell spanning several columns unnamed and names the cells after it by their own column', () => {
    expect(cellNames(headers, [2, 1, 1])).toEqual(['', 'Deposited', 'Actions']);
  });

  it('leaves cells under a header spanning several columns, and cells past the last header, unnamed', () => {
    expect(cellNames([{ name: 'Both', span: 2 }], [1, 1, 1])).toEqual(['', '', '']);
  });
});
