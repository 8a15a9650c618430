import { PDFDocument } from 'pdf-lib';

/**
 * A label's PDF with every page of its customs forms after it, in printing order: the label page first (it goes on
 * the parcel), then each form's pages (they go in the pouch). EasyPost's forms (decision 099) and the sandbox's forms
 * on domestic labels to APO/FPO/DPO and the territories (decision 123) are merged this way.
 */
export const mergeLabelAndForms = async (label: Buffer, forms: readonly Buffer[]): Promise<Buffer> => {
  if (forms.length === 0) return label;
  const merged = await PDFDocument.create();
  for (const file of [label, ...forms]) {
    const source = await PDFDocument.load(file);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
};
