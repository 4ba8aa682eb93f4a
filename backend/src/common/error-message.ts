/** What went wrong, for a log line or a stored reason: an error's message, else the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
