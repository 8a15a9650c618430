/**
 * How the sandbox's own checks fail inside the adapter; `purchase` turns it into an outcome (a refusal, or a
 * simulated outage when retryable) and it never leaves the sandbox folder.
 */
export class SandboxCarrierError extends Error {
  constructor(
    message: string,
    /** True for a simulated outage (nothing issued; trying again may succeed); false for a refused shipment. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SandboxCarrierError';
  }
}
