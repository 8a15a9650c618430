import { createdLabelHint } from './created-label-hint';

describe('what the Label Created dialog says to do with the file', () => {
  it('says to print the PDF for a PDF label', () => {
    expect(createdLabelHint('label_9405_ab12.pdf')).toBe('The price was taken from your balance. Download the label PDF and print it.');
  });

  it('says to send a ZPL label to the thermal printer, never to download a PDF', () => {
    const hint = createdLabelHint('label_9405_ab12.zpl');
    expect(hint).toBe('The price was taken from your balance. Download the ZPL label and send it to your thermal printer.');
    expect(hint).not.toContain('PDF');
  });
});
