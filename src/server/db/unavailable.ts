// When the database is the trouble rather than the request: it cannot be
// reached, refuses connections, is shutting down or did not answer in time.
// A form then answers 503 and asks the visitor to try again shortly; a
// scheduled run stops and the next one resumes (docs/operations.md, "When the
// database is unavailable").

/** The database could not be reached or did not answer in time; nothing was stored. */
export class DatabaseUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of the database's state, not of the statement: 08 connection
 * exceptions, 53 insufficient resources, 57P01–57P05 shutdown and 57014 a
 * cancelled (timed-out) statement. A constraint or syntax error is not one.
 */
const isUnavailableState = (code: string) => /^(08|53)/.test(code) || /^57P0[1-5]$/.test(code) || code === '57014';

/** The `pg` pool's own words for a connection it could not make or lost (it gives them no code). */
const POOL_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i;

/** Whether `error` says the database is unavailable rather than that a statement was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return POOL_MESSAGES.test(error.message);
}

/** Whether `error` is Postgres refusing a row by a unique constraint (23505), e.g. a time already held. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
