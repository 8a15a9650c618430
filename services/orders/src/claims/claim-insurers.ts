import { Injectable } from '@nestjs/common';
import type { ClaimInsurer } from './claim-insurer';
import { SandboxInsurer } from './sandbox-insurer';

/**
 * The insurer of a label, by the carrier that sold it (decision 102): the sandbox simulates one; a carrier that sold no
 * insurance has none, and a claim on its label is refused.
 */
@Injectable()
export class ClaimInsurers {
  private readonly insurers: ReadonlyMap<string, ClaimInsurer> = new Map([['sandbox', new SandboxInsurer()]]);

  of(carrier: string): ClaimInsurer | null {
    return this.insurers.get(carrier) ?? null;
  }
}
