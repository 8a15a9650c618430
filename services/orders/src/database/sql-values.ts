/** `?, ?, …`, one per value: the driver binds a JS array as one value, so a list is bound value by value. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** A jsonb column as the driver hands it back: parsed already (node-postgres) or as text (the embedded database). */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
