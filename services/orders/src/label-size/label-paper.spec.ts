import type { Caller, FileInfo, LabelSize } from '@labeldesk/contracts';
import { PDFDocument } from 'pdf-lib';
import { renderLabel } from '../carriers';
import { labelInput } from '../carriers/testing/label-fixtures';
import type { FileRepository, StoredFileEntity } from '../files';
import { LabelPaper, letterFileName, NOT_ON_LETTER } from './label-paper';
import type { LabelSettingsRepository } from './label-settings.repository';

const seller: Caller = { userId: 'seller', role: 'user' };

/** Files kept in memory as the repository keeps them: by id, found again by owner and name. */
const memoryFiles = (labelPdf: Buffer) => {
  const stored = new Map<string, StoredFileEntity & { bytes: Buffer }>();
  const put = (id: string, name: string, contentType: string, bytes: Buffer) => {
    const file = { id, ownerId: 'seller', name, contentType, sizeBytes: bytes.length, bytes } as StoredFileEntity & { bytes: Buffer };
    stored.set(id, file);
    return file;
  };
  put('label', 'label_9405.pdf', 'application/pdf', labelPdf);
  put('zpl', 'label_9405.zpl', 'text/plain', Buffer.from('^XA^XZ'));
  let saves = 0;
  const repository = {
    findInfo: async (id: string) => stored.get(id) ?? null,
    findByOwnerAndName: async (ownerId: string, name: string) => [...stored.values()].find((f) => f.ownerId === ownerId && f.name === name) ?? null,
    readChunk: async (id: string, offset: number, length: number) => stored.get(id)?.bytes.subarray(offset, offset + length) ?? null,
    saveStream: async (_ownerId: string, name: string, contentType: string, source: AsyncIterable<Uint8Array>) => {
      const chunks: Buffer[] = [];
      for await (const chunk of source) chunks.push(Buffer.from(chunk));
      saves += 1;
      return put(`copy-${saves}`, name, contentType, Buffer.concat(chunks));
    },
  } as unknown as FileRepository;
  return { repository, stored, saves: () => saves };
};

const ready = (fileId: string, fileName: string, contentType = 'application/pdf'): FileInfo => ({ status: 'ready', fileId, fileName, contentType, sizeBytes: 1 });
const preferring = (labelSize: LabelSize) => ({ labelSize: async () => labelSize }) as unknown as LabelSettingsRepository;

let labelPdf: Buffer;
beforeAll(async () => {
  labelPdf = await renderLabel(labelInput());
});

describe('the paper a single label downloads on', () => {
  it('answers the carrier\'s 4×6 file itself to a seller who prints 4×6', async () => {
    const files = memoryFiles(labelPdf);
    const label = ready('label', 'label_9405.pdf');
    await expect(new LabelPaper(files.repository, preferring('4x6')).onPaper(label, seller, undefined)).resolves.toEqual(label);
    expect(files.saves()).toBe(0);
  });

  it('answers a Letter copy to a seller who prints on Letter, made once and read again on every later download', async () => {
    const files = memoryFiles(labelPdf);
    const paper = new LabelPaper(files.repository, preferring('letter'));
    const first = await paper.onPaper(ready('label', 'label_9405.pdf'), seller, undefined);
    const again = await paper.onPaper(ready('label', 'label_9405.pdf'), seller, undefined);
    expect(first).toMatchObject({ status: 'ready', fileName: 'label_9405_letter.pdf', contentType: 'application/pdf' });
    expect(again).toEqual(first);
    expect(files.saves()).toBe(1);
    const copy = files.stored.get(first.status === 'ready' ? first.fileId : '');
    const sheet = await PDFDocument.load(copy?.bytes ?? Buffer.alloc(0));
    expect(sheet.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(first.status === 'ready' && first.sizeBytes).toBe(copy?.bytes.length);
    // The carrier's own file is left as it was.
    expect(files.stored.get('label')?.bytes).toBe(labelPdf);
  });

  it('follows the size asked for one download over the preference, either way', async () => {
    const files = memoryFiles(labelPdf);
    await expect(new LabelPaper(files.repository, preferring('letter')).onPaper(ready('label', 'label_9405.pdf'), seller, '4x6')).resolves.toMatchObject({ fileId: 'label' });
    await expect(new LabelPaper(files.repository, preferring('4x6')).onPaper(ready('label', 'label_9405.pdf'), seller, 'letter')).resolves.toMatchObject({
      fileName: 'label_9405_letter.pdf',
    });
  });

  it('leaves a ZPL label and a label still being bought as they are, whatever the size', async () => {
    const files = memoryFiles(labelPdf);
    const paper = new LabelPaper(files.repository, preferring('letter'));
    const zpl = ready('zpl', 'label_9405.zpl', 'text/plain');
    await expect(paper.onPaper(zpl, seller, 'letter')).resolves.toEqual(zpl);
    await expect(paper.onPaper({ status: 'processing' }, seller, 'letter')).resolves.toEqual({ status: 'processing' });
    expect(files.saves()).toBe(0);
  });

  it('answers the carrier\'s file with a notice, and stores nothing, when its PDF cannot be put on a sheet', async () => {
    const files = memoryFiles(Buffer.from('%PDF-1.4 not really a PDF'));
    const label = ready('label', 'label_9405.pdf');
    await expect(new LabelPaper(files.repository, preferring('letter')).onPaper(label, seller, undefined)).resolves.toEqual({ ...label, notice: NOT_ON_LETTER });
    expect(files.saves()).toBe(0);
  });

  it('names the Letter copy after the label', () => {
    expect(letterFileName('label_9405_x.pdf')).toBe('label_9405_x_letter.pdf');
    expect(letterFileName('Label.PDF')).toBe('Label_letter.pdf');
  });
});
