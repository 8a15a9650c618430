import { describeCarrierContract } from '../testing/carrier-contract.suite';
import { aShipment } from '../testing/shipments';
import { SandboxCarrierAdapter } from './sandbox-carrier.adapter';
import { SandboxFaults } from './sandbox-faults';

/**
 * The sandbox against the contract every carrier adapter passes. Its serials are kept in memory here, one per
 * idempotency key as the service's `sandbox_labels` table keeps them, so a key seen before is never issued again.
 */
describeCarrierContract('Sandbox', async () => {
  const serials = new Map<string, number>();
  const faults = new SandboxFaults();
  const carrier = new SandboxCarrierAdapter({
    nextSerial: async (idempotencyKey) => {
      const serial = serials.get(idempotencyKey) ?? serials.size + 1;
      serials.set(idempotencyKey, serial);
      return serial;
    },
    issuedSerial: async (idempotencyKey) => serials.get(idempotencyKey) ?? null,
    faults,
  });
  return {
    carrier,
    // The sandbox plays a hung step in process, with no time-out to wait for.
    impatientCarrier: carrier,
    shipment: aShipment(),
    // A ZIP that is neither 5 digits nor ZIP+4: no address the sandbox can print a barcode for.
    refusedShipment: aShipment({ toZip: '1011' }),
    faults: {
      labelsSold: () => serials.size,
      voidsAccepted: () => carrier.voidsAccepted,
      loseNextBuyAnswer: () => faults.loseNextBuyAnswer(),
      hangNextStepBeforeBuy: () => faults.hangNextStepBeforeBuy(),
      rateLimitNext: (seconds) => faults.rateLimitNext(seconds),
      failNextWith: (status) => faults.failNextWith(status),
      down: () => faults.down(),
      up: () => faults.up(),
    },
    close: async () => undefined,
  };
}, { scanForms: true });
