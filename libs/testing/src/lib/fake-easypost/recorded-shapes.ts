import { EASYPOST_RECORDED_FILES, easyPostRecordedEntries, easyPostRecordedWebhook, isDocumentedOnly } from './recorded';
import { ShapeBook, type ShapeAllowance } from './shapes';

/**
 * Where EasyPost documents more than the recordings show (easypost-node `types/`, same commit as the cassettes): the
 * fake may answer these, and nothing else the recordings lack.
 */
const DOCUMENTED: ReadonlyArray<ShapeAllowance & { source: string }> = [
  // Every recorded label was a PNG; a PDF asked for (or converted to) is named here.
  { kind: 'PostageLabel', path: ['label_pdf_url'], types: ['string'], source: 'types/Shipment/PostageLabel.d.ts: label_pdf_url: string' },
  // The options are what the request sent, echoed (the recording echoes invoice_number), and all optional.
  { kind: 'Shipment', path: ['options'], open: true, source: 'types/Shipment/Options/Options.d.ts: every option is `?:`' },
  { kind: 'ScanForm', path: ['message'], types: ['string'], source: 'types/ScanForm/ScanForm.d.ts: message, "explaining any failures"' },
  ...(['name', 'company', 'phone', 'email', 'street2'] as const).map((field) => ({
    kind: 'Address',
    path: [field],
    types: ['string', 'null'] as const,
    source: `types/Address/Address.d.ts: ${field}?: string | null`,
  })),
  // An international shipment carries the CustomsInfo it was created with (the recorded one is null: a domestic label).
  { kind: 'Shipment', path: ['customs_info'], types: ['object'], kinds: ['CustomsInfo'], source: 'types/Shipment/Shipment.d.ts: customs_info?: ICustomsInfo | null' },
  // A form sent electronically has `submitted_electronically: true` (EasyPost's documented commercial invoice forms).
  { kind: 'Form', path: ['submitted_electronically'], types: ['boolean'], source: 'types/Shipment/Form.d.ts: submitted_electronically' },
  ...(['length', 'width', 'height'] as const).map((field) => ({ kind: 'Parcel', path: [field], types: ['null'] as const, source: `types/Parcel/Parcel.d.ts: ${field}?: number | null` })),
  // A decided claim's reimbursement (every recorded claim was just submitted).
  { kind: 'Claim', path: ['approved_amount'], types: ['string'], source: 'types/Claim/Claim.d.ts: approved_amount: string | null' },
  // A Flat Rate box or envelope asked by name (decision 112); every recorded parcel was measured instead.
  { kind: 'Parcel', path: ['predefined_package'], types: ['string'], source: 'types/Parcel/Parcel.d.ts: predefined_package?: string | null' },
];

let book: ShapeBook | undefined;

const recordedBook = (): ShapeBook => {
  if (book) return book;
  book = new ShapeBook();
  for (const file of EASYPOST_RECORDED_FILES) for (const entry of easyPostRecordedEntries(file)) if (!isDocumentedOnly(entry)) book.learn(entry.body);
  book.learn(JSON.parse(easyPostRecordedWebhook().rawBody) as unknown);
  for (const allowance of DOCUMENTED) book.allow(allowance);
  return book;
};

/** How an answer departs from EasyPost's recorded bodies of its kind; empty when it conforms. */
export const easyPostShapeViolations = (body: unknown): string[] => recordedBook().violations(body);
