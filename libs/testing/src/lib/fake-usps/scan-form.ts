import { PDFDocument, StandardFonts } from 'pdf-lib';
import { z } from 'zod';

/**
 * The fake's SCAN Forms 3.0 (`POST /scan-forms/v3/scan-form`, form 5630 of labels by tracking number): the request
 * as USPS/api-examples `SCANForm-LabelShipment-request.json` shapes it, and a one-page PDF that says it is a test.
 */
export const scanFormRequestSchema = z.object({
  form: z.literal('5630'),
  imageType: z.enum(['PDF', 'TIFF']),
  labelType: z.literal('8.5x11LABEL'),
  mailingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  entryFacilityZIPCode: z.string().regex(/^\d{5}$/).optional(),
  shipment: z.object({ trackingNumbers: z.array(z.string()).min(1) }),
  fromAddress: z.object({
    streetAddress: z.string().min(1),
    secondaryAddress: z.string().optional(),
    city: z.string().min(1),
    state: z.string().length(2),
    ZIPCode: z.string().regex(/^\d{5}$/),
    ZIPPlus4: z.string().regex(/^\d{4}$/).optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    firm: z.string().optional(),
  }),
});
export type FakeScanFormRequest = z.infer<typeof scanFormRequestSchema>;

export const scanFormPdf = async (number: string, request: FakeScanFormRequest): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = [`TEST PS Form 5630 ${number}`, `Mailing date ${request.mailingDate}`, `Packages ${request.shipment.trackingNumbers.length}`, ...request.shipment.trackingNumbers];
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 14, size: 10, font }));
  return Buffer.from(await doc.save());
};
