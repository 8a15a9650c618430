import { Injectable, Logger } from '@nestjs/common';
import type { Caller, FileInfo, LabelSize } from '@labeldesk/contracts';
import { FileRepository, type StoredFileEntity } from '../files';
import { LabelSettingsRepository } from './label-settings.repository';
import { labelOnLetter } from './letter-layout';

const PDF = 'application/pdf';

/** Said beside a label that stayed 4×6 because its PDF could not be read to place it on a sheet. */
export const NOT_ON_LETTER = 'This label could not be placed on Letter paper, so it downloads as the carrier made it (4×6). Print it at 100 %.';

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** `Label_9400….pdf` → `Label_9400…_letter.pdf`: the Letter copy's name, found again on the next download. */
export const letterFileName = (labelName: string): string => `${labelName.replace(/\.pdf$/i, '')}_letter.pdf`;

/**
 * The paper a single label downloads on (decision 096): the one asked for this once, else the caller's label size. A
 * Letter copy of a PDF label is made on its first download and kept beside the label under its own name, so later
 * downloads (and re-downloads) read it back; the carrier's 4×6 file is never changed. ZPL and other files pass.
 */
@Injectable()
export class LabelPaper {
  constructor(
    private readonly files: FileRepository,
    private readonly settings: LabelSettingsRepository,
  ) {}

  private readonly logger = new Logger(LabelPaper.name);

  async onPaper(label: FileInfo, caller: Caller, asked: LabelSize | undefined): Promise<FileInfo> {
    if (label.status !== 'ready' || label.contentType !== PDF) return label;
    const size = asked ?? (await this.settings.labelSize(caller.userId));
    if (size === '4x6') return label;
    const source = await this.files.findInfo(label.fileId);
    if (!source) return label;
    const name = letterFileName(source.name);
    const made = (await this.files.findByOwnerAndName(source.ownerId, name)) ?? (await this.makeLetterCopy(source.id, source.ownerId, source.sizeBytes, name));
    // A carrier PDF pdf-lib cannot read still downloads, as the carrier made it, saying why it is not on Letter.
    if (!made) return { ...label, notice: NOT_ON_LETTER };
    return { status: 'ready', fileId: made.id, fileName: made.name, contentType: PDF, sizeBytes: made.sizeBytes, ...(label.notice ? { notice: label.notice } : {}) };
  }

  private async makeLetterCopy(fileId: string, ownerId: string, sizeBytes: number, name: string): Promise<StoredFileEntity | null> {
    const bytes = (await this.files.readChunk(fileId, 0, Math.max(1, sizeBytes))) ?? Buffer.alloc(0);
    let letter: Uint8Array;
    try {
      letter = await labelOnLetter(bytes);
    } catch (error) {
      this.logger.warn(`label file ${fileId} could not be put on Letter paper: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    return this.files.saveStream(ownerId, name, PDF, oneChunk(letter));
  }
}
