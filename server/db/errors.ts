/**
 * True for a PostgreSQL unique violation (of the index or constraint `constraint`, when named),
 * also when Drizzle wraps the driver's error.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: violated } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || violated === constraint;
  }
  return false;
}
