import { courierName, DomainError, ErrorCode, formatUsd, type StatementLabel, type StatementLine, type StatementPart, type StatementSummary } from '@labeldesk/contracts';

/** Reads the part of the statement that starts `offset` lines in (payments). */
export type PartReader = (offset: number) => Promise<StatementPart>;
/** Finds the customer's labels behind these charge keys (orders). */
export type LabelReader = (chargeKeys: string[]) => Promise<StatementLabel[]>;

/** `Label 9400… USPS Priority Mail`: the service's name, after its courier's unless it already says it. */
const labelName = (label: StatementLabel): string => {
  const courier = courierName(label.courier);
  const service = label.serviceName.toLowerCase().startsWith(courier.toLowerCase()) ? label.serviceName : `${courier} ${label.serviceName}`;
  return `${label.trackingNumber} ${service}`;
};

/** The line as the customer reads it, naming its label when orders knows it (payments' own words otherwise). */
export const withLabel = (line: StatementLine, label: StatementLabel | undefined): StatementLine => {
  if (!label) return line;
  if (line.kind === 'label_purchase') return { ...line, description: `Label ${labelName(label)}` };
  if (line.kind === 'refund') return { ...line, description: `Refund of label ${labelName(label)}` };
  return line;
};

const sameMonth = (a: StatementSummary, b: StatementSummary): boolean =>
  a.openingCents === b.openingCents && a.closingCents === b.closingCents && a.lineCount === b.lineCount;

const doesNotAddUp = (what: string) => new DomainError(ErrorCode.INTERNAL, `The statement does not add up: ${what}`);

/**
 * A statement read part by part. The first part is read by `open`, before anything is sent, so a refused month or a
 * service that is down is a plain error answer; the others as the document asks for lines. Each line's balance must
 * follow from the one before it, the lines must end at the closing balance and the month must not change between
 * parts: otherwise reading fails, and the half-written document with it (never a statement that does not add up).
 */
export class StatementSource {
  private constructor(
    readonly summary: StatementSummary,
    private readonly first: StatementPart,
    private readonly readPart: PartReader,
    private readonly readLabels: LabelReader,
  ) {}

  static async open(readPart: PartReader, readLabels: LabelReader): Promise<{ source: StatementSource; firstLines: StatementLine[] }> {
    const first = await readPart(0);
    const source = new StatementSource(first.summary, first, readPart, readLabels);
    return { source, firstLines: await source.described(first.lines) };
  }

  /** Every line after the first part's (which `open` gave), checked as it comes. */
  async *lines(firstLines: StatementLine[]): AsyncGenerator<StatementLine> {
    let balance = this.summary.openingCents;
    let count = 0;
    const check = (line: StatementLine) => {
      balance += line.amountCents;
      count += 1;
      if (line.balanceAfterCents !== balance) throw doesNotAddUp(`line ${count} says ${formatUsd(line.balanceAfterCents)} after it, the lines before it make ${formatUsd(balance)}`);
      return line;
    };
    for (const line of firstLines) yield check(line);
    let next = this.first.nextOffset;
    while (next !== null) {
      const part = await this.readPart(next);
      if (!sameMonth(part.summary, this.summary)) throw new DomainError(ErrorCode.CONFLICT, 'The month changed while its statement was read: download it again');
      if (part.lines.length === 0) break;
      for (const line of await this.described(part.lines)) yield check(line);
      next = part.nextOffset;
    }
    if (count !== this.summary.lineCount) throw doesNotAddUp(`${count} lines were read, the month has ${this.summary.lineCount}`);
    if (balance !== this.summary.closingCents) throw doesNotAddUp(`the lines end at ${formatUsd(balance)}, the closing balance is ${formatUsd(this.summary.closingCents)}`);
  }

  private async described(lines: StatementLine[]): Promise<StatementLine[]> {
    const keys = [...new Set(lines.flatMap((line) => (line.chargeKey ? [line.chargeKey] : [])))];
    const labels = keys.length > 0 ? new Map((await this.readLabels(keys)).map((label) => [label.chargeKey, label])) : new Map<string, StatementLabel>();
    return lines.map((line) => withLabel(line, line.chargeKey ? labels.get(line.chargeKey) : undefined));
  }
}
