/**
 * jsdom (Vitest's `jsdom` environment), plus the browser APIs it lacks that RJSF and Chakra (Ark/Zag) use:
 * - structuredClone (RJSF copies form data with it),
 * - the Fetch API's Request, Response and Headers (the API client's middleware works on them),
 * - matchMedia, ResizeObserver, scrollTo, IntersectionObserver and PointerEvent (Chakra's
 *   machines; the checkbox dispatches a PointerEvent when its label is clicked),
 * - layout queries ProseMirror (the essay editor) makes on clicks and selection changes:
 *   elementFromPoint and a Range's client rects. jsdom lays nothing out, so they answer "nowhere".
 * A setup file, so it runs before each test file; every line keeps what is already there.
 */
const page = window as unknown as Record<string, unknown> & Window & typeof globalThis;

page.structuredClone ??= structuredClone;
page.Request ??= Request;
page.Response ??= Response;
page.Headers ??= Headers;
page.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
page.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
page.IntersectionObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
page.PointerEvent ??= class PointerEvent extends page.MouseEvent {
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
    this.isPrimary = init.isPrimary ?? true;
  }
} as unknown as typeof PointerEvent;
page.scrollTo = () => {};
page.document.elementFromPoint ??= () => null;
const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON() {} });
page.Range.prototype.getBoundingClientRect ??= noRect;
page.Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
page.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
