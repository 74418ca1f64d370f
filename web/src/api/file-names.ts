/**
 * The file name a `Content-Disposition` header gives, else `fallback`. The RFC 6266 / 5987 form
 * `filename*=UTF-8''…` carries the real name (accents and all) and wins over the plain `filename="…"`,
 * which the server keeps to printable ASCII for old clients.
 */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1].trim() || fallback;
}
