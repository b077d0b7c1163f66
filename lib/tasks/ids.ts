const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `s` is a UUID in its canonical text form (rows are keyed by `gen_random_uuid()`). */
export function isUuid(s: string): boolean {
  return UUID.test(s);
}
