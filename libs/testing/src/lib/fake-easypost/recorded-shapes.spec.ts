import { EASYPOST_RECORDED_FILES, easyPostRecorded, easyPostRecordedEntries, easyPostRecordedWebhook, isDocumentedOnly } from './recorded';
import { easyPostShapeViolations } from './recorded-shapes';

type Json = Record<string, unknown>;

const bought = () => easyPostRecorded('shipment', 'bought').body as Json;

describe("EasyPost's recorded shapes", () => {
  it('take every recorded body, and the recorded webhook event, as they are', () => {
    const bodies = [...EASYPOST_RECORDED_FILES.flatMap((file) => easyPostRecordedEntries(file).filter((entry) => !isDocumentedOnly(entry)).map((entry) => entry.body)), JSON.parse(easyPostRecordedWebhook().rawBody) as unknown];
    expect(bodies.flatMap(easyPostShapeViolations)).toEqual([]);
  });

  it('name a key the recordings lack, and one they always have that is missing', () => {
    const { usps_zone: _zone, ...withoutZone } = bought();
    expect(easyPostShapeViolations({ ...withoutZone, label_format: 'PDF' })).toEqual(['Shipment.label_format: not in the recordings', 'Shipment.usps_zone: missing, where every recording has it']);
  });

  it('follow nested objects by their kind wherever they sit', () => {
    const shipment = bought();
    const tracker = shipment['tracker'] as Json;
    expect(easyPostShapeViolations({ ...shipment, tracker: { ...tracker, status: 3 } })).toEqual(['Shipment.tracker.status: number, where the recordings have string']);
    expect(easyPostShapeViolations({ ...tracker, tracking_details: [{ object: 'TrackingDetail', message: 'Accepted' }] })).toEqual(
      expect.arrayContaining(['Tracker.tracking_details[0].datetime: missing, where every recording has it']),
    );
  });

  it('allow null only where a recording has null or EasyPost documents it', () => {
    const shipment = bought();
    expect(easyPostShapeViolations({ ...shipment, tracking_code: null, postage_label: null })).toEqual([]);
    expect(easyPostShapeViolations({ ...shipment, rates: null })).toEqual(['Shipment.rates: null, where the recordings have array']);
    const label = shipment['postage_label'] as Json;
    expect(easyPostShapeViolations({ ...shipment, postage_label: { ...label, label_pdf_url: 'https://files.example/label.pdf', label_epl2_url: 'https://files.example/label.epl2' } })).toEqual([
      'Shipment.postage_label.label_epl2_url: string, where the recordings have null',
    ]);
  });

  it('take items only where a recording had some', () => {
    const label = bought()['postage_label'] as Json;
    expect(easyPostShapeViolations({ ...bought(), postage_label: { ...label, label_file: [{ object: 'File' }] } })).toEqual(['Shipment.postage_label.label_file: array, where the recordings have null']);
    const tracker = bought()['tracker'] as Json;
    expect(easyPostShapeViolations({ ...tracker, fees: [{ object: 'Fee' }] })).toEqual(expect.arrayContaining([expect.stringMatching(/^Tracker\.fees/)]));
  });

  it("take a shipment's customs forms as the recorded Form, and its CustomsInfo as recorded", () => {
    const form = ((easyPostRecorded('customs', 'formGenerated').body as Json)['forms'] as Json[])[0] as Json;
    const customs = easyPostRecorded('customs', 'customsInfoCreated').body as Json;
    expect(easyPostShapeViolations({ ...bought(), forms: [{ ...form, form_type: 'commercial_invoice', submitted_electronically: false }], customs_info: customs })).toEqual([]);
    expect(easyPostShapeViolations({ ...bought(), forms: [{ object: 'Form', form_type: 'cn22' }] })).toEqual(expect.arrayContaining(['Shipment.forms[0].form_url: missing, where every recording has it']));
    expect(easyPostShapeViolations({ ...bought(), customs_info: { ...customs, customs_items: [{ object: 'CustomsItem', value: 23.25 }] } })).toEqual(
      expect.arrayContaining(['Shipment.customs_info.customs_items[0].value: number, where the recordings have string']),
    );
  });

  it("check an error body against both recorded formats: field errors and plain strings", () => {
    expect(easyPostShapeViolations({ error: { code: 'RATE_LIMITED', message: 'Slow down.', errors: [] } })).toEqual([]);
    expect(easyPostShapeViolations({ error: { code: 'X', message: 'y', errors: ['a string', { field: 'f', message: 'm' }] } })).toEqual([]);
    expect(easyPostShapeViolations({ error: { code: 'X', errors: [{ message: 'm' }] } })).toEqual(['body.error.errors[0].field: missing, where every recording has it', 'body.error.message: missing, where every recording has it']);
  });
});
