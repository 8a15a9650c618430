/**
 * Pounds → ounces with one decimal, rounded up: a declared weight under the real one is a USPS postage adjustment
 * charged to us later, a tenth of an ounce over costs nothing (postage steps are whole ounces and pounds). The
 * small tolerance keeps binary fractions (0.1 lb × 160 = 16.000000000000004) from rounding up a whole tenth.
 */
export const ouncesOfWeight = (weightLb: number): number => Math.ceil(weightLb * 160 - 1e-6) / 10;
