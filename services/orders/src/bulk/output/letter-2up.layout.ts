/**
 * Where a label goes on a US Letter sheet that carries two of them (desk printers, half-sheet label stock).
 *
 * A 4x6 label is 288 × 432 pt; standing upright, two of them need 864 pt, more than the sheet's 792. Shrinking them
 * to fit would shrink the IMpb bars too: the renderer already draws them at X = 0.015 in and USPS wants at least
 * 0.013 in (formats.md §1.7), so a 0.83 scale would make the barcode out of spec. Turned a quarter turn, a 4x6
 * label is 432 × 288 pt and fits each half of the sheet at full size with room for 0.25 in margins — which is how
 * half-sheet label stock is printed. So: upright if the label fits upright at full size, else turned if it fits
 * turned, and only a label too large for either (another carrier's size) is scaled down, in whichever orientation
 * loses less.
 */

export const LETTER_WIDTH_PT = 612;
export const LETTER_HEIGHT_PT = 792;
/** 0.25 in on every side of each half, the centre line included: 36 pt between the two labels for the cut. */
export const HALF_SHEET_MARGIN_PT = 18;

/** A PDF rectangle in the label page's own coordinates (its CropBox, else its MediaBox). */
export interface PageBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** The page's /Rotate: how far a viewer turns it clockwise for display. */
export type PageRotation = 0 | 90 | 180 | 270;

/** `[a b c d e f]` of a PDF `cm` operator. */
export type Matrix = [number, number, number, number, number, number];

/** 0 = top half, 1 = bottom half: the first label of a pair is on top, as a person reads the sheet. */
export type HalfSheetSlot = 0 | 1;

export interface Placement {
  /** Maps the label's page space (form XObject space) into the sheet. */
  matrix: Matrix;
  /** Whether the label was turned a quarter turn relative to how a viewer shows it on its own. */
  turned: boolean;
  scale: number;
  /** Where the label ends up on the sheet. */
  bounds: PageBox;
}

const AVAILABLE_WIDTH = LETTER_WIDTH_PT - 2 * HALF_SHEET_MARGIN_PT;
const AVAILABLE_HEIGHT = LETTER_HEIGHT_PT / 2 - 2 * HALF_SHEET_MARGIN_PT;

export function normalizeRotation(degrees: number): PageRotation {
  // Only multiples of 90 are valid; readers ignore anything else, and so do we.
  if (!Number.isInteger(degrees) || degrees % 90 !== 0) return 0;
  return (((degrees % 360) + 360) % 360) as PageRotation;
}

export function halfSheetPlacement(box: PageBox, rotation: PageRotation, slot: HalfSheetSlot): Placement {
  const width = box.right - box.left;
  const height = box.top - box.bottom;
  if (!(width > 0 && height > 0)) throw new Error(`label page box has no area: [${box.left} ${box.bottom} ${box.right} ${box.top}]`);

  // Size as a viewer shows the label on its own page.
  const sideways = rotation === 90 || rotation === 270;
  const shownWidth = sideways ? height : width;
  const shownHeight = sideways ? width : height;

  const fit = (w: number, h: number) => Math.min(1, AVAILABLE_WIDTH / w, AVAILABLE_HEIGHT / h);
  const uprightScale = fit(shownWidth, shownHeight);
  const turnedScale = fit(shownHeight, shownWidth);
  const turned = uprightScale < 1 && turnedScale > uprightScale;
  const scale = turned ? turnedScale : uprightScale;

  // Counter-clockwise quarter turns from the page's raw content to the sheet: undo the viewer's clockwise /Rotate,
  // then turn a quarter counter-clockwise if needed (either direction prints the same label).
  const quarterTurns = ((((turned ? 90 : 0) - rotation) % 360) + 360) % 360;
  const [a, b, c, d, e, f] = rotationMatrix(quarterTurns, width, height);
  const placedWidth = (quarterTurns % 180 === 0 ? width : height) * scale;
  const placedHeight = (quarterTurns % 180 === 0 ? height : width) * scale;

  const halfBottom = slot === 0 ? LETTER_HEIGHT_PT / 2 : 0;
  const x = (LETTER_WIDTH_PT - placedWidth) / 2;
  const y = halfBottom + (LETTER_HEIGHT_PT / 2 - placedHeight) / 2;

  // p → rotate(p − (left, bottom)) · scale + (x, y)
  const matrix: Matrix = [
    a * scale,
    b * scale,
    c * scale,
    d * scale,
    (a * -box.left + c * -box.bottom + e) * scale + x,
    (b * -box.left + d * -box.bottom + f) * scale + y,
  ];
  return { matrix, turned, scale, bounds: { left: x, bottom: y, right: x + placedWidth, top: y + placedHeight } };
}

/** Turns a width × height box at the origin counter-clockwise and moves it back to start at the origin. */
function rotationMatrix(counterClockwise: number, width: number, height: number): Matrix {
  switch (counterClockwise) {
    case 90:
      return [0, 1, -1, 0, height, 0];
    case 180:
      return [-1, 0, 0, -1, width, height];
    case 270:
      return [0, -1, 1, 0, 0, width];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** Applies a `cm` matrix to a point (for tests and checks). */
export function transformPoint([a, b, c, d, e, f]: Matrix, x: number, y: number): [number, number] {
  return [a * x + c * y + e, b * x + d * y + f];
}
