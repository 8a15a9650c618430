import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, skuFormSchema, type FieldIssue } from '@labeldesk/contracts';
import type { SkuEntity } from '../sku.entity';
import { SkuRepository, type SkuInput } from '../sku.repository';

/**
 * Adds SKU rows from the modal or a CSV. Every row is checked first and every problem is reported with its
 * row number (1 = first data row); nothing is saved unless all rows pass.
 */
@Injectable()
export class ImportSkusUseCase {
  constructor(private readonly skus: SkuRepository) {}

  async execute(userId: string, rows: unknown[]): Promise<SkuEntity[]> {
    const issues: FieldIssue[] = [];
    const valid: SkuInput[] = [];
    const seen = new Map<string, number>();
    rows.forEach((raw, index) => {
      const row = index + 1;
      const parsed = skuFormSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) issues.push({ path: `row ${row}`, message: `Row ${row}: ${issue.message}` });
        return;
      }
      const first = seen.get(parsed.data.sku);
      if (first !== undefined) {
        issues.push({ path: `row ${row}`, message: `Row ${row}: SKU ${parsed.data.sku} repeats row ${first}` });
        return;
      }
      seen.set(parsed.data.sku, row);
      valid.push(parsed.data);
    });
    const existing = await this.skus.existingSkus(userId, valid.map((s) => s.sku));
    for (const sku of existing) {
      const row = seen.get(sku) ?? 0;
      issues.push({ path: `row ${row}`, message: `Row ${row}: SKU ${sku} already exists` });
    }
    if (issues.length > 0) {
      issues.sort((a, b) => Number(a.path.slice(4)) - Number(b.path.slice(4)));
      const summary = rows.length === 1 ? (issues[0]?.message.replace(/^Row 1: /, '') ?? 'Invalid SKU') : `${new Set(issues.map((i) => i.path)).size} row(s) have errors; nothing was saved`;
      throw new DomainError(ErrorCode.VALIDATION_FAILED, summary, issues);
    }
    return this.skus.insertAll(userId, valid);
  }
}
