/**
 * Customs on the sandbox's domestic labels (decision 123): USPS requires a customs declaration on mail to APO/FPO/DPO
 * (states AA, AE, AP: any piece holding goods or weighing 16 oz or more, DMM 703.2.3.7, returned to sender since July
 * 2024 when missing) and to American Samoa, Guam and the Northern Mariana Islands (DMM 608.2.3, Priority Mail of 16 oz
 * or more and parcels of goods). Every parcel sold here holds goods, so the contract requires the declaration for those
 * states always (CUSTOMS_US_STATES, decision 098) and the sandbox prints it behind the label, as abroad: the CN 22
 * (PS Form 2976) for contents up to $400, the CP 72 (PS Form 2976-A) above. A label there is PDF only (the form is
 * letter text on 4x6 pages) and refused without a declaration, before a serial is drawn.
 */
import PDFDocument from 'pdfkit';
import { CUSTOMS_US_STATES, eelPfcFor, type Customs } from '@labeldesk/contracts';
import type { LabelShipment } from '../../carrier.port';
import { mergeLabelAndForms } from '../../customs/label-with-forms';
import { formatOf } from '../../label-file';
import { collectPdf, useParsedStandardFonts } from '../../../printing';
import { SandboxCarrierError } from '../sandbox-carrier.error';
import { customsFormKind, drawCustomsForm } from './customs-form-pages';

/** A US receiver in a state whose mail carries a customs declaration (APO/FPO/DPO, AS, GU, MP). */
export const needsCustomsAtHome = (shipment: LabelShipment): boolean => shipment.to.country === 'US' && CUSTOMS_US_STATES.has(shipment.to.state.trim().toUpperCase());

const where = (state: string): string => (['AA', 'AE', 'AP'].includes(state) ? `${state} (an APO/FPO/DPO address)` : `${state} (a US territory)`);

/** Throws the refusal of a domestic label that needs customs and cannot carry them; returns the declaration, or null when none is needed. */
export const checkCustomsAtHome = (shipment: LabelShipment): Customs | null => {
  if (!needsCustomsAtHome(shipment)) return null;
  const state = shipment.to.state.trim().toUpperCase();
  if (!shipment.customs) throw new SandboxCarrierError(`Sandbox carrier: a label to ${where(state)} needs its customs declaration (USPS PS Form 2976)`, false);
  if (formatOf(shipment) !== 'PDF') throw new SandboxCarrierError(`Sandbox carrier: a label to ${where(state)} is printed as PDF only (the label and its customs form on 4x6 pages)`, false);
  return shipment.customs;
};

const W = 288;
const H = 432;

/** The CN 22 / CP 72 pages of a domestic label, one PDF. */
const renderCustomsPages = async (shipment: LabelShipment, customs: Customs, trackingNumber: string, shipDate: Date): Promise<Buffer> => {
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    info: { Title: `SAMPLE customs declaration for ${trackingNumber} - not valid for shipping`, Producer: 'labeldesk sandbox carrier', Creator: 'labeldesk sandbox carrier', CreationDate: shipDate },
  });
  useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const done = collectPdf(doc);
  drawCustomsForm(doc, {
    kind: customsFormKind('postal', customs),
    customs,
    eelPfc: eelPfcFor(customs, shipment.to.country),
    trackingHri: trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
    from: shipment.from,
    to: shipment.to,
    shipDate,
  });
  doc.end();
  return done;
};

/** The label with its customs pages behind it when the receiver's state needs them; the label alone otherwise. */
export const withCustomsAtHome = async (shipment: LabelShipment, label: Buffer, trackingNumber: string, shipDate: Date): Promise<Buffer> => {
  const customs = checkCustomsAtHome(shipment);
  return customs ? mergeLabelAndForms(label, [await renderCustomsPages(shipment, customs, trackingNumber, shipDate)]) : label;
};
