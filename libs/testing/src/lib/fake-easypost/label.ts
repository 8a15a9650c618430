import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface FakeLabelContent {
  trackingCode: string;
  /** The courier, as EasyPost names its account (`USPS`, `UPS`, `FedEx`, `DHL Express`). */
  carrier: string;
  /** EasyPost's service name (`Priority`, …). */
  service: string;
  toLines: string[];
  fromLines: string[];
}

/** 4 x 6 in at 72 points per inch. */
const WIDTH = 288;
const HEIGHT = 432;

/** The standard fonts encode WinAnsi only: anything else would make pdf-lib throw, so it is replaced. */
const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

/** `9400100110368068953228` → `9400 1001 1036 8068 9532 28`, as USPS prints tracking numbers. */
const grouped = (trackingCode: string): string => trackingCode.replace(/(.{4})/g, '$1 ').trim();

/**
 * A one-page 4x6 PDF that says on its face it is a test label from the fake (and carries no barcode), so nobody
 * takes it for postage.
 */
export const renderFakeLabel = async (content: FakeLabelContent): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`EasyPost test label ${content.trackingCode}`);
  pdf.setProducer('LabelDesk fake EasyPost');
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const black = rgb(0, 0, 0);

  page.drawRectangle({ x: 8, y: 8, width: WIDTH - 16, height: HEIGHT - 16, borderColor: black, borderWidth: 2 });
  page.drawText('EASYPOST TEST', { x: 24, y: HEIGHT - 52, size: 28, font: bold, color: black });
  page.drawText('NOT POSTAGE - DO NOT MAIL', { x: 24, y: HEIGHT - 74, size: 14, font: bold, color: rgb(0.7, 0, 0) });
  page.drawText(printable(`${content.carrier.toUpperCase()} ${content.service.toUpperCase()}`), { x: 24, y: HEIGHT - 104, size: 12, font: bold });

  let y = HEIGHT - 134;
  const block = (title: string, lines: string[], size: number) => {
    page.drawText(title, { x: 24, y, size: 8, font: bold });
    y -= size + 4;
    for (const line of lines) {
      page.drawText(printable(line), { x: 24, y, size, font: regular });
      y -= size + 3;
    }
    y -= 10;
  };
  block('FROM', content.fromLines, 9);
  block('SHIP TO', content.toLines, 12);

  page.drawText('TRACKING #', { x: 24, y: 74, size: 9, font: bold });
  page.drawText(grouped(content.trackingCode), { x: 24, y: 56, size: 13, font: bold });
  page.drawText('Issued by the fake EasyPost server for tests.', { x: 24, y: 30, size: 8, font: regular });
  return Buffer.from(await pdf.save());
};

/** ZPL field data cannot hold `^` or `~` (command prefixes) and printers take 7-bit text: anything else is replaced. */
const zplText = (text: string): string => text.replace(/[^\x20-\x7e]|[\^~]/g, '?');

/**
 * A 4x6 ZPL II label at 203 dpi (812 x 1218 dots), ^XA … ^XZ: EASYPOST TEST across the top, the addresses, and the
 * tracking code as a Code 128 barcode (^BC) above it in digits, as a thermal printer would print it.
 */
export const renderFakeZplLabel = (content: FakeLabelContent): Buffer => {
  const lines: string[] = ['^XA', '^PW812', '^LL1218', '^CI28', '^FO20,20^GB772,1178,4^FS'];
  lines.push('^FO50,50^A0N,70,70^FDEASYPOST TEST^FS', '^FO50,130^A0N,34,34^FDNOT POSTAGE - DO NOT MAIL^FS');
  lines.push(`^FO50,180^A0N,30,30^FD${zplText(`${content.carrier.toUpperCase()} ${content.service.toUpperCase()}`)}^FS`);
  let y = 240;
  const block = (title: string, blockLines: string[], size: number) => {
    lines.push(`^FO50,${y}^A0N,22,22^FD${title}^FS`);
    y += 30;
    for (const line of blockLines) {
      lines.push(`^FO50,${y}^A0N,${size},${size}^FD${zplText(line)}^FS`);
      y += size + 6;
    }
    y += 20;
  };
  block('FROM', content.fromLines, 24);
  block('SHIP TO', content.toLines, 34);
  lines.push('^FO50,880^A0N,24,24^FDTRACKING #^FS');
  lines.push(`^FO50,920^BY3^BCN,160,N,N,N^FD${zplText(content.trackingCode)}^FS`);
  lines.push(`^FO50,1100^A0N,34,34^FD${zplText(grouped(content.trackingCode))}^FS`);
  lines.push('^FO50,1150^A0N,20,20^FDIssued by the fake EasyPost server for tests.^FS', '^XZ');
  return Buffer.from(lines.join('\n'), 'latin1');
};
