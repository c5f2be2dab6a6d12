/** What was thrown, as one message for a log or a report: an Error's own, anything else as text. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
