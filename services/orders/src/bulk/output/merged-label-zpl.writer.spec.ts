import { mergedLabelZplChunks, oneZplLabel } from './merged-label-zpl.writer';

const collect = async (labels: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of mergedLabelZplChunks(labels)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('latin1');
};

describe('mergedLabelZplChunks', () => {
  it('puts the labels end to end in the order fed, one ^XA … ^XZ per label and a line break after each', async () => {
    const text = await collect([Buffer.from('^XA^FDone^FS^XZ'), Buffer.from('\r\n^XA\n^FDtwo^FS\n^XZ\n\n'), Buffer.from('^XA^FDthree^FS^XZ')]);
    expect(text).toBe('^XA^FDone^FS^XZ\n^XA\n^FDtwo^FS\n^XZ\n^XA^FDthree^FS^XZ\n');
    expect(text.match(/\^XA/g)).toHaveLength(3);
  });

  it("keeps a carrier's bytes as they are, Latin-1 field data included", async () => {
    const carrier = Buffer.from([...Buffer.from('^XA^CI0^FD'), 0xe9, ...Buffer.from('^FS^XZ')]);
    const chunks: Buffer[] = [];
    for await (const chunk of mergedLabelZplChunks([carrier])) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(Buffer.concat([carrier, Buffer.from('\n')]));
  });

  it('writes an empty file for no labels, and reads labels from an async source', async () => {
    expect(await collect([])).toBe('');
    async function* labels() {
      yield Buffer.from('^XA^FDa^FS^XZ');
    }
    expect(await collect(labels())).toBe('^XA^FDa^FS^XZ\n');
  });

  it('stops at a label that is not one ZPL format: a PDF, a cut-off label or two labels in one', async () => {
    await expect(collect([Buffer.from('^XA^XZ'), Buffer.from('%PDF-1.7')])).rejects.toThrow(/label 2 of the batch is not one ZPL label/);
    expect(() => oneZplLabel(Buffer.from('^XA^FDcut'), 0)).toThrow(/not one ZPL label/);
    expect(() => oneZplLabel(Buffer.from('^XA^XZ^XA^XZ'), 0)).toThrow(/not one ZPL label/);
  });
});
