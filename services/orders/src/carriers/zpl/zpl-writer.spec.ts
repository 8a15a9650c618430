import {
  barcodeDefaults,
  code128,
  endFormat,
  fieldBlock,
  fieldData,
  fieldOrigin,
  fieldReverse,
  graphicBox,
  gs1128Data,
  LABEL_4X6_DOTS,
  labelLength,
  printWidth,
  rawFieldData,
  scalableFont,
  startFormat,
  utf8Encoding,
  zplLabel,
} from './zpl-writer';

describe('ZPL writer', () => {
  it('opens and closes a label format with ^XA and ^XZ', () => {
    expect(startFormat()).toBe('^XA');
    expect(endFormat()).toBe('^XZ');
  });

  it('declares UTF-8 field data with ^CI28', () => {
    expect(utf8Encoding()).toBe('^CI28');
  });

  it('sizes a 4x6 in label at 203 dpi as ^PW812 and ^LL1218', () => {
    expect(printWidth(LABEL_4X6_DOTS.width)).toBe('^PW812');
    expect(labelLength(LABEL_4X6_DOTS.length)).toBe('^LL1218');
  });

  it('places a field with ^FO in whole dots and refuses a negative coordinate', () => {
    expect(fieldOrigin(22.4, 304.6)).toBe('^FO22,305');
    expect(() => fieldOrigin(-1, 0)).toThrow(/x must be a non-negative/);
  });

  it('chooses the scalable font 0 upright with ^A0N, square unless a width is given', () => {
    expect(scalableFont(34)).toBe('^A0N,34,34');
    expect(scalableFont(34, 28)).toBe('^A0N,34,28');
  });

  it('writes a one-line justified field block with ^FB and a reversed field with ^FR', () => {
    expect(fieldBlock(812, 'C')).toBe('^FB812,1,0,C');
    expect(fieldReverse()).toBe('^FR');
  });

  it('escapes ^, ~ and the hex indicator in field data with ^FH, so text never starts a command', () => {
    expect(fieldData('JANE DOE')).toBe('^FH_^FDJANE DOE^FS');
    expect(fieldData('A^XZ~JA_1')).toBe('^FH_^FDA_5EXZ_7EJA_5F1^FS');
  });

  it('writes line breaks and control characters of field data as one space, and keeps UTF-8 text as it is', () => {
    expect(fieldData('Name\r\nc/o\tDesk')).toBe('^FH_^FDName c/o Desk^FS');
    expect(fieldData('José Müller')).toBe('^FH_^FDJosé Müller^FS');
  });

  it('refuses raw field data holding a command prefix', () => {
    expect(rawFieldData('>;>842010001')).toBe('^FD>;>842010001^FS');
    expect(() => rawFieldData('12^XZ')).toThrow(/may not hold/);
  });

  it('draws boxes and lines with ^GB, never smaller than their border', () => {
    expect(graphicBox(812, 6, 6)).toBe('^GB812,6,6,B,0^FS');
    expect(graphicBox(287, 62, 62)).toBe('^GB287,62,62,B,0^FS');
    expect(graphicBox(0, 203, 4)).toBe('^GB4,203,4,B,0^FS');
    expect(graphicBox(100, 50, 2, 'W')).toBe('^GB100,50,2,W,0^FS');
  });

  it('sets the module width, ratio and bar height with ^BY, within the 1..10 dots ZPL allows', () => {
    expect(barcodeDefaults(3, 152)).toBe('^BY3,3.0,152');
    expect(() => barcodeDefaults(0, 152)).toThrow(/1\.\.10/);
    expect(() => barcodeDefaults(1.5, 152)).toThrow(/1\.\.10/);
  });

  it('writes Code 128 with ^BC upright, no interpretation line, no UCC check digit, mode N', () => {
    expect(code128(152)).toBe('^BCN,152,N,N,N,N');
  });

  it('encodes an IMpb element string as GS1-128: start C + FNC1, digit pairs, FNC1 after the routing code', () => {
    expect(gs1128Data('(420)10001(92)05599999999900000017')).toBe('>;>842010001>89205599999999900000017');
    expect(gs1128Data('(420)100011234(92)055999999999000000123456')).toBe('>;>8420100011234>892055999999999000000123456');
  });

  it('puts an odd digit in subset B and switches back to C for the next element string', () => {
    expect(gs1128Data('(420)1234(92)12')).toBe('>;>8420123>64>5>89212');
  });

  it('refuses anything but an all-digit GS1 element string', () => {
    expect(() => gs1128Data('42010001')).toThrow(/element string expected/);
    expect(() => gs1128Data('(420)ABC')).toThrow(/all-digit/);
  });

  it('joins commands into one ^XA … ^XZ label, a command per line', () => {
    expect(zplLabel([printWidth(812), fieldOrigin(0, 0) + fieldData('x')])).toBe('^XA\n^PW812\n^FO0,0^FH_^FDx^FS\n^XZ\n');
  });
});
