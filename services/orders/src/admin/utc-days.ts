/** The start of the current UTC day, as SQL: the admin figures count in UTC days. */
export const START_OF_TODAY = `(date_trunc('day', now() at time zone 'utc') at time zone 'utc')`;

/** The start of the UTC day `days - 1` days before today, as SQL taking `days` as one int parameter: the last `days` days, today included. */
export const START_OF_LAST_DAYS = `(${START_OF_TODAY} - (?::int - 1) * interval '1 day')`;
