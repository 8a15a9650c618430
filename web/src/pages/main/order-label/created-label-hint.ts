/** What to do with the file: a ZPL label goes to a thermal printer, not a PDF viewer. */
export const createdLabelHint = (fileName: string): string =>
  fileName.endsWith('.zpl')
    ? 'The price was taken from your balance. Download the ZPL label and send it to your thermal printer.'
    : 'The price was taken from your balance. Download the label PDF and print it.';
