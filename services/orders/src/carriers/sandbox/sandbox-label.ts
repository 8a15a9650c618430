import { type CourierLabelInput, renderCourierLabel } from './courier-label-renderer';
import { renderCourierZplLabel } from './courier-zpl-label-renderer';
import { type LabelRenderInput, renderLabel } from './label-renderer';
import { renderZplLabel } from './zpl-label-renderer';

/** Any label the sandbox draws: a USPS IMpb label, or a UPS or FedEx one. */
export type SandboxLabelInput = LabelRenderInput | CourierLabelInput;

export const isCourierLabelInput = (input: SandboxLabelInput): input is CourierLabelInput => 'courier' in input;

/** The label's 4x6 PDF in its courier's layout (what the render pool's workers run). */
export const renderSandboxLabel = (input: SandboxLabelInput): Promise<Buffer> => (isCourierLabelInput(input) ? renderCourierLabel(input) : renderLabel(input));

/** The label as ZPL II in its courier's layout. */
export const renderSandboxZplLabel = (input: SandboxLabelInput): Buffer => (isCourierLabelInput(input) ? renderCourierZplLabel(input) : renderZplLabel(input));
