import { Injectable } from '@nestjs/common';
import { monthBounds, type StatementPart } from '@labeldesk/contracts';
import { checkStatement, describeEntry, totalsOf } from './statement-lines';
import { StatementRepository } from './statement.repository';

export interface StatementQuery {
  userId: string;
  month: string;
  offset: number;
  limit: number;
}

/**
 * One part of a customer's monthly statement (decision 094): the month's sums checked before anything is answered,
 * then up to `limit` lines, each described for the customer and with the balance after it.
 */
@Injectable()
export class ReadStatementUseCase {
  constructor(private readonly statements: StatementRepository) {}

  async execute(query: StatementQuery): Promise<StatementPart> {
    const { start, end } = monthBounds(query.month);
    const read = await this.statements.read(query.userId, start, end, query.offset, query.limit);
    const totals = totalsOf(read.kindTotals);
    checkStatement(query.userId, query.month, read.sums, totals);
    const lineCount = totals.reduce((sum, t) => sum + t.count, 0);
    const nextOffset = query.offset + read.lines.length;
    return {
      summary: {
        userId: query.userId,
        month: query.month,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        openingCents: read.sums.openingCents,
        closingCents: read.sums.closingCents,
        heldAtCloseCents: read.sums.heldAtCloseCents,
        lineCount,
        totals,
      },
      lines: read.lines.map((line) => ({
        id: line.id,
        at: line.at,
        kind: line.kind,
        description: describeEntry(line),
        amountCents: line.amountCents,
        balanceAfterCents: read.sums.openingCents + line.monthRunningCents,
        chargeKey: line.chargeKey,
      })),
      nextOffset: read.lines.length > 0 && nextOffset < lineCount ? nextOffset : null,
    };
  }
}
