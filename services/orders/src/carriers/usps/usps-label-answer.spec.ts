import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uspsLabelAnswer } from './usps-label-answer';

const payload = (name: string) => readFileSync(join(__dirname, 'payloads', name));
const vendor = JSON.parse(payload('label-response.priority.json').toString('utf8')) as { labelImage: string } & Record<string, unknown>;
const { labelImage, ...metadata } = vendor;

const part = (name: string, contentType: string, body: string) => `--b\r\nContent-Type: ${contentType}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${body}\r\n`;

describe('a USPS label answer read by its Content-Type', () => {
  it('takes the vendor JSON we ask for as it is', () => {
    expect(uspsLabelAnswer('application/vnd.usps.labels+json', payload('label-response.priority.json'))).toEqual({ ok: true, value: vendor });
  });

  it("takes the multipart's labelMetadata with its labelImage, even when the receipt part comes first", () => {
    const body = Buffer.from(`${part('receiptImage', 'application/pdf', 'UkVDRUlQVA==')}${part('labelMetadata', 'application/json', JSON.stringify(metadata))}${part('labelImage', 'application/pdf', labelImage)}--b--`, 'latin1');
    expect(uspsLabelAnswer('multipart/form-data; boundary=b', body)).toEqual({ ok: true, value: vendor });
  });

  it('takes the JSON form of LabelMultiPartResponse (labelMetadata and labelImage side by side)', () => {
    expect(uspsLabelAnswer('application/json', Buffer.from(JSON.stringify({ labelMetadata: metadata, labelImage })))).toEqual({ ok: true, value: vendor });
  });

  it('says why an answer cannot be read', () => {
    expect(uspsLabelAnswer('multipart/form-data; boundary=b', Buffer.from(`${part('labelImage', 'application/pdf', labelImage)}--b--`))).toEqual({ ok: false, message: 'USPS answered the label as multipart without its labelMetadata part' });
    expect(uspsLabelAnswer('application/json', Buffer.from('{"trackingNumber":'))).toEqual({ ok: false, message: 'USPS answered the label with JSON that cannot be read' });
    expect(uspsLabelAnswer('', Buffer.from('%PDF-1.4'))).toEqual({ ok: false, message: 'USPS answered the label as an unnamed media type, neither JSON nor multipart' });
  });
});
