import { aShipment } from '../../testing/shipments';
import type { CourierLabelInput } from '../courier-label-renderer';
import { isCourierLabelInput } from '../sandbox-label';
import { labelInputFor } from '../sandbox-label-input';
import { findSandboxCourierService } from '../sandbox-services';

/** A UPS or FedEx label's input as the sandbox draws it for serial `serial`, for the renderers' specs. */
export const courierLabelInput = (serviceUid: string, serial = 1_234_567): CourierLabelInput => {
  const service = findSandboxCourierService(serviceUid);
  if (!service) throw new Error(`no sandbox courier service ${serviceUid}`);
  const { input } = labelInputFor(service, aShipment({ serviceUid, weightLb: 4.2 }), serial, new Date(2026, 6, 17, 10));
  if (!isCourierLabelInput(input)) throw new Error('expected a courier label');
  return input;
};
