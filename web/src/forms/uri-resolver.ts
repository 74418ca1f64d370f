/**
 * What @rjsf/utils asks of `fast-uri` (`equal`, `resolve`), on the browser's own URL parser.
 * web/vite.config.ts puts this module in fast-uri's place in the bundle: RJSF needs it only to
 * follow a `$ref` through `$id`s, and served forms have neither (the compiler in
 * @scholarmatch/schemas writes none), so fast-uri's 6 kB (gzip) were dead weight on every form page.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    // A relative base (or none): nothing to resolve against.
    return ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

export default { resolve, equal };
