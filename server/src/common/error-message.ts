/** The text of anything thrown, for a one-line log entry or a failed job's stored message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
