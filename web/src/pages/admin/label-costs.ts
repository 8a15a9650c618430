import { LABEL_CARRIER_NAMES, type LabelCarrier } from '@labeldesk/contracts';
import { formatCents } from '../../libs/format';

/** How admins read each carrier's name (the contracts' names, which the carrier plugins show too). */
export const CARRIER_NAMES: Readonly<Record<LabelCarrier, string>> = LABEL_CARRIER_NAMES;

/** The carriers that sold a row's labels, by name; a dash when none was recorded. */
export const carrierNames = (carriers: readonly LabelCarrier[]): string => (carriers.length === 0 ? '—' : carriers.map((carrier) => CARRIER_NAMES[carrier]).join(', '));

/** An amount that may be unknown: a dash, never $0.00, when it is. */
export const formatKnownCents = (cents: number | null): string => (cents === null ? '—' : formatCents(cents));

/** The margin as a share of what the labels sold for, to one decimal (`12.5%`); null when they sold for nothing. */
export const marginShare = (marginCents: number, revenueCents: number): string | null =>
  revenueCents === 0 ? null : `${(Math.round((marginCents / revenueCents) * 1000) / 10).toFixed(1)}%`;

/** `3 labels without a recorded cost`; null when every label has one. */
export const withoutCostNote = (labels: number): string | null =>
  labels === 0 ? null : `${labels} ${labels === 1 ? 'label' : 'labels'} without a recorded cost`;

/**
 * A loss reads red (the minus sign says it too); a known gain or an unknown margin keep the text colour. The status red
 * is the theme's red that keeps AA contrast on a plain background in both modes (Chakra's fg.error does not in light).
 */
export const marginColor = (cents: number | null): string | undefined => (cents !== null && cents < 0 ? 'status.failed.fg' : undefined);
