import { csvLine, safeCell, safeTsvCell, tsvLine } from './safe-cell';

describe('safeCell', () => {
  it.each(['=1+2', '+1+2', '-1+2', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '\0x', '=HYPERLINK("http://evil","x")'])(
    'prefixes %j with a single quote so a spreadsheet shows it as text',
    (value) => {
      expect(safeCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('prefixes a cell starting with a pipe, a DDE call in Excel, like the other operators', () => {
    expect(safeCell("|cmd '/C calc'!A0")).toBe("'|cmd '/C calc'!A0");
    expect(safeCell(' |x')).toBe("' |x");
    expect(safeCell('\uff5cx')).toBe("'\uff5cx");
    expect(safeTsvCell('|x')).toBe("'|x");
    expect(safeCell('a|b')).toBe('a|b');
  });

  it('prefixes a formula hidden behind leading blanks and the full-width operators', () => {
    expect(safeCell('  =1+2')).toBe("'  =1+2");
    expect(safeCell('\uff1d1+2')).toBe("'\uff1d1+2");
  });

  it('leaves plain negative and positive decimal numbers alone: they can only be read as numbers', () => {
    expect(safeCell('-12.5')).toBe('-12.5');
    expect(safeCell('-3')).toBe('-3');
    expect(safeCell('42')).toBe('42');
    expect(safeCell(-7)).toBe('-7');
    expect(safeCell(12n)).toBe('12');
  });

  it('still prefixes what only looks like a number: an operator, an exponent, a cell reference or a sign', () => {
    expect(safeCell('-1+1')).toBe("'-1+1");
    expect(safeCell('-2e3')).toBe("'-2e3");
    expect(safeCell('-A1')).toBe("'-A1");
    expect(safeCell('+1')).toBe("'+1");
  });

  it('leaves ordinary text alone, including a minus or an at sign after the first character', () => {
    expect(safeCell('Jane Doe')).toBe('Jane Doe');
    expect(safeCell('WID-BLU-001')).toBe('WID-BLU-001');
    expect(safeCell('jane@example.com')).toBe('jane@example.com');
  });

  it('writes null and undefined as an empty cell', () => {
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break and doubles its quotes (RFC 4180)', () => {
    expect(safeCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(safeCell('12" box')).toBe('"12"" box"');
    expect(safeCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(safeCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it('quotes a cell with a semicolon, so Excel in a ;-separated locale does not split it into an unchecked cell', () => {
    expect(safeCell('a;=1+2')).toBe('"a;=1+2"');
  });

  it('escapes and quotes together, as in the OWASP example', () => {
    expect(safeCell('=1+2";=1+2')).toBe('"\'=1+2"";=1+2"');
  });
});

describe('safeTsvCell', () => {
  it('turns tabs and line breaks inside a value into single spaces, so the row keeps its columns', () => {
    expect(safeTsvCell('Priority\tMail\r\nExpress')).toBe('Priority Mail Express');
  });

  it('checks for a formula after removing them, on what is actually written', () => {
    expect(safeTsvCell('\t=1+2')).toBe("'=1+2");
    expect(safeTsvCell('\n@cmd')).toBe("'@cmd");
  });

  it('does not quote: flat files have no quoting, a quote is an ordinary character there', () => {
    expect(safeTsvCell('12" box, blue')).toBe('12" box, blue');
  });

  it('keeps numbers and empty cells as safeCell does', () => {
    expect(safeTsvCell(3)).toBe('3');
    expect(safeTsvCell('-3')).toBe('-3');
    expect(safeTsvCell(null)).toBe('');
  });
});

describe('csvLine and tsvLine', () => {
  it('join safe cells with the separator and end the record with CRLF', () => {
    expect(csvLine(['a', '=b', 'c,d', 1])).toBe('a,\'=b,"c,d",1\r\n');
    expect(tsvLine(['a', '=b', 'c\td', 1])).toBe("a\t'=b\tc d\t1\r\n");
  });
});
