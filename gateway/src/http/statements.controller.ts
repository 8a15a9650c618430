import { Controller, Get, Param, Res } from '@nestjs/common';
import { AuthRpc, statementFileName, StatementRpc, type AuthUser } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { Forwards } from '../auth/access.decorators';
import { Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { statementPdf, type StatementHolder } from '../statements/statement.pdf';
import { StatementSource } from '../statements/statement-source';

/**
 * A customer's monthly statement as a PDF (issue 49, decision 094): payments reads and checks the month's ledger,
 * orders names the labels behind its lines, auth the seller; the document is drawn here as the parts arrive.
 */
@Controller('statements')
export class StatementsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary:
      "A customer's monthly statement (UTC month YYYY-MM, this month at the latest) as a PDF: opening balance, every top-up, label, refund, bonus and adjustment with the balance after it, totals per kind, closing balance",
  })
  @Forwards(StatementRpc.part)
  @Get(':userId/:month')
  async statement(@Param('userId') userId: string, @Param('month') month: string, @CurrentAuthUser() me: AuthUser, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    const { source, firstLines } = await StatementSource.open(
      (offset) => this.rpc.call(StatementRpc.part, { userId, month, offset }, ctx),
      (chargeKeys) => this.rpc.call(StatementRpc.labels, { userId, chargeKeys }, ctx).then((answer) => answer.labels),
    );
    const holder = await this.holder(userId, me, ctx);
    const doc = statementPdf({ summary: source.summary, holder, generatedAt: new Date() }, source.lines(firstLines));
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${statementFileName(month)}"`);
    res.setHeader('Cache-Control', 'no-store');
    // Half a statement must not look whole: a failure while writing ends the download broken, not cleanly.
    doc.on('error', () => res.destroy());
    doc.pipe(res);
  }

  /** The seller the statement is for: the caller themself, or (for an admin) the customer auth knows by the id. */
  private async holder(userId: string, me: AuthUser, ctx: CallContext): Promise<StatementHolder> {
    const user = me.id === userId ? me : await this.rpc.call(AuthRpc.getUser, { userId }, ctx);
    return { name: user.name, email: user.email };
  }
}
