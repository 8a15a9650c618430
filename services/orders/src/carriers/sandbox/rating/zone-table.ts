/** Values per zone, from `firstZone` upwards (USPS tables start at zone 1, UPS and FedEx at zone 2). */
export interface ZoneTable {
  firstZone: number;
  values: readonly number[];
}

export const zoneTable = (firstZone: number, values: readonly number[]): ZoneTable => Object.freeze({ firstZone, values: Object.freeze([...values]) });

/** The zones a table covers, in order. */
export const zonesOf = (table: ZoneTable): number[] => table.values.map((_, index) => table.firstZone + index);

/** The value for a zone, or undefined when the table has none for it. */
export const atZone = (table: ZoneTable, zone: number): number | undefined => table.values[zone - table.firstZone];
