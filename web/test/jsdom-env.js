import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom, plus the browser APIs it lacks that RJSF and Chakra (Ark/Zag) use:
 * - structuredClone (RJSF copies form data with it),
 * - the Fetch API's Request, Response and Headers (the API client's middleware works on them),
 * - matchMedia, ResizeObserver, scrollTo, IntersectionObserver and PointerEvent (Chakra's
 *   machines; the checkbox dispatches a PointerEvent when its label is clicked),
 * - layout queries ProseMirror (the essay editor) makes on clicks and selection changes:
 *   elementFromPoint and a Range's client rects. jsdom lays nothing out, so they answer "nowhere".
 */
export default class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const window = this.global;
    window.structuredClone = structuredClone;
    window.Request ??= Request;
    window.Response ??= Response;
    window.Headers ??= Headers;
    window.matchMedia ??= (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
    window.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    window.IntersectionObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
    window.PointerEvent ??= class PointerEvent extends window.MouseEvent {
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        this.isPrimary = init.isPrimary ?? true;
      }
    };
    window.scrollTo = () => {};
    window.document.elementFromPoint ??= () => null;
    const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON() {} });
    window.Range.prototype.getBoundingClientRect ??= noRect;
    window.Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
    window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
  }
}
