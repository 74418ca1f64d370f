/**
 * The loader a sponsor's page includes (docs/embedding.md): for every
 * `<div data-scholarmatch-scholarship="{id}">` it inserts the card's iframe, and it sets each
 * iframe's height from the card's messages. It believes a message only from this product's origin
 * (the origin of its own `src`) and from the window of one of its own iframes, and only a sane
 * number: a page's other frames cannot resize the card. Plain ES5, no framework, kept small
 * (server/test/embed.spec.ts holds it under 15 kB gzip).
 */
export const EMBED_LOADER_SOURCE = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var frames = [];

  function insert(host) {
    var id = host.getAttribute('data-scholarmatch-scholarship');
    if (!id || host.getAttribute('data-scholarmatch-ready')) return;
    host.setAttribute('data-scholarmatch-ready', 'true');
    var frame = document.createElement('iframe');
    frame.src = origin + '/embed/scholarships/' + encodeURIComponent(id);
    frame.title = host.getAttribute('data-title') || 'Scholarship on ScholarMatch';
    frame.loading = 'lazy';
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    frame.style.cssText = 'display:block;width:100%;max-width:40rem;height:360px;border:0;overflow:hidden;';
    host.appendChild(frame);
    frames.push(frame);
  }

  function insertAll() {
    var hosts = document.querySelectorAll('[data-scholarmatch-scholarship]');
    for (var i = 0; i < hosts.length; i++) insert(hosts[i]);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== 'scholarmatch:embed-height') return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 40 || height > 5000) return;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(height) + 'px';
    }
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', insertAll);
  else insertAll();
})();
`;
